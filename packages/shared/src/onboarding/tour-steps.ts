import { defineMessage } from "../i18n/messages.ts";
import type { TourId, TourStep } from "./tours.ts";

/**
 * The steps of each tour, apart from the tours' rules (tours.ts): the signed-in shell decides with
 * the rules which tour starts, and only the tour runner, loaded when one does, carries these texts.
 */
export const TOUR_STEPS: Record<TourId, readonly TourStep[]> = {
  employeeIdeas: [
    {
      target: "scope-filter",
      content: defineMessage({
        id: "shared.tours.employeeIdeas.scopeFilter",
        defaultMessage: "Switch between your team's challenges and company-wide challenges.",
      }),
    },
    {
      target: "challenge-card",
      content: defineMessage({
        id: "shared.tours.employeeIdeas.challengeCard",
        defaultMessage: "Each card is a challenge looking for ideas. Open one to answer it.",
      }),
    },
    {
      target: "brain-dump",
      content: defineMessage({
        id: "shared.tours.employeeIdeas.brainDump",
        defaultMessage: "Have an idea? Capture it here in one line, then add detail when you are ready.",
      }),
    },
    {
      target: "active-submissions",
      content: defineMessage({
        id: "shared.tours.employeeIdeas.activeSubmissions",
        defaultMessage: "Your submissions, grouped by where they are in review.",
      }),
    },
    {
      target: "under-review-card",
      content: defineMessage({
        id: "shared.tours.employeeIdeas.underReviewCard",
        defaultMessage: "Ideas under review show here, with every step of their history.",
      }),
    },
    {
      target: "notifications-bell",
      content: defineMessage({
        id: "shared.tours.employeeIdeas.notificationsBell",
        defaultMessage: "You will hear here when your ideas move or someone comments.",
      }),
    },
    {
      target: "tour-final",
      content: defineMessage({
        id: "shared.tours.employeeIdeas.tourFinal",
        defaultMessage: "That's it. Put your first idea forward!",
      }),
      placement: "center",
    },
  ],
  employeeCompany: [
    {
      target: "news-dashboard",
      content: defineMessage({
        id: "shared.tours.employeeCompany.newsDashboard",
        defaultMessage: "Company news, all in one place.",
      }),
    },
    {
      target: "news-card",
      content: defineMessage({
        id: "shared.tours.employeeCompany.newsCard",
        defaultMessage: "Open a story to read it in full.",
      }),
    },
    {
      target: "news-category-tab",
      content: defineMessage({
        id: "shared.tours.employeeCompany.newsCategoryTab",
        defaultMessage: "Filter the news by category.",
      }),
    },
    {
      target: "leaderboard",
      content: defineMessage({
        id: "shared.tours.employeeCompany.leaderboard",
        defaultMessage: "See who is putting ideas forward.",
      }),
    },
    {
      target: "leaderboard-filter",
      content: defineMessage({
        id: "shared.tours.employeeCompany.leaderboardFilter",
        defaultMessage: "Compare employees, managers and teams over a period.",
      }),
    },
    {
      target: "rewards-overview",
      content: defineMessage({
        id: "shared.tours.employeeCompany.rewardsOverview",
        defaultMessage: "Points you earn can be spent on rewards.",
      }),
    },
    {
      target: "reward-card",
      content: defineMessage({
        id: "shared.tours.employeeCompany.rewardCard",
        defaultMessage: "Redeem a reward when you have the points.",
      }),
    },
    {
      target: "tour-final",
      content: defineMessage({
        id: "shared.tours.employeeCompany.tourFinal",
        defaultMessage: "You are all set. Enjoy Ideaport!",
      }),
      placement: "center",
    },
  ],
  managerIdeas: [
    {
      target: "challenges",
      content: defineMessage({
        id: "shared.tours.managerIdeas.challenges",
        defaultMessage: "The challenges your teams and company are working on.",
      }),
    },
    {
      target: "scope-filter",
      content: defineMessage({
        id: "shared.tours.managerIdeas.scopeFilter",
        defaultMessage: "Switch between team and company challenges.",
      }),
    },
    {
      target: "add-challenge",
      content: defineMessage({
        id: "shared.tours.managerIdeas.addChallenge",
        defaultMessage: "Post a new challenge for your team.",
      }),
    },
    {
      target: "team-display",
      content: defineMessage({ id: "shared.tours.managerIdeas.teamDisplay", defaultMessage: "The team you manage." }),
    },
    {
      target: "team-submissions",
      content: defineMessage({
        id: "shared.tours.managerIdeas.teamSubmissions",
        defaultMessage: "Your team's ideas, by review status.",
      }),
    },
    {
      target: "under-review-card",
      content: defineMessage({
        id: "shared.tours.managerIdeas.underReviewCard",
        defaultMessage: "Open an idea to review it, ask for a revision or decide.",
      }),
    },
    {
      target: "ideas-to-action",
      content: defineMessage({
        id: "shared.tours.managerIdeas.ideasToAction",
        defaultMessage: "Approved ideas become actions with an owner and a due date.",
      }),
    },
    {
      target: "action-filter",
      content: defineMessage({
        id: "shared.tours.managerIdeas.actionFilter",
        defaultMessage: "Filter actions by status.",
      }),
    },
    {
      target: "notifications-bell",
      content: defineMessage({
        id: "shared.tours.managerIdeas.notificationsBell",
        defaultMessage: "New submissions and revisions arrive here.",
      }),
    },
  ],
  managerCompany: [
    {
      target: "news-dashboard",
      content: defineMessage({
        id: "shared.tours.managerCompany.newsDashboard",
        defaultMessage: "Company news, all in one place.",
      }),
    },
    {
      target: "news-category-tab",
      content: defineMessage({
        id: "shared.tours.managerCompany.newsCategoryTab",
        defaultMessage: "Filter the news by category.",
      }),
    },
    {
      target: "add-news",
      content: defineMessage({
        id: "shared.tours.managerCompany.addNews",
        defaultMessage: "Administrators publish news here.",
      }),
    },
    {
      target: "leaderboard",
      content: defineMessage({
        id: "shared.tours.managerCompany.leaderboard",
        defaultMessage: "See which people and teams contribute most.",
      }),
    },
    {
      target: "rewards-overview",
      content: defineMessage({
        id: "shared.tours.managerCompany.rewardsOverview",
        defaultMessage: "Rewards your people can redeem with their points.",
      }),
    },
    {
      target: "settings-nav",
      content: defineMessage({
        id: "shared.tours.managerCompany.settingsNav",
        defaultMessage: "Manage your profile, your team and, for admins, the company.",
      }),
    },
    {
      target: "notifications-bell",
      content: defineMessage({
        id: "shared.tours.managerCompany.notificationsBell",
        defaultMessage: "Everything that needs your attention arrives here.",
      }),
    },
  ],
  adminOverlay: [
    {
      target: "tour-welcome",
      content: defineMessage({
        id: "shared.tours.adminOverlay.tourWelcome",
        defaultMessage: "Welcome, administrator! Here is where you run your company.",
      }),
      placement: "center",
    },
    {
      target: "settings-nav",
      content: defineMessage({
        id: "shared.tours.adminOverlay.settingsNav",
        defaultMessage: "Settings for your profile, your team and the company.",
      }),
    },
    {
      target: "company-settings-tab",
      content: defineMessage({
        id: "shared.tours.adminOverlay.companySettingsTab",
        defaultMessage: "Company name, join password and points rules.",
      }),
    },
    {
      target: "team-management",
      content: defineMessage({
        id: "shared.tours.adminOverlay.teamManagement",
        defaultMessage: "Create, rename and remove teams.",
      }),
    },
    {
      target: "user-management",
      content: defineMessage({
        id: "shared.tours.adminOverlay.userManagement",
        defaultMessage: "Change roles, admin rights and teams, or deactivate accounts.",
      }),
    },
    {
      target: "proposed-challenges-tab",
      content: defineMessage({
        id: "shared.tours.adminOverlay.proposedChallengesTab",
        defaultMessage: "Approve or deny company challenges proposed by your people.",
      }),
    },
    {
      target: "add-news",
      content: defineMessage({
        id: "shared.tours.adminOverlay.addNews",
        defaultMessage: "Publish news for the whole company.",
      }),
    },
    {
      target: "analytics-overview",
      content: defineMessage({
        id: "shared.tours.adminOverlay.analyticsOverview",
        defaultMessage: "See whether your innovation programme works: ideas, participation, review times and more.",
      }),
    },
  ],
};
