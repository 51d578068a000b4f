// The production build's chunks for the app routes' first screens, planned from the route table
// (src/app/routes.ts). Left alone, the build gives every set of importers a chunk of its own, and
// since the dialogs, menus and sections loaded on demand import most components too, a route's
// first screen (the app's start, its layouts and its screen, with what they import statically)
// came in some fifty small files. Brotli compresses each file on its own and each file names its
// imports, so many small files cost a route more than their code: with the plan a route loads
// about fifteen and 8-16 KiB less (the route budget check's figures).
//
// The plan groups the modules that exactly the same routes' first screens use: one chunk per set
// of routes. The modules every app route uses make `app-core`, which also takes a set whose chunk
// would be small for the routes it serves. Code loaded on demand (a dialog, a menu) on a page that
// has not loaded such a chunk would fetch all of it for the few modules it needs, so a module it
// uses there shares a chunk only with modules that code uses as well.
//
// Left to the build's own splitting: code no first screen uses, the lazily loaded components
// themselves (the route budget check and the route pages find their chunks in the Vite manifest),
// the vendor chunk's packages, and whatever a page of its own (the landing page) loads, since that
// page loads no app chunk.
//
// "Uses" follows the imported names as the build's tree shaking does: a name imported from a module
// that only re-exports it (a package's index, a feature's index.ts) leads to the module declaring
// it, so one Mantine component does not put the whole library in a route's set.
import { createHash } from "node:crypto";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { parseSync } from "vite";
import type { AppRoute, Screen } from "../src/app/routes.ts";

/** The chunk of the modules every app route uses, and of the sets too small for a chunk of their own. */
const CORE_CHUNK = "app-core";

/**
 * A set of routes whose modules have less code than this per route (as the build transformed it,
 * before minification) gets no chunk of its own: its modules go in `app-core`. A chunk costs each
 * of its routes a file (a request, its imports' names, a compression started anew); code in
 * app-core costs each other route its bytes.
 */
const MIN_CHUNK_CODE_PER_ROUTE = 1024;

/** The signed-in frame (header, bell, user menu): it fetches every signed-in screen's code while idle (router.tsx). */
const SIGNED_IN_FRAME = "src/app/layout/app-layout.tsx";

export interface RouteChunksOptions {
  /** The web app's folder, with src/, scripts/ and the HTML pages. */
  webRoot: string;
  /** The modules of the packages in a chunk group of their own, which the plan leaves alone. */
  vendor: RegExp;
}

/**
 * The plugin that plans the chunks once the build has loaded every module, and the chunk group
 * that applies the plan (for `build.rolldownOptions.output.codeSplitting.groups`).
 */
export function routeChunks({ webRoot, vendor }: RouteChunksOptions): {
  plugin: Plugin;
  group: Rolldown.CodeSplittingGroup;
} {
  let chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: "ideaport:route-chunks",
    apply: "build",
    async buildEnd(error) {
      if (error) return;
      // The route table imports the shared package's TypeScript, which Vite's config loader cannot.
      const { tsImport } = await import("tsx/esm/api");
      const { APP_ROUTES, screensOf } = await tsImport(path.join(webRoot, "src/app/routes.ts"), import.meta.url);
      const { APP_START_MODULES } = await tsImport(path.join(webRoot, "scripts/vite-manifest.ts"), import.meta.url);
      const table: RouteTable = { routes: APP_ROUTES, screensOf, startModules: APP_START_MODULES };
      chunkOf = await planChunks(this, table, { webRoot, vendor });
    },
  };
  return {
    plugin,
    group: {
      name: (id) => chunkOf.get(id) ?? null,
      // The plan puts what a module uses in its own chunk or in chunks every route loading that
      // chunk loads too (app-core's in app-core), so no chunk needs to pull in more.
      includeDependenciesRecursively: false,
    },
  };
}

export interface RouteTable {
  routes: readonly AppRoute[];
  screensOf: (route: AppRoute) => Screen[];
  /** The modules the entry imports to start the app, relative to the web app's folder. */
  startModules: readonly string[];
}

/** A set of app routes, a bit per route in the table's order. */
type RouteSet = bigint;
const routeBit = (index: number): RouteSet => 1n << BigInt(index);
const routeCount = (routes: RouteSet) => routes.toString(2).replaceAll("0", "").length;

