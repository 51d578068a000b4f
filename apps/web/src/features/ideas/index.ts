export { IdeaLine, IdeaStatusBadge } from "./idea-ui.tsx";
export { ideaKeys, useVoteForIdea } from "./ideas.queries.ts";
export { ACTION_STATUS_LABELS } from "./ideas.texts.ts";
export { formatScore } from "./scorecard-section.tsx";
