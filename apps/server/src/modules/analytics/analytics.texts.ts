import { type AnalyticsCsvColumn, defineMessages, type MessageDescriptor } from "@ideaport/shared";

/** The ideas export's column names, in the reader's language (in English, the columns' own names). */
export const CSV_COLUMN_NAMES: Readonly<Record<AnalyticsCsvColumn, MessageDescriptor>> = defineMessages({
  id: { id: "server.analytics.csv.id", defaultMessage: "id", description: "A column of the ideas export (CSV)" },
  title: {
    id: "server.analytics.csv.title",
    defaultMessage: "title",
    description: "A column of the ideas export (CSV)",
  },
  status: {
    id: "server.analytics.csv.status",
    defaultMessage: "status",
    description: "A column of the ideas export (CSV)",
  },
  team: { id: "server.analytics.csv.team", defaultMessage: "team", description: "A column of the ideas export (CSV)" },
  author: {
    id: "server.analytics.csv.author",
    defaultMessage: "author",
    description: "A column of the ideas export (CSV)",
  },
  challenge: {
    id: "server.analytics.csv.challenge",
    defaultMessage: "challenge",
    description: "A column of the ideas export (CSV)",
  },
  submitted_at: {
    id: "server.analytics.csv.submittedAt",
    defaultMessage: "submitted_at",
    description: "A column of the ideas export (CSV): when the idea was submitted",
  },
  first_review_at: {
    id: "server.analytics.csv.firstReviewAt",
    defaultMessage: "first_review_at",
    description: "A column of the ideas export (CSV): when a reviewer first took the idea up",
  },
  decided_at: {
    id: "server.analytics.csv.decidedAt",
    defaultMessage: "decided_at",
    description: "A column of the ideas export (CSV): when the idea was approved or rejected",
  },
  votes: {
    id: "server.analytics.csv.votes",
    defaultMessage: "votes",
    description: "A column of the ideas export (CSV)",
  },
  comments: {
    id: "server.analytics.csv.comments",
    defaultMessage: "comments",
    description: "A column of the ideas export (CSV)",
  },
  action_status: {
    id: "server.analytics.csv.actionStatus",
    defaultMessage: "action_status",
    description: "A column of the ideas export (CSV): the status of the idea's action",
  },
  action_due_date: {
    id: "server.analytics.csv.actionDueDate",
    defaultMessage: "action_due_date",
    description: "A column of the ideas export (CSV): the due date of the idea's action",
  },
  status_history: {
    id: "server.analytics.csv.statusHistory",
    defaultMessage: "status_history",
    description: "A column of the ideas export (CSV): every status the idea had, with its time",
  },
  score: {
    id: "server.analytics.csv.score",
    defaultMessage: "score",
    description: "A column of the ideas export (CSV): the idea's weighted score from its scorecards, 1 to 5",
  },
  score_count: {
    id: "server.analytics.csv.scoreCount",
    defaultMessage: "score_count",
    description: "A column of the ideas export (CSV): how many evaluators scored the idea",
  },
});
