/** Limits of ideas, comments and challenges; the schemas and their messages use these. */
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN } from "../limits.ts";

export const IDEA_TITLE_MIN_LENGTH = 5;
export const IDEA_TITLE_MAX_LENGTH = 150;
export const IDEA_DESCRIPTION_MAX_LENGTH = 5000;
/** A draft may have no description; submitting needs at least this much. */
export const IDEA_DESCRIPTION_MIN_LENGTH_TO_SUBMIT = 10;
export const COMMENT_MAX_LENGTH = 2000;
export const REVIEW_NOTE_MAX_LENGTH = 2000;

export const CHALLENGE_TITLE_MIN_LENGTH = 5;
export const CHALLENGE_TITLE_MAX_LENGTH = 150;
export const CHALLENGE_DESCRIPTION_MAX_LENGTH = 5000;
export const CHALLENGE_REWARD_POINTS_MAX = 100_000;

/** Free-text search and similar-idea queries. */
export const IDEA_SEARCH_MAX_LENGTH = 200;
/** How many similar ideas the brain-dump box shows while typing. */
export const SIMILAR_IDEAS_LIMIT = 5;

/** The messages of these limits, said the same way by the forms and the API. */
export const IDEA_MESSAGES = {
  titleRequired: "Please give your idea a title.",
  titleTooShort: `The title must be at least ${IDEA_TITLE_MIN_LENGTH} characters.`,
  titleTooLong: `The title must be at most ${IDEA_TITLE_MAX_LENGTH} characters.`,
  descriptionTooLong: `The description must be at most ${IDEA_DESCRIPTION_MAX_LENGTH} characters.`,
  descriptionRequiredToSubmit: `Please describe your idea in at least ${IDEA_DESCRIPTION_MIN_LENGTH_TO_SUBMIT} characters before submitting it.`,
  commentRequired: "Please write a comment.",
  commentTooLong: `A comment must be at most ${COMMENT_MAX_LENGTH} characters.`,
  noteTooLong: `The note must be at most ${REVIEW_NOTE_MAX_LENGTH} characters.`,
  noteRequired: "Please tell the author what should change.",
  rejectionReasonRequired: "Please tell the author why the idea is rejected.",
  statusInvalid: "That is not a status an idea can have.",
  nothingToChange: "Please change at least one field.",
  challengeTitleRequired: "Please give the challenge a title.",
  challengeTitleTooShort: `The challenge title must be at least ${CHALLENGE_TITLE_MIN_LENGTH} characters.`,
  challengeTitleTooLong: `The challenge title must be at most ${CHALLENGE_TITLE_MAX_LENGTH} characters.`,
  challengeDescriptionTooLong: `The challenge description must be at most ${CHALLENGE_DESCRIPTION_MAX_LENGTH} characters.`,
  dateInvalid: "Please enter a date (2026-12-31) or a date and time (2026-12-31T17:00:00Z).",
  endsBeforeStart: "The deadline must be after the start date.",
  rewardPointsInvalid: `Reward points must be a whole number from 0 to ${CHALLENGE_REWARD_POINTS_MAX}.`,
  searchTooLong: `The search text must be at most ${IDEA_SEARCH_MAX_LENGTH} characters.`,
  dueDateInvalid: "Please enter the due date as a date (2026-12-31).",
  dateOutOfRange: `Please enter a date from the year ${CALENDAR_YEAR_MIN} to ${CALENDAR_YEAR_MAX}.`,
  ownIdeaAnotherReviewer:
    "This is your own idea, so you do not review it: another manager of the team or an administrator will.",
  ownIdeaAnotherAdministrator:
    "This is your own idea, so you do not decide on it: it waits for another administrator's decision.",
} as const;
