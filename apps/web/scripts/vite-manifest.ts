// The Vite manifest (`build.manifest`), read by the build's tools: the route budget check and the
// route pages.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type AppRoute, screensOf } from "../src/app/routes.ts";

/** The web app's folder, which the manifest's keys are relative to. */
export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * What the entry (src/main.tsx) imports to start the app, in this order: zod's set-up, then the
 * app. The entry imports them on demand, so every route loads them and its pages list them with
 * their own modules.
 */
export const APP_START_MODULES = ["src/lib/zod-jitless.ts", "src/app/start-app.tsx"] as const;

/**
 * The entry a signed-in page loads from its head to send its first data requests
 * (src/lib/early-requests.ts): it counts in the page's initial code.
 */
export const EARLY_REQUESTS_MODULE = "src/early-requests-main.ts";

/** What a route's page loads to start: the app's start, and on a signed-in page its early requests. */
export function startModulesOf(route: AppRoute): string[] {
  return route.access === "public" ? [...APP_START_MODULES] : [...APP_START_MODULES, EARLY_REQUESTS_MODULE];
}

/** The chunks (and their style sheets) of manifest keys and of everything they import statically. */
export function closureOf(manifest: Manifest, keys: readonly string[]): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.shift() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    scripts.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    queue.push(...(chunk.imports ?? []));
  }
  return { scripts, styles };
}

/** The manifest keys of the lazily loaded components the router renders on a route: its layouts and its screen. */
export function screenKeysOf(route: AppRoute): string[] {
  return screensOf(route).map((screen) => `src/${screen.module}`);
}
