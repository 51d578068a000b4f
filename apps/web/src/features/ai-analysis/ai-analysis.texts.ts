export const AI_ANALYSIS_PANEL_MESSAGES = {
  loading: "Analysing your idea...",
  builtin: "Checked on this server.",
  languageModel: "Checked on this server, with suggestions from the language model.",
  noSimilar: "No similar ideas found.",
  similarHint: "If one of these is your idea, vote for it instead of submitting yours.",
  sameAsMine: "This is the same as mine",
  voted: (title: string) =>
    `You voted for “${title}”. Your idea was not submitted; you can leave it or save it as a draft.`,
  alreadyVoted: "You voted for it",
  useTitle: "Use this title",
  titleUsed: "The suggested title is now your title.",
} as const;
