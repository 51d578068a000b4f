import { defineMessages } from "@ideaport/shared";

/** Words the teams' screens say in more than one place. */
export const TEAMS_TEXTS = defineMessages({
  loadingTeams: { id: "teams.common.loadingTeams", defaultMessage: "Loading teams..." },
  companyName: { id: "teams.common.companyName", defaultMessage: "Company name" },
  deleteTeam: { id: "teams.common.deleteTeam", defaultMessage: "Delete team" },
  deactivate: { id: "teams.common.deactivate", defaultMessage: "Deactivate" },
  reactivate: { id: "teams.common.reactivate", defaultMessage: "Reactivate" },
  deactivated: { id: "teams.common.deactivated", defaultMessage: "Deactivated" },
  /** The hidden heading of a table's column of buttons. */
  actionsColumn: { id: "teams.common.actionsColumn", defaultMessage: "Actions" },
  /** The signed-in person's own row. */
  nameOfSelf: { id: "teams.common.nameOfSelf", defaultMessage: "{name} (you)" },
  /** Where a person or an idea belongs to no team. */
  noTeam: { id: "teams.common.noTeam", defaultMessage: "No team" },
  memberCount: { id: "teams.common.memberCount", defaultMessage: "{count, plural, one {# member} other {# members}}" },
  remove: { id: "teams.common.remove", defaultMessage: "Remove" },
  team: { id: "teams.common.team", defaultMessage: "Team" },
  role: { id: "teams.common.role", defaultMessage: "Role" },
});

/** Column headings of the teams' tables. */
export const TEAMS_COLUMNS = defineMessages({
  name: { id: "teams.columns.name", defaultMessage: "Name" },
  email: { id: "teams.columns.email", defaultMessage: "E-mail" },
  members: { id: "teams.columns.members", defaultMessage: "Members" },
  teamManager: { id: "teams.columns.teamManager", defaultMessage: "Team manager" },
  expires: { id: "teams.columns.expires", defaultMessage: "Expires" },
  user: { id: "teams.columns.user", defaultMessage: "User" },
  administrator: { id: "teams.columns.administrator", defaultMessage: "Administrator" },
  status: { id: "teams.columns.status", defaultMessage: "Status" },
});

export const COMPANY_LANGUAGE_MESSAGES = defineMessages({
  label: { id: "teams.companyLanguage.label", defaultMessage: "Default language" },
  description: {
    id: "teams.companyLanguage.description",
    defaultMessage: "What people read who have not chosen a language in their Profile Settings.",
  },
  saveFailed: { id: "teams.companyLanguage.saveFailed", defaultMessage: "The language could not be saved. {reason}" },
});

/** Company Settings' "Company": its name and join password. */
export const COMPANY_DETAILS_MESSAGES = defineMessages({
  title: { id: "teams.company.title", defaultMessage: "Company" },
  description: {
    id: "teams.company.description",
    defaultMessage: "The name people join with, and the password they need.",
  },
  loadFailed: { id: "teams.company.loadFailed", defaultMessage: "Could not load the company. {reason}" },
  loading: { id: "teams.company.loading", defaultMessage: "Loading the company..." },
  size: {
    id: "teams.company.size",
    defaultMessage:
      "{members, plural, one {# member} other {# members}} in {teams, plural, one {# team} other {# teams}}.",
  },
  renamed: { id: "teams.company.renamed", defaultMessage: "The company is now called {name}." },
  saveName: { id: "teams.company.saveName", defaultMessage: "Save name" },
  joinPassword: { id: "teams.company.joinPassword", defaultMessage: "Join password" },
  newJoinPassword: { id: "teams.company.newJoinPassword", defaultMessage: "New join password" },
  newJoinPasswordHint: {
    id: "teams.company.newJoinPasswordHint",
    defaultMessage: "People give it with the company name to join.",
  },
  changeJoinPassword: { id: "teams.company.changeJoinPassword", defaultMessage: "Change join password" },
  joinPasswordChanged: {
    id: "teams.company.joinPasswordChanged",
    defaultMessage: "The join password has been changed. People joining from now on need the new one.",
  },
});

