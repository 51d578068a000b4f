import { CompanyPortal } from "./company-portal.tsx";

/** /app/employee-company: the employee's company portal. */
export function EmployeeCompanyPage() {
  return <CompanyPortal audience="employee" />;
}
