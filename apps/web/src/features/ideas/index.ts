export { ACTION_STATUS_LABELS } from "./action-status.ts";
export { IdeaStatusBadge } from "./idea-ui.tsx";
export { useVoteForIdea } from "./ideas.queries.ts";
