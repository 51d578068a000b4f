export { CompanyDialog } from "./company-dialog.tsx";
