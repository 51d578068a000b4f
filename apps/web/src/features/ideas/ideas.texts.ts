import { type ActionStatus, defineMessages, type IdeaStatus, type MessageDescriptor } from "@ideaport/shared";

/** Words the ideas screens say in more than one place. */
export const IDEAS_TEXTS = defineMessages({
  all: { id: "ideas.common.all", defaultMessage: "All" },
  edit: { id: "ideas.common.edit", defaultMessage: "Edit" },
  title: { id: "ideas.common.title", defaultMessage: "Title" },
  description: { id: "ideas.common.description", defaultMessage: "Description" },
  status: { id: "ideas.common.status", defaultMessage: "Status" },
  team: { id: "ideas.common.team", defaultMessage: "Team" },
  company: { id: "ideas.common.company", defaultMessage: "Company" },
  challenge: { id: "ideas.common.challenge", defaultMessage: "Challenge" },
  companyChallenge: { id: "ideas.common.companyChallenge", defaultMessage: "Company challenge" },
  dueDate: { id: "ideas.common.dueDate", defaultMessage: "Due date" },
  noDueDate: { id: "ideas.common.noDueDate", defaultMessage: "No due date" },
  noOwner: { id: "ideas.common.noOwner", defaultMessage: "No owner" },
  saveChanges: { id: "ideas.common.saveChanges", defaultMessage: "Save changes" },
  vote: { id: "ideas.common.vote", defaultMessage: "Vote" },
  voted: { id: "ideas.common.voted", defaultMessage: "Voted" },
  votes: { id: "ideas.common.votes", defaultMessage: "{count, plural, one {# vote} other {# votes}}" },
  comments: { id: "ideas.common.comments", defaultMessage: "{count, plural, one {# comment} other {# comments}}" },
  ideaCount: { id: "ideas.common.ideaCount", defaultMessage: "{count, plural, one {# idea} other {# ideas}}" },
  by: { id: "ideas.common.by", defaultMessage: "by {name}" },
  postedBy: { id: "ideas.common.postedBy", defaultMessage: "Posted by {name}" },
  submittedOn: { id: "ideas.common.submittedOn", defaultMessage: "Submitted {date}" },
  createdOn: { id: "ideas.common.createdOn", defaultMessage: "Created {date}" },
  /** Someone's words quoted as they wrote them. */
  quoted: { id: "ideas.common.quoted", defaultMessage: "“{text}”" },
  loadingIdeas: { id: "ideas.common.loadingIdeas", defaultMessage: "Loading ideas..." },
  loadIdeasFailed: { id: "ideas.common.loadIdeasFailed", defaultMessage: "Could not load the ideas." },
  showMoreIdeas: { id: "ideas.common.showMoreIdeas", defaultMessage: "Show more ideas" },
  showMoreProposals: { id: "ideas.common.showMoreProposals", defaultMessage: "Show more proposals" },
  optional: { id: "ideas.common.optional", defaultMessage: "Optional" },
});

export const IDEA_DETAIL_MESSAGES = defineMessages({
  dialogTitle: { id: "ideas.detail.dialogTitle", defaultMessage: "Idea" },
  closeDialog: { id: "ideas.detail.closeDialog", defaultMessage: "Close idea" },
  loading: { id: "ideas.detail.loading", defaultMessage: "Loading idea…" },
  saved: { id: "ideas.detail.saved", defaultMessage: "Your changes have been saved." },
  noDescription: { id: "ideas.detail.noDescription", defaultMessage: "No description yet." },
  noHistory: { id: "ideas.detail.noHistory", defaultMessage: "No status changes yet." },
  noRevisions: { id: "ideas.detail.noRevisions", defaultMessage: "No revisions yet." },
  noComments: { id: "ideas.detail.noComments", defaultMessage: "No comments yet. Be the first to say what you think." },
  commentsClosed: { id: "ideas.detail.commentsClosed", defaultMessage: "Comments open once the idea is submitted." },
  commentPosted: { id: "ideas.detail.commentPosted", defaultMessage: "Your comment has been posted." },
  /** Who took a step whose taker is no longer known. */
  theReviewer: { id: "ideas.detail.theReviewer", defaultMessage: "The reviewer" },
  byAuthor: { id: "ideas.detail.byAuthor", defaultMessage: "by <b>{name}</b>" },
  answers: {
    id: "ideas.detail.answers",
    defaultMessage:
      "{scope, select, company {Answers the company challenge <b>{title}</b>} other {Answers the team challenge <b>{title}</b>}}",
  },
  lastChange: { id: "ideas.detail.lastChange", defaultMessage: "Last change {date}" },
  commentsTitle: { id: "ideas.detail.commentsTitle", defaultMessage: "Comments" },
  addComment: { id: "ideas.detail.addComment", defaultMessage: "Add a comment" },
  postComment: { id: "ideas.detail.postComment", defaultMessage: "Post comment" },
  historyTitle: { id: "ideas.detail.historyTitle", defaultMessage: "Status history" },
  fromStatus: { id: "ideas.detail.fromStatus", defaultMessage: "from {status}" },
  note: { id: "ideas.detail.note", defaultMessage: "Note: {note}" },
  revisionRequested: { id: "ideas.detail.revisionRequested", defaultMessage: "Revision requested" },
  askedForChanges: { id: "ideas.detail.askedForChanges", defaultMessage: "{reviewer} asked for changes." },
  askedForChangesEdit: {
    id: "ideas.detail.askedForChangesEdit",
    defaultMessage: "{reviewer} asked for changes. Edit your idea below, then resubmit it.",
  },
  notTakenForward: { id: "ideas.detail.notTakenForward", defaultMessage: "Not taken forward" },
  gaveReason: { id: "ideas.detail.gaveReason", defaultMessage: "{name} gave this reason:" },
  revisionsTitle: { id: "ideas.detail.revisionsTitle", defaultMessage: "Revisions" },
  revisionLabel: { id: "ideas.detail.revisionLabel", defaultMessage: "Revision {number}" },
  revisionOn: { id: "ideas.detail.revisionOn", defaultMessage: "Revision {number} · {date}" },
  revisionByOn: { id: "ideas.detail.revisionByOn", defaultMessage: "Revision {number} by {name} · {date}" },
  fieldChanged: { id: "ideas.detail.fieldChanged", defaultMessage: "{field} changed" },
  before: { id: "ideas.detail.before", defaultMessage: "Before" },
  after: { id: "ideas.detail.after", defaultMessage: "After" },
  emptyText: { id: "ideas.detail.emptyText", defaultMessage: "(empty)" },
  noTextChange: { id: "ideas.detail.noTextChange", defaultMessage: "No change to the text." },
  actionTitle: { id: "ideas.detail.actionTitle", defaultMessage: "Action" },
  actionOwner: { id: "ideas.detail.actionOwner", defaultMessage: "Owner: <b>{name}</b>" },
  nobodyYet: { id: "ideas.detail.nobodyYet", defaultMessage: "Nobody yet" },
  actionDue: { id: "ideas.detail.actionDue", defaultMessage: "Due: <b>{date}</b>" },
  actionStatus: { id: "ideas.detail.actionStatus", defaultMessage: "Status: <b>{status}</b>" },
});

