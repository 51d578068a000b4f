import { CompanyPortal } from "./company-portal.tsx";

/** /app/manager-company: the company portal for managers and administrators. */
export function ManagerCompanyPage() {
  return <CompanyPortal audience="manager" />;
}