/** The chunk of each planned module (the rest is left to the build's own splitting). */
export async function planChunks(
  context: Context,
  { routes, screensOf, startModules }: RouteTable,
  { webRoot, vendor }: RouteChunksOptions,
): Promise<Map<string, string>> {
  const use = new ModuleUse(context, vendor);
  const inWeb = (module: string) => path.join(webRoot, module);
  const appRoutes = routes.filter((route) => !route.ownPage);
  const startRoots = ["index.html", ...startModules].map(inWeb);
  const screenRoots = (route: AppRoute) => screensOf(route).map((screen) => inWeb(`src/${screen.module}`));
  // The entry and the table's lazily loaded components keep chunks of their own (the route pages
  // and the budget check find them in the manifest); they load as the route changes.
  const routeEntries = new Set([...startRoots, ...routes.flatMap(screenRoots)]);
  // Each page's first screen: an app route's start, layouts and screen, then each page of its own.
  const pages = [
    ...appRoutes.map((route) => [...startRoots, ...screenRoots(route)]),
    ...[...new Set(routes.flatMap((route) => route.ownPage ?? []))].map((page) => [inWeb(page)]),
  ];

  const routesOf = new Map<string, RouteSet>();
  const leftOut = new Set<string>();
  const onDemand: Array<Set<string>> = [];
  for (const [index, roots] of pages.entries()) {
    const modules = new Set<string>();
    for (const root of roots) for (const id of await use.modulesOf(root)) modules.add(id);
    // A page of its own loads no app chunk: what it uses stays out of the plan.
    const isAppRoute = index < appRoutes.length;
    for (const id of modules) {
      if (isAppRoute) routesOf.set(id, (routesOf.get(id) ?? 0n) | routeBit(index));
      else leftOut.add(id);
    }
    onDemand.push(await use.loadedOnDemand(modules, routeEntries));
  }
  for (const id of await use.modulesOf(inWeb("index.html"))) leftOut.add(id);

  // The code loaded on demand that uses a module on a page that has not loaded the module's set of
  // routes. A page has loaded its own chunks, and one in the signed-in frame every signed-in
  // screen's too once the frame has fetched them.
  const framed = routesOf.get(inWeb(SIGNED_IN_FRAME)) ?? 0n;
  const signedIn = appRoutes.reduce(
    (set, route, index) => (route.access === "public" ? set : set | routeBit(index)),
    0n,
  );
  const usersElsewhere = new Map<string, Set<string>>();
  for (const [index, entries] of onDemand.entries()) {
    const loaded = index >= appRoutes.length ? 0n : routeBit(index) | (framed & routeBit(index) ? signedIn : 0n);
    for (const entry of entries) {
      for (const id of await use.modulesOf(entry)) {
        if ((routesOf.get(id) ?? 0n) & loaded) continue;
        usersElsewhere.set(id, (usersElsewhere.get(id) ?? new Set()).add(entry));
      }
    }
  }

  const everyRoute = routeBit(appRoutes.length) - 1n;
  const groups = new Map<string, { routes: RouteSet; users: string[]; ids: Set<string> }>();
  for (const [id, routes] of routesOf) {
    if (leftOut.has(id) || routeEntries.has(id) || !use.isChunkable(id)) continue;
    const users = routes === everyRoute ? [] : [...(usersElsewhere.get(id) ?? [])].sort();
    const key = `${routes} ${users.join(" ")}`;
    const group = groups.get(key) ?? { routes, users, ids: new Set<string>() };
    group.ids.add(id);
    groups.set(key, group);
  }

  const plan = new Map<string, string>();
  const names = new Set<string>();
  // Larger sets first: every route using a module uses what it uses, so the groups of a group's
  // dependencies are settled before it.
  for (const { routes, users, ids } of [...groups.values()].sort(
    (a, b) => routeCount(b.routes) - routeCount(a.routes),
  )) {
    const code = [...ids].reduce((sum, id) => sum + use.codeSize(id), 0);
    // app-core imports no other planned chunk.
    const usesOnlyCore = [...ids].every((id) =>
      [...use.dependenciesOf(id)].every(
        (dependency) => ids.has(dependency) || [undefined, CORE_CHUNK].includes(plan.get(dependency)),
      ),
    );
    const isCore = routes === everyRoute || (usesOnlyCore && code / routeCount(routes) < MIN_CHUNK_CODE_PER_ROUTE);
    const name = isCore ? CORE_CHUNK : chunkName(appRoutes, routes, users, names);
    names.add(name);
    for (const id of ids) plan.set(id, name);
  }
  return plan;
}