export const EDIT_IDEA_MESSAGES = defineMessages({
  reviseTitle: { id: "ideas.edit.reviseTitle", defaultMessage: "Revise your idea" },
  draftTitle: { id: "ideas.edit.draftTitle", defaultMessage: "Edit your draft" },
  deleteDraft: { id: "ideas.edit.deleteDraft", defaultMessage: "Delete draft" },
  deleteQuestion: { id: "ideas.edit.deleteQuestion", defaultMessage: "Delete this draft? It cannot be brought back." },
  withdrawTitle: { id: "ideas.edit.withdrawTitle", defaultMessage: "Your submission" },
  withdrawIntro: {
    id: "ideas.edit.withdrawIntro",
    defaultMessage: "Nobody has started reviewing it yet. You can withdraw it to change it or to delete it.",
  },
  withdrawQuestion: {
    id: "ideas.edit.withdrawQuestion",
    defaultMessage: "Withdraw this idea? Reviewers no longer see it until you submit it again.",
  },
  withdrawConfirm: { id: "ideas.edit.withdrawConfirm", defaultMessage: "Withdraw idea" },
});

export const BRAIN_DUMP_MESSAGES = defineMessages({
  title: { id: "ideas.brainDump.title", defaultMessage: "Brain dump" },
  intro: {
    id: "ideas.brainDump.intro",
    defaultMessage: "A title is enough to save a draft. To submit, add a description: what problem it solves, and how.",
  },
  savedDraft: {
    id: "ideas.brainDump.savedDraft",
    defaultMessage: "Saved as a draft. You can finish it from your submissions.",
  },
  submitted: {
    id: "ideas.brainDump.submitted",
    defaultMessage: "Submitted! Your manager will review it and you will hear about every step.",
  },
  /** A manager's or administrator's own idea is reviewed by someone else. */
  submittedForAnotherReviewer: {
    id: "ideas.brainDump.submittedForAnotherReviewer",
    defaultMessage:
      "Submitted! Another manager of the team or an administrator will review it, and you will hear about every step.",
  },
  similarHint: {
    id: "ideas.brainDump.similarHint",
    defaultMessage: "Someone may have had this idea already. Open one to vote or comment instead.",
  },
  answeringGroup: { id: "ideas.brainDump.answeringGroup", defaultMessage: "Challenge you are answering" },
  answering: { id: "ideas.brainDump.answering", defaultMessage: "Answering" },
  stopAnswering: { id: "ideas.brainDump.stopAnswering", defaultMessage: "Stop answering {title}" },
  yourIdea: { id: "ideas.brainDump.yourIdea", defaultMessage: "Your idea" },
  placeholder: { id: "ideas.brainDump.placeholder", defaultMessage: "e.g. “Reusable crates for deliveries”" },
  hideDescription: { id: "ideas.brainDump.hideDescription", defaultMessage: "Hide the description" },
  addDescription: { id: "ideas.brainDump.addDescription", defaultMessage: "Add a description" },
  descriptionHint: {
    id: "ideas.brainDump.descriptionHint",
    defaultMessage: "What problem does it solve, and how? Needed before you submit.",
  },
  openSaved: { id: "ideas.brainDump.openSaved", defaultMessage: "Open “{title}”" },
  saveDraft: { id: "ideas.brainDump.saveDraft", defaultMessage: "Save as draft" },
  similarFound: {
    id: "ideas.brainDump.similarFound",
    defaultMessage: "{count, plural, one {# similar idea found.} other {# similar ideas found.}}",
  },
  similarTitle: { id: "ideas.brainDump.similarTitle", defaultMessage: "Similar ideas" },
});

