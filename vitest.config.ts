import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/shared", "apps/server", "apps/web"],
    // One test file per core. Vitest's default leaves a core for itself, which on a 2-core CI
    // machine runs every file one after another while the main process mostly waits.
    maxWorkers: availableParallelism(),
  },
});
