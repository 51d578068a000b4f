import { defineMessages } from "@ideaport/shared";

// The Associate with Company dialog's texts: joining a company, creating one, inviting its first members.

export const COMPANY_DIALOG_MESSAGES = defineMessages({
  title: { id: "companies.dialog.title", defaultMessage: "Associate with Company" },
  modes: { id: "companies.dialog.modes", defaultMessage: "Join or create a company" },
  join: { id: "companies.dialog.join", defaultMessage: "Join Company" },
  create: { id: "companies.dialog.create", defaultMessage: "Create New Company" },
  createdSigningIn: { id: "companies.dialog.createdSigningIn", defaultMessage: "Company created. Signing you in…" },
  joinedSigningIn: { id: "companies.dialog.joinedSigningIn", defaultMessage: "Joined. Signing you in…" },
  joinedNamed: { id: "companies.dialog.joinedNamed", defaultMessage: "You joined {company}." },
  joined: { id: "companies.dialog.joined", defaultMessage: "You joined the company." },
  continue: { id: "companies.dialog.continue", defaultMessage: "Continue" },
  logIn: { id: "companies.dialog.logIn", defaultMessage: "Log In" },
});

/** Joining has no spec text for a failed automatic sign-in; these mirror the create-mode ones. */
export const JOIN_SIGN_IN_MESSAGES = defineMessages({
  missingLogin: {
    id: "companies.join.missingLogin",
    defaultMessage: "You joined the company, but we failed to log you in automatically. Please log in manually.",
  },
  signInFailed: {
    id: "companies.join.signInFailed",
    defaultMessage: "You joined the company, but automatic login failed. Please log in manually.",
  },
});

/**
 * The shared schema words an empty name or password for the create mode ('... when creating a new
 * company.'); a person joining is told what is missing in words that fit joining.
 */
export const JOIN_FORM_MESSAGES = defineMessages({
  companyNameRequired: { id: "companies.join.companyNameRequired", defaultMessage: "Please enter the company name." },
  companyPasswordRequired: {
    id: "companies.join.companyPasswordRequired",
    defaultMessage: "Please enter the company password.",
  },
});

export const JOIN_MESSAGES = defineMessages({
  intro: {
    id: "companies.join.intro",
    defaultMessage: "Enter the company name and the join password your administrator gave you.",
  },
  verifyForm: { id: "companies.join.verifyForm", defaultMessage: "Verify company" },
  verify: { id: "companies.join.verify", defaultMessage: "Verify" },
  verified: {
    id: "companies.join.verified",
    defaultMessage: "The company name and password are right. Choose your team to join.",
  },
  joinForm: { id: "companies.join.joinForm", defaultMessage: "Join company" },
  team: { id: "companies.join.team", defaultMessage: "Team" },
  chooseTeam: { id: "companies.join.chooseTeam", defaultMessage: "Choose your team" },
  noTeams: { id: "companies.join.noTeams", defaultMessage: "This company has no teams yet" },
  displayName: { id: "companies.join.displayName", defaultMessage: "Display name" },
  displayNameHint: { id: "companies.join.displayNameHint", defaultMessage: "How your colleagues see you in Ideaport" },
  yourRole: { id: "companies.join.yourRole", defaultMessage: "Your role" },
  roleHint: {
    id: "companies.join.roleHint",
    defaultMessage:
      "Manager is a request that the team's managers or an administrator approve; until then you are an employee.",
  },
  requestAdmin: { id: "companies.join.requestAdmin", defaultMessage: "Request admin permissions" },
  requestAdminHint: {
    id: "companies.join.requestAdminHint",
    defaultMessage: "An administrator of the company approves or denies the request.",
  },
});

/** Fields both the join and the create form ask for. */
export const COMPANY_FIELD_MESSAGES = defineMessages({
  name: { id: "companies.fields.name", defaultMessage: "Company name" },
  password: { id: "companies.fields.password", defaultMessage: "Company password" },
});

export const CREATE_COMPANY_MESSAGES = defineMessages({
  form: { id: "companies.create.form", defaultMessage: "Create new company" },
  submit: { id: "companies.create.submit", defaultMessage: "Create Company" },
  passwordHint: {
    id: "companies.create.passwordHint",
    defaultMessage: "Colleagues give this password to join the company.",
  },
  firstTeamRole: { id: "companies.create.firstTeamRole", defaultMessage: "Your role in the first team" },
  adminHint: { id: "companies.create.adminHint", defaultMessage: "You will also be the company's administrator." },
  teams: { id: "companies.create.teams", defaultMessage: "Teams" },
  teamName: { id: "companies.create.teamName", defaultMessage: "Team name" },
  addTeam: { id: "companies.create.addTeam", defaultMessage: "Add team" },
  teamList: { id: "companies.create.teamList", defaultMessage: "Teams of the new company" },
  yourTeam: {
    id: "companies.create.yourTeam",
    defaultMessage: "Your team",
    description: "A badge on the first team, the one the creator belongs to.",
  },
  inviteMembers: { id: "companies.create.inviteMembers", defaultMessage: "Invite members" },
  inviteMembersTo: { id: "companies.create.inviteMembersTo", defaultMessage: "Invite members to {team}" },
  removeTeam: { id: "companies.create.removeTeam", defaultMessage: "Remove team {team}" },
});

export const INVITE_MESSAGES = defineMessages({
  form: { id: "companies.invite.form", defaultMessage: "Invite a member" },
  firstName: { id: "companies.invite.firstName", defaultMessage: "First name" },
  lastName: { id: "companies.invite.lastName", defaultMessage: "Last name" },
  email: { id: "companies.invite.email", defaultMessage: "Email" },
  role: { id: "companies.invite.role", defaultMessage: "Role" },
  grantAdmin: { id: "companies.invite.grantAdmin", defaultMessage: "Grant Admin Permissions" },
  grantAdminHint: {
    id: "companies.invite.grantAdminHint",
    defaultMessage: "Administrators manage the company's settings, teams and users.",
  },
  add: { id: "companies.invite.add", defaultMessage: "Add member" },
  done: { id: "companies.invite.done", defaultMessage: "Done" },
  none: { id: "companies.invite.none", defaultMessage: "No one invited yet." },
  invitedTo: { id: "companies.invite.invitedTo", defaultMessage: "Invited to {team}" },
  member: {
    id: "companies.invite.member",
    defaultMessage: "{name} · {email} · {role}",
    description: "An invited member; {role} is Employee or Manager.",
  },
  adminMember: {
    id: "companies.invite.adminMember",
    defaultMessage: "{name} · {email} · {role} · Admin",
    description: "An invited member who will also be an administrator; {role} is Employee or Manager.",
  },
  remove: { id: "companies.invite.remove", defaultMessage: "Remove {name} from {team}" },
});