export const ADD_CHALLENGE_MESSAGES = defineMessages({
  addChallenge: { id: "ideas.addChallenge.button", defaultMessage: "Add challenge" },
  proposalNote: {
    id: "ideas.addChallenge.proposalNote",
    defaultMessage:
      "Company challenges you post are proposals: an administrator approves or denies them before the company sees them.",
  },
  posted: { id: "ideas.addChallenge.posted", defaultMessage: 'Your challenge "{title}" is live for {where}.' },
  wholeCompany: { id: "ideas.addChallenge.wholeCompany", defaultMessage: "the whole company" },
  yourTeam: { id: "ideas.addChallenge.yourTeam", defaultMessage: "your team" },
  proposed: {
    id: "ideas.addChallenge.proposed",
    defaultMessage: 'Your proposal "{title}" was sent to the administrators for approval.',
  },
  saved: { id: "ideas.addChallenge.saved", defaultMessage: 'The challenge "{title}" was saved.' },
  noTeam: {
    id: "ideas.addChallenge.noTeam",
    defaultMessage: "You manage no team, so you can only propose company challenges.",
  },
  descriptionHint: {
    id: "ideas.addChallenge.descriptionHint",
    defaultMessage: "What should people think about? Plain text.",
  },
  startsOn: { id: "ideas.addChallenge.startsOn", defaultMessage: "Starts on" },
  deadline: { id: "ideas.addChallenge.deadline", defaultMessage: "Deadline" },
  deadlineHint: { id: "ideas.addChallenge.deadlineHint", defaultMessage: "Optional; the last day for ideas" },
  rewardPoints: { id: "ideas.addChallenge.rewardPoints", defaultMessage: "Reward points" },
  rewardPointsHint: {
    id: "ideas.addChallenge.rewardPointsHint",
    defaultMessage: "Optional; points offered for answering",
  },
  newChallenge: { id: "ideas.addChallenge.newChallenge", defaultMessage: "New challenge" },
  propose: { id: "ideas.addChallenge.propose", defaultMessage: "Propose challenge" },
  post: { id: "ideas.addChallenge.post", defaultMessage: "Post challenge" },
  scope: { id: "ideas.addChallenge.scope", defaultMessage: "Scope" },
  teamHint: { id: "ideas.addChallenge.teamHint", defaultMessage: "Your team sees it and can answer at once." },
  companyProposal: { id: "ideas.addChallenge.companyProposal", defaultMessage: "Company (proposal)" },
  companyHint: {
    id: "ideas.addChallenge.companyHint",
    defaultMessage: "Everyone in the company sees it and can answer.",
  },
  proposalHint: { id: "ideas.addChallenge.proposalHint", defaultMessage: "An administrator decides first." },
  editChallenge: { id: "ideas.addChallenge.editChallenge", defaultMessage: "Edit challenge" },
  teamChallengeFor: { id: "ideas.addChallenge.teamChallengeFor", defaultMessage: "Team challenge for {team}" },
  aTeam: { id: "ideas.addChallenge.aTeam", defaultMessage: "a team" },
});

export const CHALLENGE_MESSAGES = defineMessages({
  listTitle: { id: "ideas.challenges.listTitle", defaultMessage: "Challenges" },
  noDeadline: { id: "ideas.challenges.noDeadline", defaultMessage: "No deadline" },
  ended: { id: "ideas.challenges.ended", defaultMessage: "Ended" },
  /** `when` is a relative day: "in 3 days", "today". */
  ends: { id: "ideas.challenges.ends", defaultMessage: "Ends {when}" },
  startsOn: { id: "ideas.challenges.startsOn", defaultMessage: "Starts on {date}" },
  teamBadge: { id: "ideas.challenges.teamBadge", defaultMessage: "Team: {team}" },
  teamChallenge: { id: "ideas.challenges.teamChallenge", defaultMessage: "Team challenge: {team}" },
  /** A team whose name is not known. */
  unknownTeam: { id: "ideas.challenges.unknownTeam", defaultMessage: "unknown" },
  submitIdeaFor: { id: "ideas.challenges.submitIdeaFor", defaultMessage: "Submit an idea for {title}" },
  submitIdea: { id: "ideas.challenges.submitIdea", defaultMessage: "Submit an idea" },
  editLabel: { id: "ideas.challenges.editLabel", defaultMessage: "Edit {title}" },
  closeLabel: { id: "ideas.challenges.closeLabel", defaultMessage: "Close {title}" },
  close: { id: "ideas.challenges.close", defaultMessage: "Close" },
  closed: { id: "ideas.challenges.closed", defaultMessage: 'The challenge "{title}" is closed.' },
  scopeLabel: { id: "ideas.challenges.scopeLabel", defaultMessage: "Challenge scope" },
  loading: { id: "ideas.challenges.loading", defaultMessage: "Loading challenges..." },
  loadFailed: { id: "ideas.challenges.loadFailed", defaultMessage: "Could not load the challenges." },
  noneYet: {
    id: "ideas.challenges.noneYet",
    defaultMessage: "{scope, select, company {No company challenges yet.} other {No team challenges yet.}}",
  },
  showMore: { id: "ideas.challenges.showMore", defaultMessage: "Show more challenges" },
  /** Closing a challenge for good: the dialog's title and its button. */
  closeChallenge: { id: "ideas.challenges.closeChallenge", defaultMessage: "Close challenge" },
  closeQuestion: {
    id: "ideas.challenges.closeQuestion",
    defaultMessage: 'Close "{title}"? No more ideas can be submitted to it.',
  },
  /** The challenge dialog's close button. */
  closeDialog: { id: "ideas.challenges.closeDialog", defaultMessage: "Close challenge" },
  loadingOne: { id: "ideas.challenges.loadingOne", defaultMessage: "Loading challenge..." },
  submitIdeaForThis: { id: "ideas.challenges.submitIdeaForThis", defaultMessage: "Submit an idea for this challenge" },
  ideasAnswering: { id: "ideas.challenges.ideasAnswering", defaultMessage: "Ideas answering it" },
  noAnswers: { id: "ideas.challenges.noAnswers", defaultMessage: "No ideas answer it yet." },
  noAnswersInStatus: { id: "ideas.challenges.noAnswersInStatus", defaultMessage: "No ideas in this status." },
});