/** Company Settings' "Team management" and the Rename team dialog. */
export const TEAM_MANAGEMENT_MESSAGES = defineMessages({
  title: { id: "teams.management.title", defaultMessage: "Team management" },
  description: {
    id: "teams.management.description",
    defaultMessage: "Create, rename and delete teams. A team must be empty before it can be deleted.",
  },
  createForm: { id: "teams.management.createForm", defaultMessage: "Create a team" },
  newTeamName: { id: "teams.management.newTeamName", defaultMessage: "New team name" },
  createTeam: { id: "teams.management.createTeam", defaultMessage: "Create team" },
  created: { id: "teams.management.created", defaultMessage: "Team {name} was created." },
  archived: {
    id: "teams.management.archived",
    defaultMessage: "Team {name} was archived: its ideas and history are kept, and it no longer appears in lists.",
  },
  deleted: { id: "teams.management.deleted", defaultMessage: "Team {name} was deleted." },
  renamed: { id: "teams.management.renamed", defaultMessage: "Team {from} is now called {to}." },
  loadFailed: { id: "teams.management.loadFailed", defaultMessage: "Could not load the teams." },
  empty: { id: "teams.management.empty", defaultMessage: "There are no teams yet. Create the first one above." },
  tableRegion: { id: "teams.management.tableRegion", defaultMessage: "Teams table" },
  table: { id: "teams.management.table", defaultMessage: "Teams" },
  rename: { id: "teams.management.rename", defaultMessage: "Rename" },
  renameTeam: { id: "teams.management.renameTeam", defaultMessage: "Rename team {name}" },
  delete: { id: "teams.management.delete", defaultMessage: "Delete" },
  deleteTeamNamed: { id: "teams.management.deleteTeamNamed", defaultMessage: "Delete team {name}" },
  confirmDeletion: {
    id: "teams.management.confirmDeletion",
    defaultMessage: "Delete the team {name}? Pending invitations to it are revoked.",
  },
  renameTitle: { id: "teams.management.renameTitle", defaultMessage: "Rename {name}" },
  save: { id: "teams.management.save", defaultMessage: "Save" },
  teamName: { id: "teams.management.teamName", defaultMessage: "Team name" },
});

