import { defineMessages } from "@ideaport/shared";

/** Words the teams' screens say in more than one place. */
export const TEAMS_TEXTS = {
  loadingTeams: "Loading teams...",
  companyName: "Company name",
  deleteTeam: "Delete team",
  deactivate: "Deactivate",
  reactivate: "Reactivate",
  /** The hidden heading of a table's column of buttons. */
  actionsColumn: "Actions",
} as const;

export const COMPANY_LANGUAGE_MESSAGES = defineMessages({
  label: { id: "teams.companyLanguage.label", defaultMessage: "Default language" },
  description: {
    id: "teams.companyLanguage.description",
    defaultMessage: "What people read who have not chosen a language in their Profile Settings.",
  },
  saveFailed: { id: "teams.companyLanguage.saveFailed", defaultMessage: "The language could not be saved. {reason}" },
});
