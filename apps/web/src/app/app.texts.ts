import { defineMessages, type MessageDescriptor, type SettingsType } from "@ideaport/shared";

/** The signed-in frame: the skip link, the header's portals and tools, and the user menu. */
export const SHELL_TEXTS = defineMessages({
  skipToContent: { id: "app.shell.skipToContent", defaultMessage: "Skip to main content" },
  portals: { id: "app.shell.portals", defaultMessage: "Portals", description: "The name of the header's navigation." },
  ideasPortal: { id: "app.shell.ideasPortal", defaultMessage: "Ideas Portal" },
  companyPortal: { id: "app.shell.companyPortal", defaultMessage: "Company Portal" },
  yourPoints: { id: "app.shell.yourPoints", defaultMessage: "Your points: {points}" },
  profileSettings: { id: "app.shell.profileSettings", defaultMessage: "Profile Settings" },
  teamSettings: { id: "app.shell.teamSettings", defaultMessage: "Team Settings" },
  companySettings: { id: "app.shell.companySettings", defaultMessage: "Company Settings" },
  logout: { id: "app.shell.logout", defaultMessage: "Logout" },
});

/** The settings page: its heading, tabs and the areas' panels. */
export const SETTINGS_TEXTS = defineMessages({
  pageTitle: { id: "app.settings.title", defaultMessage: "Settings" },
  areas: { id: "app.settings.areas", defaultMessage: "Settings areas", description: "The name of the tab list." },
  subtitle: {
    id: "app.settings.subtitle",
    defaultMessage: "Manage your profile and, where you look after them, your team and your company.",
    description: "Under the heading, the same for everyone: the tabs below show the areas this person may open.",
  },
  account: { id: "app.settings.profile.account", defaultMessage: "Account" },
  accountDescription: {
    id: "app.settings.profile.accountDescription",
    defaultMessage: "The address you sign in with and receive notifications at.",
  },
  emailReadOnly: {
    id: "app.settings.profile.emailReadOnly",
    defaultMessage: "Your sign-in address cannot be changed here.",
  },
  loadingAiSettings: { id: "app.settings.company.loadingAi", defaultMessage: "Loading the AI settings..." },
  companyAdministration: {
    id: "app.settings.company.administration",
    defaultMessage: "Company administration",
    description: "The name of the tab list of Company Settings.",
  },
  teamsAndUsers: { id: "app.settings.company.teamsAndUsers", defaultMessage: "Teams and users" },
  proposedChallenges: { id: "app.settings.company.proposedChallenges", defaultMessage: "Proposed challenges" },
});

/** Each settings area's tab, heading and loading line. */
export const SETTINGS_AREA_TEXTS: Readonly<
  Record<SettingsType, { label: MessageDescriptor; title: MessageDescriptor; loading: MessageDescriptor }>
> = {
  profile: defineMessages({
    label: { id: "app.settings.profile.tab", defaultMessage: "Profile" },
    title: { id: "app.settings.profile.title", defaultMessage: "Profile settings" },
    loading: { id: "app.settings.profile.loading", defaultMessage: "Loading profile settings..." },
  }),
  team: defineMessages({
    label: { id: "app.settings.team.tab", defaultMessage: "Team" },
    title: { id: "app.settings.team.title", defaultMessage: "Team settings" },
    loading: { id: "app.settings.team.loading", defaultMessage: "Loading team settings..." },
  }),
  company: defineMessages({
    label: { id: "app.settings.company.tab", defaultMessage: "Company" },
    title: { id: "app.settings.company.title", defaultMessage: "Company settings" },
    loading: { id: "app.settings.company.loading", defaultMessage: "Loading company settings..." },
  }),
};

export const NOT_FOUND_TEXTS = defineMessages({
  pageTitle: { id: "app.notFound.pageTitle", defaultMessage: "Page not found" },
  heading: { id: "app.notFound.heading", defaultMessage: "Page Not Found" },
});
