export { TagChips } from "./tag-chips.tsx";
export { TagFilterSelect } from "./tag-filter.tsx";
export { hasTag, TagPicker, withTag } from "./tag-picker.tsx";
export { TAG_ANALYTICS_MESSAGES, TAG_MESSAGES } from "./tags.texts.ts";
