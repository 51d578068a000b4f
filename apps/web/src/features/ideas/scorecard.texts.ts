import { defineMessages } from "@ideaport/shared";

/** The scorecard on an idea under review. */
export const SCORECARD_TEXTS = defineMessages({
  title: { id: "evaluation.scorecard.title", defaultMessage: "Scorecard" },
  loading: { id: "evaluation.scorecard.loading", defaultMessage: "Loading the scores…" },
  score: { id: "evaluation.scorecard.score", defaultMessage: "Score {value} of 5" },
  noScoreYet: { id: "evaluation.scorecard.noScoreYet", defaultMessage: "Not scored yet" },
  hiddenUntilScored: {
    id: "evaluation.scorecard.hiddenUntilScored",
    defaultMessage: "You see the others' scores once you gave yours.",
  },
  count: {
    id: "evaluation.scorecard.count",
    defaultMessage:
      "{count, plural, =0 {Nobody has scored it yet} one {# evaluator scored it} other {# evaluators scored it}}",
  },
  disagreement: {
    id: "evaluation.scorecard.disagreement",
    defaultMessage: "The evaluators are two or more points apart on a criterion: talk it over before deciding.",
  },
  criterionScore: { id: "evaluation.scorecard.criterionScore", defaultMessage: "{name}: your score" },
  average: { id: "evaluation.scorecard.average", defaultMessage: "Average {value}" },
  note: { id: "evaluation.scorecard.note", defaultMessage: "Note (optional)" },
  submit: { id: "evaluation.scorecard.submit", defaultMessage: "Save my scores" },
  update: { id: "evaluation.scorecard.update", defaultMessage: "Update my scores" },
  saved: { id: "evaluation.scorecard.saved", defaultMessage: "Your scores were saved." },
  scoreEvery: { id: "evaluation.scorecard.scoreEvery", defaultMessage: "Score every criterion from 1 to 5." },
  evaluations: { id: "evaluation.scorecard.evaluations", defaultMessage: "Everyone's scores" },
  evaluator: { id: "evaluation.scorecard.evaluator", defaultMessage: "Evaluator" },
  noteColumn: { id: "evaluation.scorecard.noteColumn", defaultMessage: "Note" },
  decisionScore: {
    id: "evaluation.scorecard.decisionScore",
    defaultMessage: "Weighted score: {value} of 5 ({count, plural, one {# evaluator} other {# evaluators}})",
  },
  decisionNoScore: {
    id: "evaluation.scorecard.decisionNoScore",
    defaultMessage:
      "Weighted score: not shown yet ({count, plural, =0 {nobody scored} one {# evaluator scored} other {# evaluators scored}})",
  },
  notScoredByMe: { id: "evaluation.scorecard.notScoredByMe", defaultMessage: "Not yet scored by me" },
  listScore: { id: "evaluation.scorecard.listScore", defaultMessage: "Score {value}" },
});