/** What the challenge list says when none of a status is there, by the status filter. */
export const NO_CHALLENGES_IN_STATUS: Readonly<
  Record<"active" | "proposed" | "closed" | "rejected", MessageDescriptor>
> = defineMessages({
  active: {
    id: "ideas.challenges.noneActive",
    defaultMessage: "{scope, select, company {No active company challenges.} other {No active team challenges.}}",
  },
  proposed: {
    id: "ideas.challenges.noneProposed",
    defaultMessage: "{scope, select, company {No proposed company challenges.} other {No proposed team challenges.}}",
  },
  closed: {
    id: "ideas.challenges.noneClosed",
    defaultMessage: "{scope, select, company {No closed company challenges.} other {No closed team challenges.}}",
  },
  rejected: {
    id: "ideas.challenges.noneDenied",
    defaultMessage: "{scope, select, company {No denied company challenges.} other {No denied team challenges.}}",
  },
});

export const PROPOSAL_MESSAGES = defineMessages({
  denyProposal: { id: "ideas.proposals.denyProposal", defaultMessage: "Deny proposal" },
  denyQuestion: {
    id: "ideas.proposals.denyQuestion",
    defaultMessage: 'Deny "{title}"? It will not be posted; its proposer is told.',
  },
  reason: { id: "ideas.proposals.reason", defaultMessage: "Reason" },
  reasonHint: { id: "ideas.proposals.reasonHint", defaultMessage: "Optional; shared with the proposer" },
  proposedBy: { id: "ideas.proposals.proposedBy", defaultMessage: "Proposed by {name}" },
  proposedByOn: { id: "ideas.proposals.proposedByOn", defaultMessage: "Proposed by {name} on {date}" },
  formerMember: { id: "ideas.proposals.formerMember", defaultMessage: "a former member" },
  approveLabel: { id: "ideas.proposals.approveLabel", defaultMessage: "Approve {title}" },
  denyLabel: { id: "ideas.proposals.denyLabel", defaultMessage: "Deny {title}" },
  deny: { id: "ideas.proposals.deny", defaultMessage: "Deny" },
  approved: {
    id: "ideas.proposals.approved",
    defaultMessage: '"{title}" is approved and live for the whole company.',
  },
  denied: { id: "ideas.proposals.denied", defaultMessage: '"{title}" was denied. Its proposer is told.' },
  title: { id: "ideas.proposals.title", defaultMessage: "Proposed challenges" },
  intro: {
    id: "ideas.proposals.intro",
    defaultMessage: "Company challenges proposed by your people wait here for your decision.",
  },
  loading: { id: "ideas.proposals.loading", defaultMessage: "Loading proposed challenges..." },
  loadFailed: { id: "ideas.proposals.loadFailed", defaultMessage: "Could not load the proposed challenges." },
  empty: { id: "ideas.proposals.empty", defaultMessage: "No proposed challenges are waiting for a decision." },
  waiting: { id: "ideas.proposals.waiting", defaultMessage: "Waiting for an administrator" },
  approvedClosed: { id: "ideas.proposals.approvedClosed", defaultMessage: "Approved, now closed" },
  loadingMine: { id: "ideas.proposals.loadingMine", defaultMessage: "Loading your proposals..." },
  loadMineFailed: { id: "ideas.proposals.loadMineFailed", defaultMessage: "Could not load your proposals." },
  noneMine: {
    id: "ideas.proposals.noneMine",
    defaultMessage: "You have not proposed a company challenge yet. Propose one above.",
  },
  mineTitle: { id: "ideas.proposals.mineTitle", defaultMessage: "Your proposals" },
  proposedOn: { id: "ideas.proposals.proposedOn", defaultMessage: "Proposed {date}" },
  proposedDecidedOn: { id: "ideas.proposals.proposedDecidedOn", defaultMessage: "Proposed {date} · decided {decided}" },
  reasonQuoted: { id: "ideas.proposals.reasonQuoted", defaultMessage: "Reason: “{note}”" },
});

