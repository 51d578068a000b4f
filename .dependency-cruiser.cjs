/**
 * The layering of the server and of the web app, checked on every lint run (`npm run check:imports`).
 *
 * Server: lib and config at the bottom, then db, then core, then plugins and modules, then seed, app
 * and main on top. A module uses another module only through its service, and modules form no loop.
 *
 * Web app: lib at the bottom, then components (the UI kit), then features (one folder each), then
 * app (shell, router, layout, guards, and the screens that compose several features) on top. A
 * feature uses another feature only through its index.ts.
 */
const SERVER = "^apps/server/src/";
const WEB = "^apps/web/src/";
const TESTS = "(\\.test\\.tsx?$|test-kit\\.ts$|^apps/server/src/test/|^apps/web/src/test/)";

/** A rule that files under `root` + `from` import nothing under any of `root` + `to`. */
function below(root, name, from, to, comment) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: `${root}${from}`, pathNot: TESTS },
    to: { path: to.map((folder) => `${root}${folder}`) },
  };
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Files form no import loop (type-only imports aside).",
      severity: "error",
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "no-module-loops",
      comment: "Feature modules form no loop: when two need each other, one calls the other's service.",
      severity: "error",
      scope: "folder",
      from: { path: `${SERVER}modules/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/`, circular: true },
    },
    {
      name: "module-internals",
      comment:
        "A module uses another module only through its service (x.service.ts), never its repository, presenter or helpers.",
      severity: "error",
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SERVER}modules/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/[^/]+\\.service\\.ts$`],
      },
    },
    below(
      SERVER,
      "lib-is-the-bottom",
      "lib/",
      ["config/", "db/", "core/", "plugins/", "modules/", "seed/", "app\\.ts", "main\\.ts"],
      "lib holds pure helpers.",
    ),
    below(
      SERVER,
      "config-below-db",
      "config/",
      ["db/", "core/", "plugins/", "modules/", "seed/", "app\\.ts", "main\\.ts"],
      "Configuration is read before anything else.",
    ),
    below(
      SERVER,
      "db-below-core",
      "db/",
      ["core/", "plugins/", "modules/", "seed/", "app\\.ts", "main\\.ts"],
      "The database layer knows no feature.",
    ),
    below(
      SERVER,
      "core-below-modules",
      "core/",
      ["plugins/", "modules/", "seed/", "app\\.ts", "main\\.ts"],
      "core is what every module uses; it uses no module.",
    ),
    below(
      SERVER,
      "plugins-below-modules",
      "plugins/",
      ["modules/", "seed/", "app\\.ts", "main\\.ts"],
      "Plugins serve every module and know none.",
    ),
    below(
      SERVER,
      "modules-below-seed",
      "modules/",
      ["seed/", "app\\.ts", "main\\.ts"],
      "Seeding uses the modules' services, not the other way round.",
    ),
    below(
      WEB,
      "web-lib-is-the-bottom",
      "lib/",
      ["components/", "features/", "app/"],
      "lib (session, the signed-in user, API and query clients, formatting, hooks) knows no screen.",
    ),
    below(
      WEB,
      "web-components-below-features",
      "components/",
      ["features/", "app/"],
      "The UI kit and theme serve every feature and know none.",
    ),
    below(
      WEB,
      "web-features-below-app",
      "features/",
      ["app/"],
      "Features know nothing of the shell, router, layout or the screens that compose them.",
    ),
    {
      name: "web-feature-public",
      comment: "A feature uses another feature only through its index.ts, never its files.",
      severity: "error",
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${WEB}features/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: "shared-stands-alone",
      comment: "packages/shared is used by the server and the web app and imports neither.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    // Tests may reach anything they test; the rules are about the product's code.
    exclude: { path: ["node_modules", "/dist/", TESTS] },
    tsConfig: { fileName: "apps/server/tsconfig.json" },
  },
};
