import { PlaceholderPage } from "../../components/placeholder-page.tsx";

/** /app/manager-company: the company portal for managers and administrators. */
export function ManagerCompanyPage() {
  return (
    <PlaceholderPage
      title="Company Portal"
      description="Company portal for managers — company news (and publishing it, for administrators), leaderboards and rewards arrive here."
      upcoming={[
        "Company news by category, and an add-news button for administrators",
        "Leaderboards for employees, managers and teams",
        "Rewards and your team's points",
      ]}
    />
  );
}
