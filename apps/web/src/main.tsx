// First: zod must be configured before any schema exists (the lazily loaded screens create them).
import "./lib/zod-jitless.ts";
import { startApp } from "./app/start-app.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");
startApp(container);
