import { config } from "zod";

/**
 * zod compiles object parsers with `new Function` unless told not to, and probes for that with
 * `Function("")` when a schema is created. The app's Content-Security-Policy forbids eval, so the
 * probe would be reported on every page: zod runs interpreted. main.tsx imports this first, so it
 * runs before the lazily loaded screens create any schema.
 */
config({ jitless: true });