export const ACTION_BOARD_MESSAGES = defineMessages({
  title: { id: "ideas.actions.title", defaultMessage: "Ideas to action" },
  intro: {
    id: "ideas.actions.intro",
    defaultMessage: "Approved ideas become actions with an owner, a due date and a status.",
  },
  due: { id: "ideas.actions.due", defaultMessage: "Due {date}" },
  dueOverdue: { id: "ideas.actions.dueOverdue", defaultMessage: "Due {date} (overdue)" },
  owner: { id: "ideas.actions.owner", defaultMessage: "Owner: {name}" },
  editLabel: { id: "ideas.actions.editLabel", defaultMessage: "Edit action: {title}" },
  openIdeaLabel: { id: "ideas.actions.openIdeaLabel", defaultMessage: "Open idea: {title}" },
  openIdea: { id: "ideas.actions.openIdea", defaultMessage: "Open idea" },
  announceLabel: { id: "ideas.actions.announceLabel", defaultMessage: "Announce: {title}" },
  announce: { id: "ideas.actions.announce", defaultMessage: "Announce" },
  noneMine: { id: "ideas.actions.noneMine", defaultMessage: "You own no actions yet." },
  none: { id: "ideas.actions.none", defaultMessage: "No actions yet. Approved ideas become actions here." },
  statusFilter: { id: "ideas.actions.statusFilter", defaultMessage: "Action status" },
  mineOnly: { id: "ideas.actions.mineOnly", defaultMessage: "Only my actions" },
  loading: { id: "ideas.actions.loading", defaultMessage: "Loading actions..." },
  loadFailed: { id: "ideas.actions.loadFailed", defaultMessage: "Could not load the actions." },
  nothingHere: { id: "ideas.actions.nothingHere", defaultMessage: "Nothing here." },
  showMore: { id: "ideas.actions.showMore", defaultMessage: "Show more actions" },
  saved: { id: "ideas.actions.saved", defaultMessage: 'The action "{title}" was saved.' },
  editAction: { id: "ideas.actions.editAction", defaultMessage: "Edit action" },
  saveAction: { id: "ideas.actions.saveAction", defaultMessage: "Save action" },
  idea: { id: "ideas.actions.idea", defaultMessage: "Idea: {title}" },
  ownerLabel: { id: "ideas.actions.ownerLabel", defaultMessage: "Owner" },
  dueDateHint: { id: "ideas.actions.dueDateHint", defaultMessage: "Leave empty for no due date" },
  you: { id: "ideas.actions.you", defaultMessage: "{name} (you)" },
  loadingPeople: { id: "ideas.actions.loadingPeople", defaultMessage: "Loading the team's people..." },
  peopleUnavailable: {
    id: "ideas.actions.peopleUnavailable",
    defaultMessage: "The team's people could not be listed; you can keep the owner or leave it empty.",
  },
});

/** Each action status as the board names it. */
export const ACTION_STATUS_LABELS: Readonly<Record<ActionStatus, MessageDescriptor>> = defineMessages({
  todo: { id: "ideas.actionStatus.todo", defaultMessage: "To do" },
  in_progress: { id: "ideas.actionStatus.inProgress", defaultMessage: "In progress" },
  blocked: { id: "ideas.actionStatus.blocked", defaultMessage: "Blocked" },
  done: { id: "ideas.actionStatus.done", defaultMessage: "Done" },
});

/** What the board says when no action has the status it is filtered by. */
export const NO_ACTIONS_IN_STATUS: Readonly<Record<ActionStatus, MessageDescriptor>> = defineMessages({
  todo: { id: "ideas.actions.noneTodo", defaultMessage: "No actions are to do." },
  in_progress: { id: "ideas.actions.noneInProgress", defaultMessage: "No actions are in progress." },
  blocked: { id: "ideas.actions.noneBlocked", defaultMessage: "No actions are blocked." },
  done: { id: "ideas.actions.noneDone", defaultMessage: "No actions are done." },
});

/**
 * The button that takes an idea to each status. The lifecycle table decides which of them a
 * viewer sees (the server answers them as `allowed_transitions`).
 */
export const TRANSITION_LABELS: Readonly<Record<IdeaStatus, MessageDescriptor>> = defineMessages({
  draft: { id: "ideas.transition.draft", defaultMessage: "Withdraw" },
  submitted: { id: "ideas.transition.submitted", defaultMessage: "Submit" },
  under_review: { id: "ideas.transition.underReview", defaultMessage: "Start review" },
  needs_revision: { id: "ideas.transition.needsRevision", defaultMessage: "Ask for revision" },
  revision_submitted: { id: "ideas.transition.revisionSubmitted", defaultMessage: "Resubmit" },
  pending_review: { id: "ideas.transition.pendingReview", defaultMessage: "Endorse to admins" },
  approved: { id: "ideas.transition.approved", defaultMessage: "Approve" },
  rejected: { id: "ideas.transition.rejected", defaultMessage: "Reject" },
  merged: { id: "ideas.transition.merged", defaultMessage: "Merge" },
});

