export { AnalysisResult, AnalyzeButton, useAnalysisRequest } from "./analyze-idea.tsx";

/** Loads the reviewer's checklist on demand: it stays a chunk of its own. */
export const loadReviewChecklist = () => import("./review-checklist.tsx");
