import { defineMessages } from "@ideaport/shared";

/** The new-version notice (service-worker.ts). */
export const SERVICE_WORKER_TEXTS = defineMessages({
  updateReady: { id: "components.updateReady", defaultMessage: "A new version of Ideaport is ready." },
  reloadToUpdate: { id: "components.reloadToUpdate", defaultMessage: "Reload to update" },
});
