import { PlaceholderPage } from "../../components/placeholder-page.tsx";

/** /app/employee-company: the employee's company portal. */
export function EmployeeCompanyPage() {
  return (
    <PlaceholderPage
      title="Company Portal"
      description="Company portal — company news, leaderboards and rewards arrive here."
      upcoming={[
        "The company news dashboard, by category",
        "Leaderboards for employees, managers and teams, by week, month, quarter or year",
        "Your points and the rewards you can redeem",
      ]}
    />
  );
}
