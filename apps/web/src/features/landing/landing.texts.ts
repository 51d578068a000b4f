import { defineMessages, type MessageDescriptor } from "@ideaport/shared";

/** The landing page's words; a language the landing page alone speaks translates exactly these (lang/landing/). */
export const LANDING_TEXTS = defineMessages({
  pageTitle: {
    id: "landing.page.title",
    defaultMessage: "Ideaport · Turn everyday ideas into action",
    description: "The browser tab's title of the landing page, and of any page until the app names it",
  },
  pageDescription: {
    id: "landing.page.description",
    defaultMessage:
      "Ideaport: the workplace idea-management platform. Share ideas, answer innovation challenges and turn the best into action.",
    description: "The pages' description for search engines and link previews",
  },
  accountNavigation: {
    id: "landing.header.accountNavigation",
    defaultMessage: "Account",
    description: "The name of the header's navigation with Log In and Sign Up",
  },
  openApp: {
    id: "landing.header.openApp",
    defaultMessage: "Open Ideaport",
    description: "A returning visitor's button",
  },
  logIn: { id: "landing.actions.logIn", defaultMessage: "Log In" },
  signUp: { id: "landing.actions.signUp", defaultMessage: "Sign Up" },
  languageNavigation: {
    id: "landing.header.languageNavigation",
    defaultMessage: "Language",
    description: "The name of the list of languages the landing page is offered in",
  },
  eyebrow: { id: "landing.hero.eyebrow", defaultMessage: "Idea management for the whole workplace" },
  title: { id: "landing.hero.title", defaultMessage: "Turn everyday ideas into action." },
  pitch: {
    id: "landing.hero.pitch",
    defaultMessage:
      "Ideaport gives every employee a simple place to share ideas and answer innovation challenges, gives managers a clear flow to review their team's proposals and turn the best into actions, and gives administrators one view of the company's news, teams, recognition and rewards, so good ideas stop getting lost in inboxes and start changing how work gets done.",
  },
  featuresTitle: { id: "landing.features.title", defaultMessage: "Everything an idea needs to succeed" },
  footer: {
    id: "landing.footer.text",
    defaultMessage: "© {year} Ideaport. Built for teams who improve their work every day.",
    description: "{year}: this year, as digits",
  },
});

const FEATURE_TEXTS = defineMessages({
  challengesTitle: { id: "landing.features.challenges.title", defaultMessage: "Challenges that focus creativity" },
  challengesText: {
    id: "landing.features.challenges.text",
    defaultMessage:
      "Managers ask their team a question, administrators ask the whole company. Everyone answers where it matters.",
  },
  reviewTitle: { id: "landing.features.review.title", defaultMessage: "A review flow people trust" },
  reviewText: {
    id: "landing.features.review.text",
    defaultMessage:
      "Every idea is read, discussed and decided, with revisions when it needs another pass, and the author hears about each step.",
  },
  actionTitle: { id: "landing.features.action.title", defaultMessage: "From idea to action" },
  actionText: {
    id: "landing.features.action.text",
    defaultMessage: "Approved ideas become actions with an owner and a due date, on a board the whole team can follow.",
  },
  recognitionTitle: { id: "landing.features.recognition.title", defaultMessage: "Recognition that lasts" },
  recognitionText: {
    id: "landing.features.recognition.text",
    defaultMessage:
      "Points, leaderboards for people and teams, and rewards your company chooses keep good ideas coming.",
  },
});

/** The four features the landing page presents, in order. */
export const FEATURES: ReadonlyArray<{ key: string; title: MessageDescriptor; text: MessageDescriptor }> = [
  { key: "challenges", title: FEATURE_TEXTS.challengesTitle, text: FEATURE_TEXTS.challengesText },
  { key: "review", title: FEATURE_TEXTS.reviewTitle, text: FEATURE_TEXTS.reviewText },
  { key: "action", title: FEATURE_TEXTS.actionTitle, text: FEATURE_TEXTS.actionText },
  { key: "recognition", title: FEATURE_TEXTS.recognitionTitle, text: FEATURE_TEXTS.recognitionText },
];