/**
 * A chunk's name: its routes' screens, and the first of the code loaded on demand elsewhere that
 * uses it, after their files. The build takes one name for one chunk, so a name already given gets
 * a hash of the chunk's routes and users.
 */
function chunkName(appRoutes: readonly AppRoute[], routes: RouteSet, users: string[], taken: Set<string>): string {
  const baseName = (module: string) => path.basename(module).replace(/(-page)?\.tsx?$/, "");
  const screens = appRoutes
    .filter((_, index) => routes & routeBit(index))
    .map((route) => baseName(route.screen.module));
  const name = [[...new Set(screens)].join("+"), ...users.slice(0, 1).map(baseName)].join("~");
  if (!taken.has(name) && users.length <= 1) return name;
  return `${name}-${createHash("sha256")
    .update(`${routes} ${users.join(" ")}`)
    .digest("hex")
    .slice(0, 6)}`;
}

/** What a module is asked for: one exported name, every export (a namespace or a root), or its side effects. */
const EVERY_EXPORT = "\0every-export";
const SIDE_EFFECTS = "\0side-effects";
type Request = string;

interface ModuleRecord {
  /** Each statically imported module with what is imported from it. */
  imports: Array<{ id: string; requests: Request[] }>;
  /** The names the module declares itself. */
  ownExports: Set<string>;
  /** The names the module re-exports: the module they come from and their name there. */
  reexports: Map<string, { id: string; request: Request }>;
  /** The modules whose every export (but the default) the module re-exports. */
  starExports: string[];
}

/** What the plan reads of the build: its modules and how their imports resolve. */
export type Context = Pick<Rolldown.PluginContext, "getModuleInfo" | "resolve">;

/** Which modules a module uses, read from the build's module graph once it has loaded every module. */
class ModuleUse {
  private readonly records = new Map<string, Promise<ModuleRecord | null>>();
  private readonly used = new Map<string, Promise<Set<string>>>();
  private readonly dependencies = new Map<string, Set<string>>();

  constructor(
    private readonly context: Context,
    private readonly vendor: RegExp,
  ) {}

  /** Whether the plan may put a module in a chunk: a module of the app's, loaded statically only. */
  isChunkable(id: string): boolean {
    const info = this.context.getModuleInfo(id);
    return !this.vendor.test(id) && info !== null && !info.isEntry && info.dynamicImporters.length === 0;
  }

  codeSize(id: string): number {
    return this.context.getModuleInfo(id)?.code?.length ?? 0;
  }

  /** The modules a module uses itself, among those a root asked about has reached. */
  dependenciesOf(id: string): Set<string> {
    return this.dependencies.get(id) ?? new Set();
  }

  /**
   * The modules a root module uses, itself included, following imported names through
   * re-exports. Neither dynamic imports (their code loads on demand) nor the vendor chunk's
   * modules are followed.
   */
  modulesOf(root: string): Promise<Set<string>> {
    if (!this.used.has(root)) this.used.set(root, this.follow(root));
    return this.used.get(root) as Promise<Set<string>>;
  }

  /**
   * The lazily loaded modules the code of `modules` can load (but `routeEntries`, which load as
   * the route changes): those they import dynamically, theirs, and so on.
   */
  async loadedOnDemand(modules: Set<string>, routeEntries: Set<string>): Promise<Set<string>> {
    const loaded = new Set<string>();
    const queue = [...modules];
    while (queue.length > 0) {
      for (const entry of this.context.getModuleInfo(queue.pop() as string)?.dynamicallyImportedIds ?? []) {
        if (loaded.has(entry) || routeEntries.has(entry)) continue;
        loaded.add(entry);
        queue.push(...(await this.modulesOf(entry)));
      }
    }
    return loaded;
  }