/** What a step did, said after it succeeded. */
export const STEP_DONE: Readonly<Record<IdeaStatus, MessageDescriptor>> = defineMessages({
  draft: {
    id: "ideas.stepDone.draft",
    defaultMessage: "Your idea has been withdrawn. It is a draft again: change it, submit it again, or delete it.",
  },
  submitted: { id: "ideas.stepDone.submitted", defaultMessage: "Your idea has been submitted." },
  under_review: { id: "ideas.stepDone.underReview", defaultMessage: "The review has started." },
  needs_revision: { id: "ideas.stepDone.needsRevision", defaultMessage: "The author has been asked for a revision." },
  revision_submitted: { id: "ideas.stepDone.revisionSubmitted", defaultMessage: "Your revision has been submitted." },
  pending_review: { id: "ideas.stepDone.pendingReview", defaultMessage: "The idea has been endorsed to the admins." },
  approved: { id: "ideas.stepDone.approved", defaultMessage: "The idea has been approved." },
  rejected: { id: "ideas.stepDone.rejected", defaultMessage: "The idea has been rejected." },
  merged: { id: "ideas.stepDone.merged", defaultMessage: "The idea has been merged." },
});

/** What the pending decision says while it can still be undone. */
export const PENDING_TEXT: Partial<Record<IdeaStatus, MessageDescriptor>> = defineMessages({
  approved: { id: "ideas.pending.approved", defaultMessage: "Approving this idea." },
  rejected: { id: "ideas.pending.rejected", defaultMessage: "Rejecting this idea." },
});

export const REVIEW_MESSAGES = defineMessages({
  review: { id: "ideas.review.title", defaultMessage: "Review" },
  revisionQuestion: {
    id: "ideas.review.revisionQuestion",
    defaultMessage: "Send the idea back to its author for a revision.",
  },
  revisionNoteLabel: { id: "ideas.review.revisionNoteLabel", defaultMessage: "What should change" },
  noteRequiredHint: { id: "ideas.review.noteRequiredHint", defaultMessage: "Required. The author reads it." },
  noteOptionalHint: { id: "ideas.review.noteOptionalHint", defaultMessage: "Optional." },
  noteForAuthor: { id: "ideas.review.noteForAuthor", defaultMessage: "Note for the author" },
  approveQuestion: {
    id: "ideas.review.approveQuestion",
    defaultMessage: "Approve this idea? It goes on the ideas-to-action board.",
  },
  approveConfirm: { id: "ideas.review.approveConfirm", defaultMessage: "Approve idea" },
  rejectQuestion: {
    id: "ideas.review.rejectQuestion",
    defaultMessage: "Reject this idea? Its author reads your reason.",
  },
  rejectNoteLabel: { id: "ideas.review.rejectNoteLabel", defaultMessage: "Reason for the author" },
  rejectConfirm: { id: "ideas.review.rejectConfirm", defaultMessage: "Reject idea" },
  endorseQuestion: {
    id: "ideas.review.endorseQuestion",
    defaultMessage: "Endorse this idea for the administrators' decision?",
  },
  cancel: { id: "ideas.review.cancel", defaultMessage: "Cancel" },
  actionOwner: { id: "ideas.review.actionOwner", defaultMessage: "Action owner" },
  actionOwnerHint: { id: "ideas.review.actionOwnerHint", defaultMessage: "Who carries the idea out." },
  sendingIn: { id: "ideas.review.sendingIn", defaultMessage: "Sending in {seconds} s." },
  undo: { id: "ideas.review.undo", defaultMessage: "Undo" },
});

