import { defineMessages } from "@ideaport/shared";

/** Company Settings → Evaluation. */
export const EVALUATION_SETTINGS_TEXTS = defineMessages({
  title: { id: "evaluation.settings.title", defaultMessage: "Evaluation" },
  description: {
    id: "evaluation.settings.description",
    defaultMessage:
      "The criteria reviewers score ideas on, each from 1 to 5. The weighted score counts each criterion by its weight.",
  },
  loading: { id: "evaluation.settings.loading", defaultMessage: "Loading the criteria…" },
  loadFailed: { id: "evaluation.settings.loadFailed", defaultMessage: "The criteria could not be loaded." },
  criterion: { id: "evaluation.settings.criterion", defaultMessage: "Criterion {number}" },
  name: { id: "evaluation.settings.name", defaultMessage: "Name" },
  criterionDescription: { id: "evaluation.settings.criterionDescription", defaultMessage: "Description" },
  weight: { id: "evaluation.settings.weight", defaultMessage: "Weight" },
  add: { id: "evaluation.settings.add", defaultMessage: "Add a criterion" },
  remove: { id: "evaluation.settings.remove", defaultMessage: "Remove {name}" },
  save: { id: "evaluation.settings.save", defaultMessage: "Save criteria" },
  saved: { id: "evaluation.settings.saved", defaultMessage: "Criteria saved. Every score was updated." },
});

/** The evaluators of a challenge. */
export const EVALUATORS_TEXTS = defineMessages({
  title: { id: "evaluation.evaluators.title", defaultMessage: "Evaluators" },
  description: {
    id: "evaluation.evaluators.description",
    defaultMessage: "Colleagues invited to score this challenge's ideas under review. They see only those ideas.",
  },
  none: { id: "evaluation.evaluators.none", defaultMessage: "Nobody is invited yet." },
  person: { id: "evaluation.evaluators.person", defaultMessage: "Colleague" },
  searchPlaceholder: { id: "evaluation.evaluators.searchPlaceholder", defaultMessage: "Search by name or e-mail" },
  searching: { id: "evaluation.evaluators.searching", defaultMessage: "Searching…" },
  nobodyFound: { id: "evaluation.evaluators.nobodyFound", defaultMessage: "Nobody found who could be invited." },
  typeMore: {
    id: "evaluation.evaluators.typeMore",
    defaultMessage: "Showing the first {count}: type more of a name or e-mail to find others.",
  },
  searchFailed: { id: "evaluation.evaluators.searchFailed", defaultMessage: "The search did not answer. Try again." },
  invite: { id: "evaluation.evaluators.invite", defaultMessage: "Invite" },
  remove: { id: "evaluation.evaluators.remove", defaultMessage: "Remove {name}" },
  loadFailed: { id: "evaluation.evaluators.loadFailed", defaultMessage: "The evaluators could not be loaded." },
});
