export { IdeaLine, IdeaStatusBadge } from "./idea-ui.tsx";
export { useVoteForIdea } from "./ideas.queries.ts";
export { ACTION_STATUS_LABELS } from "./ideas.texts.ts";
