/** Limits of ideas, comments and challenges; the schemas and their messages use these. */
import { defineMessages } from "../i18n/messages.ts";
import { phrasesOf } from "../i18n/schema-messages.ts";
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN } from "../limits.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";

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

/**
 * The messages of these limits, said the same way by the forms and the API; IDEA_PHRASES gives
 * each the limits its wording states.
 */
export const IDEA_MESSAGES = {
  nothingToChange: VALIDATION_MESSAGES.nothingToUpdate,
  ...defineMessages({
    titleRequired: { id: "shared.ideas.titleRequired", defaultMessage: "Please give your idea a title." },
    titleTooShort: { id: "shared.ideas.titleTooShort", defaultMessage: "The title must be at least {min} characters." },
    titleTooLong: { id: "shared.ideas.titleTooLong", defaultMessage: "The title must be at most {max} characters." },
    descriptionTooLong: {
      id: "shared.ideas.descriptionTooLong",
      defaultMessage: "The description must be at most {max} characters.",
    },
    descriptionRequiredToSubmit: {
      id: "shared.ideas.descriptionRequiredToSubmit",
      defaultMessage: "Please describe your idea in at least {min} characters before submitting it.",
    },
    commentRequired: { id: "shared.ideas.commentRequired", defaultMessage: "Please write a comment." },
    commentTooLong: {
      id: "shared.ideas.commentTooLong",
      defaultMessage: "A comment must be at most {max} characters.",
    },
    noteTooLong: {
      id: "shared.ideas.noteTooLong",
      defaultMessage: "The note must be at most {max} characters.",
    },
    noteRequired: { id: "shared.ideas.noteRequired", defaultMessage: "Please tell the author what should change." },
    rejectionReasonRequired: {
      id: "shared.ideas.rejectionReasonRequired",
      defaultMessage: "Please tell the author why the idea is rejected.",
    },
    statusInvalid: { id: "shared.ideas.statusInvalid", defaultMessage: "That is not a status an idea can have." },
    challengeTitleRequired: {
      id: "shared.ideas.challengeTitleRequired",
      defaultMessage: "Please give the challenge a title.",
    },
    challengeTitleTooShort: {
      id: "shared.ideas.challengeTitleTooShort",
      defaultMessage: "The challenge title must be at least {min} characters.",
    },
    challengeTitleTooLong: {
      id: "shared.ideas.challengeTitleTooLong",
      defaultMessage: "The challenge title must be at most {max} characters.",
    },
    challengeDescriptionTooLong: {
      id: "shared.ideas.challengeDescriptionTooLong",
      defaultMessage: "The challenge description must be at most {max} characters.",
    },
    dateInvalid: {
      id: "shared.ideas.dateInvalid",
      defaultMessage: "Please enter a date (2026-12-31) or a date and time (2026-12-31T17:00:00Z).",
    },
    endsBeforeStart: {
      id: "shared.ideas.endsBeforeStart",
      defaultMessage: "The deadline must be after the start date.",
    },
    rewardPointsInvalid: {
      id: "shared.ideas.rewardPointsInvalid",
      defaultMessage: "Reward points must be a whole number from 0 to {max}.",
    },
    searchTooLong: {
      id: "shared.ideas.searchTooLong",
      defaultMessage: "The search text must be at most {max} characters.",
    },
    dueDateInvalid: {
      id: "shared.ideas.dueDateInvalid",
      defaultMessage: "Please enter the due date as a date (2026-12-31).",
    },
    dateOutOfRange: {
      id: "shared.ideas.dateOutOfRange",
      defaultMessage: "Please enter a date from the year {min} to {max}.",
    },
    ownIdeaAnotherReviewer: {
      id: "shared.ideas.ownIdeaAnotherReviewer",
      defaultMessage:
        "This is your own idea, so you do not review it: another manager of the team or an administrator will.",
    },
    ownIdeaAnotherAdministrator: {
      id: "shared.ideas.ownIdeaAnotherAdministrator",
      defaultMessage:
        "This is your own idea, so you do not decide on it: it waits for another administrator's decision.",
    },
  }),
};

/** IDEA_MESSAGES with the limits their wordings state. */
export const IDEA_PHRASES = phrasesOf(IDEA_MESSAGES, {
  titleTooShort: { min: IDEA_TITLE_MIN_LENGTH },
  titleTooLong: { max: IDEA_TITLE_MAX_LENGTH },
  descriptionTooLong: { max: IDEA_DESCRIPTION_MAX_LENGTH },
  descriptionRequiredToSubmit: { min: IDEA_DESCRIPTION_MIN_LENGTH_TO_SUBMIT },
  commentTooLong: { max: COMMENT_MAX_LENGTH },
  noteTooLong: { max: REVIEW_NOTE_MAX_LENGTH },
  challengeTitleTooShort: { min: CHALLENGE_TITLE_MIN_LENGTH },
  challengeTitleTooLong: { max: CHALLENGE_TITLE_MAX_LENGTH },
  challengeDescriptionTooLong: { max: CHALLENGE_DESCRIPTION_MAX_LENGTH },
  rewardPointsInvalid: { max: CHALLENGE_REWARD_POINTS_MAX },
  searchTooLong: { max: IDEA_SEARCH_MAX_LENGTH },
  dateOutOfRange: { min: CALENDAR_YEAR_MIN, max: CALENDAR_YEAR_MAX },
});
