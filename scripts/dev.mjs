// Runs the API (tsx watch, port 8000) and the Vite dev server (port 5173, proxying /api) together.
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "--workspace", "@ideaport/server"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "--workspace", "@ideaport/web"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
