export { ChannelsSection } from "./channels-section.tsx";
export { INTEGRATIONS_TEXTS } from "./integrations.texts.ts";
export { WebhooksSection } from "./webhooks-section.tsx";
