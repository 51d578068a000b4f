export { IdeaLine, IdeaStatusBadge } from "./idea-ui.tsx";
export { ideaKeys, sendKeptIdeaWrite, useVoteForIdea } from "./ideas.queries.ts";
export { ACTION_STATUS_LABELS } from "./ideas.texts.ts";
export { formatScore } from "./scorecard-section.tsx";
