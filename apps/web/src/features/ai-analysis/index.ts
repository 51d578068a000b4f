export { AnalysisResult, AnalyzeButton, useAnalysisRequest } from "./analyze-idea.tsx";

/** The review checklist of an idea, loaded when an idea's detail first shows it. */
export const loadReviewChecklist = () => import("./review-checklist.tsx");