  private async follow(root: string): Promise<Set<string>> {
    const modules = new Set<string>();
    const asked = new Set<string>();
    const queue: Array<{ id: string; request: Request; from: string | null }> = [
      { id: root, request: EVERY_EXPORT, from: null },
    ];
    const use = async (id: string, from: string | null) => {
      if (from !== null) this.dependencies.set(from, this.dependenciesOf(from).add(id));
      if (modules.has(id)) return;
      modules.add(id);
      for (const imported of (await this.recordOf(id))?.imports ?? []) {
        for (const request of imported.requests) queue.push({ id: imported.id, request, from: id });
      }
    };
    while (queue.length > 0) {
      const { id, request, from } = queue.pop() as (typeof queue)[number];
      const key = `${id}\n${request}\n${from}`;
      if (asked.has(key) || this.vendor.test(id)) continue;
      asked.add(key);
      const record = await this.recordOf(id);
      if (record === null || request === SIDE_EFFECTS || record.ownExports.has(request)) {
        await use(id, from);
      } else if (request === EVERY_EXPORT) {
        await use(id, from);
        for (const reexport of record.reexports.values()) queue.push({ ...reexport, from });
        for (const star of record.starExports) queue.push({ id: star, request: EVERY_EXPORT, from });
      } else if (record.reexports.has(request)) {
        queue.push({ ...(record.reexports.get(request) as { id: string; request: Request }), from });
      } else {
        const stars = [];
        for (const star of record.starExports) if (await this.exportsName(star, request)) stars.push(star);
        // A name found nowhere (a CommonJS module's, say): the module is used as a whole.
        if (stars.length === 0) await use(id, from);
        for (const star of stars) queue.push({ id: star, request, from });
      }
    }
    return modules;
  }

  private async exportsName(id: string, name: string, seen = new Set<string>()): Promise<boolean> {
    if (seen.has(id) || name === "default") return false;
    seen.add(id);
    const record = await this.recordOf(id);
    if (record === null) return false;
    if (record.ownExports.has(name) || record.reexports.has(name)) return true;
    for (const star of record.starExports) if (await this.exportsName(star, name, seen)) return true;
    return false;
  }

  private recordOf(id: string): Promise<ModuleRecord | null> {
    if (!this.records.has(id)) this.records.set(id, this.read(id));
    return this.records.get(id) as Promise<ModuleRecord | null>;
  }

  /** A module's imports and exports, from its code as the build transformed it; null when it has none to read. */
  private async read(id: string): Promise<ModuleRecord | null> {
    const code = this.context.getModuleInfo(id)?.code;
    if (!code) return null;
    const { module } = parseSync(id.replace(/[?#].*$/, ""), code);
    if (!module.hasModuleSyntax) return null;
    const resolved = new Map<string, Promise<string | null>>();
    const resolve = (specifier: string) => {
      if (!resolved.has(specifier)) {
        resolved.set(
          specifier,
          this.context.resolve(specifier, id).then((target) => (target && !target.external ? target.id : null)),
        );
      }
      return resolved.get(specifier) as Promise<string | null>;
    };
    const requestOf = (kind: string, name: string | null): Request =>
      kind === "NamespaceObject" || kind === "All" ? EVERY_EXPORT : kind === "Default" ? "default" : (name as string);

    const record: ModuleRecord = { imports: [], ownExports: new Set(), reexports: new Map(), starExports: [] };
    for (const declaration of module.staticImports) {
      const target = await resolve(declaration.moduleRequest.value);
      if (target === null) continue;
      const requests = declaration.entries
        .filter((entry) => !entry.isType)
        .map((entry) => requestOf(entry.importName.kind, entry.importName.name));
      record.imports.push({ id: target, requests: requests.length > 0 ? requests : [SIDE_EFFECTS] });
    }
    for (const declaration of module.staticExports) {
      for (const entry of declaration.entries) {
        const exported = entry.exportName.kind === "Default" ? "default" : entry.exportName.name;
        if (entry.isType) continue;
        if (!entry.moduleRequest) {
          if (exported) record.ownExports.add(exported);
          continue;
        }
        const target = await resolve(entry.moduleRequest.value);
        if (target === null) continue;
        if (entry.importName.kind === "AllButDefault") record.starExports.push(target);
        else if (exported)
          record.reexports.set(exported, {
            id: target,
            request: requestOf(entry.importName.kind, entry.importName.name),
          });
      }
    }
    return record;
  }
}
