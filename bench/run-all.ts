// Runs every benchmark in turn: `npm run bench`.
import { runIdeasApiBenchmark } from "./ideas-api.ts";
import { runPortalApiBenchmark } from "./portal-api.ts";
import { runStartupBenchmark } from "./startup.ts";

await runStartupBenchmark();
console.info("");
await runIdeasApiBenchmark();
console.info("");
await runPortalApiBenchmark();
