export { IdeaLine, IdeaStatusBadge } from "./idea-ui.tsx";
export { sendKeptIdeaWrite, useVoteForIdea } from "./ideas.queries.ts";
export { ACTION_STATUS_LABELS } from "./ideas.texts.ts";
