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
