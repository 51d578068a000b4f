import type { TourId, TourStep } from "./tours.ts";

/**
 * The steps of each tour, apart from the tours' rules (tours.ts): the signed-in shell decides with
 * the rules which tour starts, and only the tour runner, loaded when one does, carries these texts.
 */
export const TOUR_STEPS: Record<TourId, readonly TourStep[]> = {
  employeeIdeas: [
    { target: "scope-filter", content: "Switch between your team's challenges and company-wide challenges." },
    { target: "challenge-card", content: "Each card is a challenge looking for ideas. Open one to answer it." },
    {
      target: "brain-dump",
      content: "Have an idea? Capture it here in one line, then add detail when you are ready.",
    },
    { target: "active-submissions", content: "Your submissions, grouped by where they are in review." },
    { target: "under-review-card", content: "Ideas under review show here, with every step of their history." },
    { target: "notifications-bell", content: "You will hear here when your ideas move or someone comments." },
    { target: "tour-final", content: "That's it. Put your first idea forward!", placement: "center" },
  ],
  employeeCompany: [
    { target: "news-dashboard", content: "Company news, all in one place." },
    { target: "news-card", content: "Open a story to read it in full." },
    { target: "news-category-tab", content: "Filter the news by category." },
    { target: "leaderboard", content: "See who is putting ideas forward." },
    { target: "leaderboard-filter", content: "Compare employees, managers and teams over a period." },
    { target: "rewards-overview", content: "Points you earn can be spent on rewards." },
    { target: "reward-card", content: "Redeem a reward when you have the points." },
    { target: "tour-final", content: "You are all set. Enjoy Ideaport!", placement: "center" },
  ],
  managerIdeas: [
    { target: "challenges", content: "The challenges your teams and company are working on." },
    { target: "scope-filter", content: "Switch between team and company challenges." },
    { target: "add-challenge", content: "Post a new challenge for your team." },
    { target: "team-display", content: "The team you manage." },
    { target: "team-submissions", content: "Your team's ideas, by review status." },
    { target: "under-review-card", content: "Open an idea to review it, ask for a revision or decide." },
    { target: "ideas-to-action", content: "Approved ideas become actions with an owner and a due date." },
    { target: "action-filter", content: "Filter actions by status." },
    { target: "notifications-bell", content: "New submissions and revisions arrive here." },
  ],
  managerCompany: [
    { target: "news-dashboard", content: "Company news, all in one place." },
    { target: "news-category-tab", content: "Filter the news by category." },
    { target: "add-news", content: "Administrators publish news here." },
    { target: "leaderboard", content: "See which people and teams contribute most." },
    { target: "rewards-overview", content: "Rewards your people can redeem with their points." },
    { target: "settings-nav", content: "Manage your profile, your team and, for admins, the company." },
    { target: "notifications-bell", content: "Everything that needs your attention arrives here." },
  ],
  adminOverlay: [
    {
      target: "tour-welcome",
      content: "Welcome, administrator! Here is where you run your company.",
      placement: "center",
    },
    { target: "settings-nav", content: "Settings for your profile, your team and the company." },
    { target: "company-settings-tab", content: "Company name, join password and points rules." },
    { target: "team-management", content: "Create, rename and remove teams." },
    { target: "user-management", content: "Change roles, admin rights and teams, or deactivate accounts." },
    { target: "proposed-challenges-tab", content: "Approve or deny company challenges proposed by your people." },
    { target: "add-news", content: "Publish news for the whole company." },
    {
      target: "analytics-overview",
      content: "See whether your innovation programme works: ideas, participation, review times and more.",
    },
  ],
};
