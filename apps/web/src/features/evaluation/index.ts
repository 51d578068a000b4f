export { EVALUATION_SETTINGS_TEXTS } from "./evaluation.texts.ts";
export { EvaluationSettingsSection } from "./evaluation-settings-section.tsx";
export { EvaluatorsSection } from "./evaluators-section.tsx";