export const SUBMISSIONS_MESSAGES = defineMessages({
  drafts: { id: "ideas.submissions.drafts", defaultMessage: "Drafts" },
  emptyAll: {
    id: "ideas.submissions.emptyAll",
    defaultMessage: "No ideas yet. Capture your first one in the brain-dump box.",
  },
  emptyDrafts: { id: "ideas.submissions.emptyDrafts", defaultMessage: "No drafts." },
  emptySubmitted: { id: "ideas.submissions.emptySubmitted", defaultMessage: "No ideas waiting for review." },
  emptyUnderReview: { id: "ideas.submissions.emptyUnderReview", defaultMessage: "No ideas under review." },
  emptyNeedsRevision: { id: "ideas.submissions.emptyNeedsRevision", defaultMessage: "No ideas need a revision." },
  emptyApproved: { id: "ideas.submissions.emptyApproved", defaultMessage: "No approved ideas yet." },
  emptyRejected: { id: "ideas.submissions.emptyRejected", defaultMessage: "No rejected ideas." },
  challengeOf: {
    id: "ideas.submissions.challengeOf",
    defaultMessage: "{scope, select, company {Company challenge: {title}} other {Team challenge: {title}}}",
  },
  finish: { id: "ideas.submissions.finish", defaultMessage: "Finish" },
  revise: { id: "ideas.submissions.revise", defaultMessage: "Revise" },
  finishLabel: { id: "ideas.submissions.finishLabel", defaultMessage: "Finish {title}" },
  reviseLabel: { id: "ideas.submissions.reviseLabel", defaultMessage: "Revise {title}" },
  loading: { id: "ideas.submissions.loading", defaultMessage: "Loading ideas…" },
  loadMoreFailed: {
    id: "ideas.submissions.loadMoreFailed",
    defaultMessage: "Could not load more ideas. Please try again.",
  },
  yours: { id: "ideas.submissions.yours", defaultMessage: "Your submissions" },
  inYourCompany: { id: "ideas.submissions.inYourCompany", defaultMessage: "Ideas in your company" },
  youCanSee: { id: "ideas.submissions.youCanSee", defaultMessage: "Ideas you can see" },
  youCanSeeHint: {
    id: "ideas.submissions.youCanSeeHint",
    defaultMessage: "Your teams' ideas, and every answer to a company challenge.",
  },
  whose: { id: "ideas.submissions.whose", defaultMessage: "Whose ideas" },
  mine: { id: "ideas.submissions.mine", defaultMessage: "Mine" },
  everyones: { id: "ideas.submissions.everyones", defaultMessage: "Everyone's" },
  teamAndCompany: { id: "ideas.submissions.teamAndCompany", defaultMessage: "Team and company" },
  search: { id: "ideas.submissions.search", defaultMessage: "Search ideas" },
  byStatus: { id: "ideas.submissions.byStatus", defaultMessage: "Filter by status" },
  noMatch: { id: "ideas.submissions.noMatch", defaultMessage: "No ideas match “{search}”." },
  anyChallenge: { id: "ideas.submissions.anyChallenge", defaultMessage: "Any challenge or none" },
  sortBy: { id: "ideas.submissions.sortBy", defaultMessage: "Sort by" },
  voteFor: { id: "ideas.submissions.voteFor", defaultMessage: "Vote for {title}" },
});

export const MANAGER_MESSAGES = defineMessages({
  pendingReview: { id: "ideas.manager.pendingReview", defaultMessage: "Pending review" },
  countUnavailable: { id: "ideas.manager.countUnavailable", defaultMessage: "Member count unavailable" },
  members: { id: "ideas.manager.members", defaultMessage: "{count, plural, one {# member} other {# members}}" },
  teams: { id: "ideas.manager.teams", defaultMessage: "Teams" },
  yourTeam: { id: "ideas.manager.yourTeam", defaultMessage: "Your team" },
  yourTeams: { id: "ideas.manager.yourTeams", defaultMessage: "Your teams" },
  loadingTeams: { id: "ideas.manager.loadingTeams", defaultMessage: "Loading teams..." },
  loadTeamsFailed: { id: "ideas.manager.loadTeamsFailed", defaultMessage: "Could not load the teams." },
  noTeam: { id: "ideas.manager.noTeam", defaultMessage: "You do not manage a team yet." },
  countingMembers: { id: "ideas.manager.countingMembers", defaultMessage: "Counting members..." },
  showSubmissionsOf: { id: "ideas.manager.showSubmissionsOf", defaultMessage: "Show submissions of" },
  allTeams: { id: "ideas.manager.allTeams", defaultMessage: "All teams" },
  allTeamsHint: { id: "ideas.manager.allTeamsHint", defaultMessage: "Every team's ideas (administrator)" },
  countsFailed: { id: "ideas.manager.countsFailed", defaultMessage: "Member counts could not be loaded." },
  loadingSubmissions: { id: "ideas.manager.loadingSubmissions", defaultMessage: "Loading submissions..." },
  loadSubmissionsFailed: {
    id: "ideas.manager.loadSubmissionsFailed",
    defaultMessage: "Could not load the submissions.",
  },
  noneInFilter: { id: "ideas.manager.noneInFilter", defaultMessage: 'No submissions in "{filter}".' },
  noSubmissions: {
    id: "ideas.manager.noSubmissions",
    defaultMessage: "No submissions yet. Every colleague you invite can put ideas forward.",
  },
  inviteTeam: { id: "ideas.manager.inviteTeam", defaultMessage: "Invite your team" },
  showMoreSubmissions: { id: "ideas.manager.showMoreSubmissions", defaultMessage: "Show more submissions" },
  teamSubmissions: { id: "ideas.manager.teamSubmissions", defaultMessage: "Team submissions" },
  ideasFromTeam: {
    id: "ideas.manager.ideasFromTeam",
    defaultMessage: "Ideas from {team}. Open one to review it, ask for a revision or decide.",
  },
  ideasFromSelected: {
    id: "ideas.manager.ideasFromSelected",
    defaultMessage: "Ideas from the selected team. Open one to review it, ask for a revision or decide.",
  },
  ideasFromEvery: {
    id: "ideas.manager.ideasFromEvery",
    defaultMessage: "Ideas from every team. Open one to review it, ask for a revision or decide.",
  },
  byStatus: { id: "ideas.manager.byStatus", defaultMessage: "Submissions by status" },
});

