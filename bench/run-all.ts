// Runs every benchmark in turn: `npm run bench`.
import { runIdeasApiBenchmark } from "./ideas-api.ts";
import { runStartupBenchmark } from "./startup.ts";

await runStartupBenchmark();
console.info("");
await runIdeasApiBenchmark();
