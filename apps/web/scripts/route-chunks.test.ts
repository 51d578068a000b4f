import path from "node:path";
import { expect, it } from "vitest";
import type { AppRoute, Screen } from "../src/app/routes.ts";
import { type Context, planChunks } from "./route-chunks.ts";

const WEB = "/web";
/** Code long enough (as the plan measures it) for a chunk of its own. */
const LONG = `/*${"x".repeat(4000)}*/`;

/** A small app: its modules' code by id, as the build transformed it. */
const MODULES: Record<string, string> = {
  "/web/index.html": `import "/web/src/main.ts";`,
  "/web/src/main.ts": `export {};`,
  "/web/landing.html": `import "/web/src/landing-main.ts";`,
  "/web/src/landing-main.ts": `import { session } from "./session.ts"; export const open = () => import("./landing-dialogs.ts");`,
  "/web/src/landing-dialogs.ts": `import { LoginForm } from "./login-form.ts"; export const Dialogs = LoginForm;`,
  "/web/src/session.ts": `export const session = 1;`,
  "/web/src/start.ts": `import { Button } from "ui"; import { render } from "vendor"; import { session } from "./session.ts"; export const start = [Button, render, session];`,
  "/web/src/login.ts": `import { LoginForm } from "./login-form.ts"; import { hint } from "./hint.ts"; export const Login = [LoginForm, hint, () => import("./login-dialog.ts")];`,
  "/web/src/login-dialog.ts": `import { Table } from "ui"; export const LoginDialog = Table;`,
  "/web/src/login-form.ts": `import { Button } from "ui"; export const LoginForm = Button; ${LONG}`,
  "/web/src/ideas.ts": `import { Table, Tabs } from "ui"; import { card } from "./card.ts"; import { hint } from "./hint.ts"; import { Frame } from "./app/layout/app-layout.tsx"; export const Ideas = [Table, Tabs, card, hint, Frame, () => import("./ideas-dialog.ts")];`,
  "/web/src/company.ts": `import { Table } from "ui"; import { card } from "./card.ts"; import { Frame } from "./app/layout/app-layout.tsx"; export const Company = [Table, card, Frame, () => import("./company-dialog.ts")];`,
  "/web/src/company-dialog.ts": `import { Tabs } from "ui"; export const CompanyDialog = Tabs;`,
  "/web/src/app/layout/app-layout.tsx": `export const Frame = 1;`,
  "/web/src/card.ts": `export const card = 1; ${LONG}`,
  "/web/src/hint.ts": `export const hint = "a few words";`,
  "/web/src/ideas-dialog.ts": `import { Modal } from "ui"; export const Dialog = Modal;`,
  "/nm/ui/index.js": `export { Button } from "./button.js"; export { Modal } from "./modal.js"; export { Table } from "./table.js"; export * from "./more.js";`,
  "/nm/ui/button.js": `export const Button = 1;`,
  "/nm/ui/modal.js": `export const Modal = 2; ${LONG}`,
  "/nm/ui/table.js": `export const Table = 3; ${LONG}`,
  "/nm/ui/more.js": `export const Tabs = 4; ${LONG}`,
  "/nm/vendor/index.js": `export const render = 5;`,
};

const dynamicImportsOf = (id: string) =>
  [...(MODULES[id] ?? "").matchAll(/import\("([^"]+)"\)/g)].map((match) =>
    path.resolve(path.dirname(id), match[1] as string),
  );

const context = {
  getModuleInfo: (id: string) =>
    id in MODULES
      ? {
          code: MODULES[id],
          isEntry: id.endsWith(".html"),
          dynamicallyImportedIds: dynamicImportsOf(id),
          dynamicImporters: Object.keys(MODULES).filter((other) => dynamicImportsOf(other).includes(id)),
        }
      : null,
  resolve: async (specifier: string, importer: string) => ({
    id: specifier.startsWith(".")
      ? path.resolve(path.dirname(importer), specifier)
      : specifier.startsWith("/")
        ? specifier
        : `/nm/${specifier}/index.js`,
    external: false,
  }),
} as unknown as Context;

const route = (path: string, module: string, access: AppRoute["access"], ownPage?: "landing.html") =>
  ({ path, screen: { module, name: "Screen" }, access, prerender: false, budgetKiB: 170, ownPage }) as AppRoute;

const table = {
  routes: [
    route("/", "landing.ts", "public", "landing.html"),
    route("/login", "login.ts", "public"),
    route("/ideas", "ideas.ts", "signed-in"),
    route("/company", "company.ts", "signed-in"),
  ],
  screensOf: (appRoute: AppRoute): Screen[] => [appRoute.screen],
  startModules: ["src/start.ts"],
};

it("groups the modules of the routes' first screens by the routes that use them", async () => {
  const plan = await planChunks(context, table, { webRoot: WEB, vendor: /\/nm\/vendor\// });

  expect(Object.fromEntries(plan)).toEqual({
    // Every route's, and a few words two of three routes use.
    "/nm/ui/button.js": "app-core",
    "/web/src/hint.ts": "app-core",
    // The names lead through the package's index to the modules declaring them.
    "/web/src/card.ts": "ideas+company",
    "/web/src/app/layout/app-layout.tsx": "ideas+company",
    // A dialog of /login, which has not loaded the chunk of ideas and company, uses it: it stays apart.
    "/nm/ui/table.js": "ideas+company~login-dialog",
    // The landing page's popup uses it: apart too, named after that code.
    "/web/src/login-form.ts": "login~landing-dialogs",
    // A dialog of /company uses it, but in the signed-in frame the ideas screen's code is fetched anyway.
    "/nm/ui/more.js": "ideas",
  });
  // Left to the build: the screens, what the landing page loads, the vendor chunk's, what only dialogs use.
});