/** Company Settings' "User management". */
export const USER_MANAGEMENT_MESSAGES = defineMessages({
  title: { id: "teams.users.title", defaultMessage: "User management" },
  description: {
    id: "teams.users.description",
    defaultMessage:
      "Change roles, administrator rights and teams, or deactivate accounts. The company always keeps one active administrator.",
  },
  search: { id: "teams.users.search", defaultMessage: "Search users" },
  searchPlaceholder: { id: "teams.users.searchPlaceholder", defaultMessage: "Name or e-mail" },
  loading: { id: "teams.users.loading", defaultMessage: "Loading users..." },
  loadFailed: { id: "teams.users.loadFailed", defaultMessage: "Could not load the users." },
  noMatch: { id: "teams.users.noMatch", defaultMessage: 'No users match "{search}".' },
  empty: { id: "teams.users.empty", defaultMessage: "There are no users yet." },
  tableRegion: { id: "teams.users.tableRegion", defaultMessage: "Users table" },
  table: { id: "teams.users.table", defaultMessage: "Users" },
  loadMoreFailed: { id: "teams.users.loadMoreFailed", defaultMessage: "Could not load more users. Please try again." },
  loadMore: { id: "teams.users.loadMore", defaultMessage: "Load more users" },
  confirm: { id: "teams.users.confirm", defaultMessage: "Confirm" },
  roleOf: { id: "teams.users.roleOf", defaultMessage: "Role of {name}" },
  administratorSwitch: { id: "teams.users.administratorSwitch", defaultMessage: "Administrator: {name}" },
  teamOf: { id: "teams.users.teamOf", defaultMessage: "Team of {name}" },
  alsoIn: {
    id: "teams.users.alsoIn",
    defaultMessage: "Also in {teams}; choosing a team moves them to that one only.",
  },
  active: { id: "teams.users.active", defaultMessage: "Active" },
  deactivateNamed: { id: "teams.users.deactivateNamed", defaultMessage: "Deactivate {name}" },
  reactivateNamed: { id: "teams.users.reactivateNamed", defaultMessage: "Reactivate {name}" },
  deactivateTitle: { id: "teams.users.deactivateTitle", defaultMessage: "Deactivate user" },
  deactivateSelf: {
    id: "teams.users.deactivateSelf",
    defaultMessage:
      "Deactivate your own account? You are signed out at once and cannot log in again until another administrator reactivates you.",
  },
  deactivateOther: {
    id: "teams.users.deactivateOther",
    defaultMessage: "Deactivate {name}? They are signed out at once and cannot log in until reactivated.",
  },
  removeOwnRightsTitle: { id: "teams.users.removeOwnRightsTitle", defaultMessage: "Remove your administrator rights" },
  removeOwnRights: {
    id: "teams.users.removeOwnRights",
    defaultMessage: "Remove your own administrator rights? You lose access to Company Settings at once.",
  },
  removeOwnRightsConfirm: { id: "teams.users.removeOwnRightsConfirm", defaultMessage: "Remove my rights" },
  nowManager: { id: "teams.users.nowManager", defaultMessage: "{name} is now a manager." },
  nowEmployee: { id: "teams.users.nowEmployee", defaultMessage: "{name} is now an employee." },
  nowAdministrator: { id: "teams.users.nowAdministrator", defaultMessage: "{name} is now an administrator." },
  noLongerAdministrator: {
    id: "teams.users.noLongerAdministrator",
    defaultMessage: "{name} is no longer an administrator.",
  },
  movedTo: { id: "teams.users.movedTo", defaultMessage: "{name} moved to {team}." },
  movedToNewTeam: { id: "teams.users.movedToNewTeam", defaultMessage: "{name} moved to the new team." },
  reactivated: { id: "teams.users.reactivated", defaultMessage: "{name} was reactivated." },
  deactivated: { id: "teams.users.deactivated", defaultMessage: "{name} was deactivated." },
  updated: { id: "teams.users.updated", defaultMessage: "{name} was updated." },
  erase: { id: "teams.users.erase", defaultMessage: "Erase" },
  eraseNamed: { id: "teams.users.eraseNamed", defaultMessage: "Erase {name}" },
  eraseTitle: { id: "teams.users.eraseTitle", defaultMessage: "Erase {name}?" },
  eraseWhatGoes: {
    id: "teams.users.eraseWhatGoes",
    defaultMessage:
      "Their name, e-mail address, password, notifications, e-mail settings, calendar connection and sessions are erased, and they are signed out at once. They can never sign in to this account again; with their e-mail address they may sign up anew.",
  },
  eraseWhatStays: {
    id: "teams.users.eraseWhatStays",
    defaultMessage:
      "Their ideas, comments, votes and points stay, shown under “Former colleague”. This cannot be undone. To delete your own account, use Profile Settings.",
  },
  eraseTypeName: { id: "teams.users.eraseTypeName", defaultMessage: "Type {name} to confirm" },
  eraseNameDiffers: { id: "teams.users.eraseNameDiffers", defaultMessage: "Type the name exactly as shown." },
  eraseConfirm: { id: "teams.users.eraseConfirm", defaultMessage: "Erase for good" },
  erased: { id: "teams.users.erased", defaultMessage: "{name}'s personal data was erased." },
});