export const PAGE_MESSAGES = defineMessages({
  employeeTitle: { id: "ideas.page.employeeTitle", defaultMessage: "Employee Ideas" },
  employeeIntro: {
    id: "ideas.page.employeeIntro",
    defaultMessage: "Answer a challenge or put your own idea forward, then follow each one through review.",
  },
  proposeChallenge: { id: "ideas.page.proposeChallenge", defaultMessage: "Propose a challenge" },
  loadingYourIdeas: { id: "ideas.page.loadingYourIdeas", defaultMessage: "Loading your ideas..." },
  managerTitle: { id: "ideas.page.managerTitle", defaultMessage: "Manager Ideas" },
  managerIntro: {
    id: "ideas.page.managerIntro",
    defaultMessage: "Post challenges, review your team's ideas and follow approved ideas through to action.",
  },
  postFirstChallenge: { id: "ideas.page.postFirstChallenge", defaultMessage: "Post your first challenge" },
  loadingTeamIdeas: { id: "ideas.page.loadingTeamIdeas", defaultMessage: "Loading your team's ideas..." },
});

export const CHECKLIST_MESSAGES = defineMessages({
  title: { id: "ideas.checklist.title", defaultMessage: "Get your company started" },
  progress: {
    id: "ideas.checklist.progress",
    defaultMessage: "{done} of {total} steps done. Each step ticks itself off once it is done.",
  },
  stepsDone: { id: "ideas.checklist.stepsDone", defaultMessage: "Steps done" },
  /** The step's title and the button that takes it. */
  postChallenge: { id: "ideas.checklist.postChallenge", defaultMessage: "Post a challenge" },
  postChallengeHint: {
    id: "ideas.checklist.postChallengeHint",
    defaultMessage: "Ask your people a question that their ideas can answer.",
  },
  inviteTeamHint: {
    id: "ideas.checklist.inviteTeamHint",
    defaultMessage: "Invite the people of each team by e-mail from Team settings.",
  },
  invitePeople: { id: "ideas.checklist.invitePeople", defaultMessage: "Invite people" },
  publishNews: { id: "ideas.checklist.publishNews", defaultMessage: "Publish news" },
  publishNewsHint: {
    id: "ideas.checklist.publishNewsHint",
    defaultMessage: "Tell the company what the programme is for in a first news post.",
  },
  writeNews: { id: "ideas.checklist.writeNews", defaultMessage: "Write a news post" },
  setUpRewards: { id: "ideas.checklist.setUpRewards", defaultMessage: "Set up rewards" },
  setUpRewardsHint: {
    id: "ideas.checklist.setUpRewardsHint",
    defaultMessage: "Add rewards that people can buy with the points their ideas earn.",
  },
  addRewards: { id: "ideas.checklist.addRewards", defaultMessage: "Add rewards" },
});

/** Writes kept on the device while there is no network (the outbox), until they are sent. */
export const WAITING_TO_SEND_MESSAGES = defineMessages({
  waitingToSend: {
    id: "ideas.outbox.waitingToSend",
    defaultMessage: "Waiting to send",
    description: "Beside an idea, comment or vote made offline, until the server has it",
  },
  ideasTitle: { id: "ideas.outbox.ideasTitle", defaultMessage: "Ideas waiting to send" },
  ideaKept: {
    id: "ideas.outbox.ideaKept",
    defaultMessage: "No network: your idea is kept on this device and will be sent when you are back online.",
  },
  commentKept: {
    id: "ideas.outbox.commentKept",
    defaultMessage: "No network: your comment is kept on this device and will be sent when you are back online.",
  },
});

/** Merging duplicates: the merged idea's link, contributors, the possible duplicates and the merge dialog. */
export const MERGE_MESSAGES = defineMessages({
  mergedInto: { id: "ideas.merge.mergedInto", defaultMessage: "This idea was merged into" },
  contributors: { id: "ideas.merge.contributors", defaultMessage: "Contributors: {names}" },
  fromMergedIdea: { id: "ideas.merge.fromMergedIdea", defaultMessage: "from the merged idea “{title}”" },
  heading: { id: "ideas.merge.heading", defaultMessage: "Possible duplicates" },
  none: { id: "ideas.merge.none", defaultMessage: "No open idea looks like this one." },
  similarText: { id: "ideas.merge.similarText", defaultMessage: "similar text" },
  sameVotes: {
    id: "ideas.merge.sameVotes",
    defaultMessage: "{count, plural, one {# person said it is the same} other {# people said it is the same}}",
  },
  mergeButton: { id: "ideas.merge.mergeButton", defaultMessage: "Merge" },
  mergeButtonOf: { id: "ideas.merge.mergeButtonOf", defaultMessage: "Merge “{title}” into this idea" },
  dialogTitle: { id: "ideas.merge.dialogTitle", defaultMessage: "Merge duplicate" },
  question: { id: "ideas.merge.question", defaultMessage: "Merge “{duplicate}” into “{target}”?" },
  whatHappens: {
    id: "ideas.merge.whatHappens",
    defaultMessage:
      "Its votes move to this idea (nobody is counted twice), its comments stay readable here, and {author} is named as a contributor and told.",
  },
  confirm: { id: "ideas.merge.confirm", defaultMessage: "Merge" },
  cancel: { id: "ideas.merge.cancel", defaultMessage: "Cancel" },
  pending: { id: "ideas.merge.pending", defaultMessage: "Merging “{duplicate}” into “{target}”." },
  merged: { id: "ideas.merge.merged", defaultMessage: "The duplicate has been merged into this idea." },
});
