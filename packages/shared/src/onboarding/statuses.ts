/** Onboarding status values; users' stored statuses and existing clients use these exact names. */
export const ONBOARDING_STATUSES = [
  "awaiting_initial_tour",
  "awaiting_employee_ideas_tour",
  "employee_ideas_tour_completed",
  "awaiting_employee_company_tour",
  "employee_company_tour_completed",
  "awaiting_manager_ideas_tour",
  "manager_ideas_tour_completed",
  "awaiting_manager_company_tour",
  "manager_company_tour_completed",
  "awaiting_admin_overlay_tour",
  "admin_overlay_completed",
] as const;

export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
