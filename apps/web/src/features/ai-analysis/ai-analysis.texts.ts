import { defineMessages } from "@ideaport/shared";

/** The Analyze button and the panel of its answer in the idea editor. */
export const AI_ANALYSIS_PANEL_MESSAGES = defineMessages({
  analyze: { id: "aiAnalysis.panel.analyze", defaultMessage: "Analyze" },
  title: { id: "aiAnalysis.panel.title", defaultMessage: "Analysis" },
  close: { id: "aiAnalysis.panel.close", defaultMessage: "Close the analysis" },
  loading: { id: "aiAnalysis.panel.loading", defaultMessage: "Analysing your idea..." },
  builtin: { id: "aiAnalysis.panel.builtin", defaultMessage: "Checked on this server." },
  languageModel: {
    id: "aiAnalysis.panel.languageModel",
    defaultMessage: "Checked on this server, with suggestions from the language model.",
  },
  suggestedTitle: { id: "aiAnalysis.panel.suggestedTitle", defaultMessage: "Suggested title" },
  summary: { id: "aiAnalysis.panel.summary", defaultMessage: "Summary for reviewers" },
  reviewerLooksFor: { id: "aiAnalysis.panel.reviewerLooksFor", defaultMessage: "What a reviewer looks for" },
  suggestedTags: { id: "aiAnalysis.panel.suggestedTags", defaultMessage: "Suggested tags" },
  similarIdeas: { id: "aiAnalysis.panel.similarIdeas", defaultMessage: "Similar ideas" },
  /** How alike a similar idea is, from 0 to 1. */
  alike: { id: "aiAnalysis.panel.alike", defaultMessage: "{similarity, number, percent} alike" },
  noSimilar: { id: "aiAnalysis.panel.noSimilar", defaultMessage: "No similar ideas found." },
  similarHint: {
    id: "aiAnalysis.panel.similarHint",
    defaultMessage: "If one of these is your idea, vote for it instead of submitting yours.",
  },
  sameAsMine: { id: "aiAnalysis.panel.sameAsMine", defaultMessage: "This is the same as mine" },
  sameAsMineOf: {
    id: "aiAnalysis.panel.sameAsMineOf",
    defaultMessage: "This is the same as mine: vote for “{title}”",
  },
  voted: {
    id: "aiAnalysis.panel.voted",
    defaultMessage: "You voted for “{title}”. Your idea was not submitted; you can leave it or save it as a draft.",
  },
  alreadyVoted: { id: "aiAnalysis.panel.alreadyVoted", defaultMessage: "You voted for it" },
  useTitle: { id: "aiAnalysis.panel.useTitle", defaultMessage: "Use this title" },
  titleUsed: { id: "aiAnalysis.panel.titleUsed", defaultMessage: "The suggested title is now your title." },
});

/** The reviewer's checklist, in the author's analysis and on the idea under review. */
export const CHECKLIST_MESSAGES = defineMessages({
  title: { id: "aiAnalysis.checklist.title", defaultMessage: "Reviewer's checklist" },
  answeredSuffix: { id: "aiAnalysis.checklist.answeredSuffix", defaultMessage: ": answered" },
  missingSuffix: { id: "aiAnalysis.checklist.missingSuffix", defaultMessage: ": missing" },
  answeredSince: {
    id: "aiAnalysis.checklist.answeredSince",
    defaultMessage: "Answered since the earlier submission.",
  },
  answeredBefore: {
    id: "aiAnalysis.checklist.answeredBefore",
    defaultMessage: "Was answered at the earlier submission.",
  },
  answeredCount: { id: "aiAnalysis.checklist.answeredCount", defaultMessage: "{answered} of {total} answered" },
  /** Who sent the text when the history does not name them. */
  theAuthor: { id: "aiAnalysis.checklist.theAuthor", defaultMessage: "The author" },
  checkedWhenSent: {
    id: "aiAnalysis.checklist.checkedWhenSent",
    defaultMessage:
      "Checked when {author} {step, select, resubmitted {resubmitted} other {submitted}} it, {when}: {answered}. Analyze gives its author the same verdicts for that text.",
  },
  checkedNow: {
    id: "aiAnalysis.checklist.checkedNow",
    defaultMessage: "Checked now on the current text: {answered}. No checklist was kept when it was submitted.",
  },
  earlierSubmission: {
    id: "aiAnalysis.checklist.earlierSubmission",
    defaultMessage: "At the earlier submission, {when}: {answered}.",
  },
});

/** Company Settings' "AI analysis". */
export const AI_ANALYSIS_SETTINGS_MESSAGES = defineMessages({
  title: { id: "aiAnalysis.settings.title", defaultMessage: "AI analysis" },
  description: {
    id: "aiAnalysis.settings.description",
    defaultMessage:
      "Analyze, beside Submit in the idea editor, checks an idea before a reviewer reads it: similar ideas, a reviewer's checklist, a clearer title and tags.",
  },
  loading: { id: "aiAnalysis.settings.loading", defaultMessage: "Loading the AI settings..." },
  sendingOn: {
    id: "aiAnalysis.settings.sendingOn",
    defaultMessage: "Idea text may now go to the language model when someone presses Analyze.",
  },
  sendingOff: { id: "aiAnalysis.settings.sendingOff", defaultMessage: "Idea text stays on this server." },
  builtinWorks: {
    id: "aiAnalysis.settings.builtinWorks",
    defaultMessage: "The analysis built into this server works without it.",
  },
});
