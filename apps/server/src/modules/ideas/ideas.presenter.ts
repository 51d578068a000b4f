import {
  allowedTransitions,
  type Comment,
  canVoteFor,
  checklistOfVerdicts,
  type Idea,
  type IdeaDetail,
  type IdeaRevision,
  isEditableStatus,
  type LifecycleIdea,
  type LifecycleViewer,
  ownIdeaReviewerOf,
  type TagRef,
} from "@ideaport/shared";
import { type CompanyCaller, managesTeam } from "../../core/caller.ts";
import { translatorFor } from "../../lib/i18n.ts";
import type { ActionListRow } from "../actions/actions.service.ts";
import type { IdeaCommentRow, IdeaHistoryRow, IdeaListRow, IdeaRevisionRow } from "./ideas.repository.ts";

/** The lifecycle facts of an idea. */
export function lifecycleIdeaOf(row: Pick<IdeaListRow, "status" | "challengeScope">): LifecycleIdea {
  return { status: row.status, answersCompanyChallenge: row.challengeScope === "company" };
}

/** The caller's relation to an idea, for the lifecycle table. */
export function lifecycleViewerOf(
  caller: CompanyCaller,
  row: Pick<IdeaListRow, "authorId" | "teamId">,
): LifecycleViewer {
  return {
    isAuthor: row.authorId === caller.id,
    managesIdeaTeam: managesTeam(caller, row.teamId),
    isAdmin: caller.isAdmin,
  };
}

/** An idea as lists and cards show it, with what the caller may do with it. */
export function presentIdea(row: IdeaListRow, caller: CompanyCaller, hasVoted: boolean, tags: TagRef[]): Idea {
  const idea = lifecycleIdeaOf(row);
  const viewer = lifecycleViewerOf(caller, row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    author: { id: row.authorId, display_name: row.authorName },
    team_id: row.teamId,
    team_name: row.teamName,
    challenge:
      row.challengeId && row.challengeTitle !== null && row.challengeScope !== null
        ? { id: row.challengeId, title: row.challengeTitle, scope: row.challengeScope }
        : null,
    votes: row.voteCount,
    comment_count: row.commentCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    submitted_at: row.submittedAt,
    has_voted: hasVoted,
    allowed_transitions: allowedTransitions(idea, viewer),
    can_edit: row.authorId === caller.id && isEditableStatus(row.status),
    can_vote: canVoteFor(row, viewer),
    own_idea_reviewer: ownIdeaReviewerOf(idea, viewer),
    tags,
  };
}

/**
 * Revisions keep the text as it was before each edit; the text after an edit is the next
 * revision's, or the idea's current text for the latest one.
 */
export function presentRevisions(
  rows: IdeaRevisionRow[],
  current: { title: string; description: string },
): IdeaRevision[] {
  return rows.map((row, index) => {
    const next = rows[index + 1] ?? current;
    return {
      id: row.id,
      revised_by: row.revisedBy ? { id: row.revisedBy, display_name: row.reviserName ?? "" } : null,
      created_at: row.createdAt,
      before: { title: row.title, description: row.description },
      after: { title: next.title, description: next.description },
    };
  });
}

export function presentComment(row: IdeaCommentRow): Comment {
  return {
    id: row.id,
    body: row.body,
    author: { id: row.authorId, display_name: row.authorName },
    created_at: row.createdAt,
  };
}

/** The idea with its status history, revisions and comments. */
export function presentIdeaDetail(
  row: IdeaListRow,
  caller: CompanyCaller,
  related: {
    hasVoted: boolean;
    history: IdeaHistoryRow[];
    revisions: IdeaRevisionRow[];
    comments: IdeaCommentRow[];
    action: ActionListRow | undefined;
    tags: TagRef[];
  },
): IdeaDetail {
  return {
    ...presentIdea(row, caller, related.hasVoted, related.tags),
    history: related.history.map((event) => ({
      id: event.id,
      from_status: event.fromStatus,
      to_status: event.toStatus,
      actor: event.actorId ? { id: event.actorId, display_name: event.actorName ?? "" } : null,
      note: event.note,
      created_at: event.createdAt,
      checklist: event.checklist ? checklistOfVerdicts(event.checklist, translatorFor(caller.language)) : null,
    })),
    revisions: presentRevisions(related.revisions, row),
    comments: related.comments.map(presentComment),
    action: related.action
      ? {
          id: related.action.id,
          owner: related.action.ownerId
            ? { id: related.action.ownerId, display_name: related.action.ownerName ?? "" }
            : null,
          due_date: related.action.dueDate,
          status: related.action.status,
        }
      : null,
  };
}
