/**
 * The server's layering, checked on every lint run (`npm run check:imports`):
 * lib and config at the bottom, then db, then core, then plugins and modules, then seed, app and
 * main on top. A module uses another module only through its service, and modules form no loop.
 */
const SERVER = "^apps/server/src/";
const TESTS = "(\\.test\\.ts$|test-kit\\.ts$|^apps/server/src/test/)";

/** A rule that files under `from` import nothing under any of `to`. */
function below(name, from, to, comment) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: `${SERVER}${from}`, pathNot: TESTS },
    to: { path: to.map((folder) => `${SERVER}${folder}`) },
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
      "lib-is-the-bottom",
      "lib/",
      ["config/", "db/", "core/", "plugins/", "modules/", "seed/", "app\\.ts", "main\\.ts"],
      "lib holds pure helpers.",
    ),
    below(
      "config-below-db",
      "config/",
      ["db/", "core/", "plugins/", "modules/", "seed/", "app\\.ts", "main\\.ts"],
      "Configuration is read before anything else.",
    ),
    below(
      "db-below-core",
      "db/",
      ["core/", "plugins/", "modules/", "seed/", "app\\.ts", "main\\.ts"],
      "The database layer knows no feature.",
    ),
    below(
      "core-below-modules",
      "core/",
      ["plugins/", "modules/", "seed/", "app\\.ts", "main\\.ts"],
      "core is what every module uses; it uses no module.",
    ),
    below(
      "plugins-below-modules",
      "plugins/",
      ["modules/", "seed/", "app\\.ts", "main\\.ts"],
      "Plugins serve every module and know none.",
    ),
    below(
      "modules-below-seed",
      "modules/",
      ["seed/", "app\\.ts", "main\\.ts"],
      "Seeding uses the modules' services, not the other way round.",
    ),
    {
      name: "shared-stands-alone",
      comment: "packages/shared is used by the server and the web app and imports neither.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    parser: "swc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    // Tests may reach anything they test; the rules are about the product's code.
    exclude: { path: ["node_modules", "/dist/", TESTS] },
    tsConfig: { fileName: "apps/server/tsconfig.json" },
  },
};
