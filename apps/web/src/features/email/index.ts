export { emailPreferencesKey } from "./email-preferences.queries.ts";
export { UnsubscribePage } from "./unsubscribe-page.tsx";