/** Team Settings: choosing the team, its members, its invitations and inviting. */
export const TEAM_SETTINGS_MESSAGES = defineMessages({
  loadFailed: { id: "teams.settings.loadFailed", defaultMessage: "Could not load your teams. {reason}" },
  noTeamsAdmin: {
    id: "teams.settings.noTeamsAdmin",
    defaultMessage: "There are no teams yet. Create one in Company Settings.",
  },
  noTeamManaged: {
    id: "teams.settings.noTeamManaged",
    defaultMessage: "You do not manage a team yet. An administrator can make you a team manager.",
  },
  chooseTeam: { id: "teams.settings.chooseTeam", defaultMessage: "Choose the team to manage." },
});

export const TEAM_MEMBERS_MESSAGES = defineMessages({
  title: { id: "teams.members.title", defaultMessage: "Members of {team}" },
  description: { id: "teams.members.description", defaultMessage: "Team managers review the team's ideas." },
  loading: { id: "teams.members.loading", defaultMessage: "Loading members..." },
  loadFailed: { id: "teams.members.loadFailed", defaultMessage: "Could not load the members." },
  empty: { id: "teams.members.empty", defaultMessage: "This team has no members yet. Invite someone below." },
  managerSwitch: { id: "teams.members.managerSwitch", defaultMessage: "Team manager: {name}" },
  removeNamed: { id: "teams.members.removeNamed", defaultMessage: "Remove {name} from {team}" },
  removeTitle: { id: "teams.members.removeTitle", defaultMessage: "Remove member" },
  confirmRemoval: {
    id: "teams.members.confirmRemoval",
    defaultMessage: "Remove {name} from {team}? They keep their account and stay in the company.",
  },
  nowManager: { id: "teams.members.nowManager", defaultMessage: "{name} is now a manager of {team}." },
  noLongerManager: { id: "teams.members.noLongerManager", defaultMessage: "{name} is no longer a manager of {team}." },
  removed: { id: "teams.members.removed", defaultMessage: "{name} was removed from {team}." },
});

export const INVITATIONS_MESSAGES = defineMessages({
  title: { id: "teams.invitations.title", defaultMessage: "Pending invitations" },
  description: {
    id: "teams.invitations.description",
    defaultMessage: "People invited to this team who have not joined yet.",
  },
  loading: { id: "teams.invitations.loading", defaultMessage: "Loading invitations..." },
  loadFailed: { id: "teams.invitations.loadFailed", defaultMessage: "Could not load the invitations." },
  empty: { id: "teams.invitations.empty", defaultMessage: "No pending invitations." },
  table: { id: "teams.invitations.table", defaultMessage: "Pending invitations to {team}" },
  admin: { id: "teams.invitations.admin", defaultMessage: "Admin" },
  revoke: { id: "teams.invitations.revoke", defaultMessage: "Revoke" },
  revokeNamed: { id: "teams.invitations.revokeNamed", defaultMessage: "Revoke invitation for {email}" },
  revoked: { id: "teams.invitations.revoked", defaultMessage: "The invitation for {email} was revoked." },
});

export const INVITE_MEMBER_MESSAGES = defineMessages({
  title: { id: "teams.invite.title", defaultMessage: "Invite member" },
  description: {
    id: "teams.invite.description",
    defaultMessage: "They receive an e-mail with a link to join {team}.",
  },
  form: { id: "teams.invite.form", defaultMessage: "Invite a member to {team}" },
  firstName: { id: "teams.invite.firstName", defaultMessage: "First name" },
  lastName: { id: "teams.invite.lastName", defaultMessage: "Last name" },
  email: { id: "teams.invite.email", defaultMessage: "Email" },
  grantAdmin: { id: "teams.invite.grantAdmin", defaultMessage: "Grant Admin Permissions" },
  send: { id: "teams.invite.send", defaultMessage: "Send invitation" },
  sent: { id: "teams.invite.sent", defaultMessage: "Invitation sent to {email}." },
});
