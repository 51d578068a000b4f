import { createECDH, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS } from "@ideaport/shared";
import { z } from "zod";
import { type CalendarConfig, loadCalendarConfig } from "./calendar-env.ts";

/**
 * The server package folder: the nearest folder with a package.json above this module, so the
 * same code finds it from `src/config/` (tsx, tests) and from the compiled `dist/main.js`.
 */
export const SERVER_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The repository root, so that relative defaults do not depend on the working directory. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, "../..");

function findPackageRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, "package.json"))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${start}`);
  }
}

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

/** Where the web app is served when APP_URL is not set. */
const DEFAULT_APP_URL = "http://localhost:8000";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, "data")),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// URL" }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DATABASE_CONNECT_TIMEOUT_MS),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DATABASE_STATEMENT_TIMEOUT_MS),
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: "must be a redis:// URL" }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default("Ideaport <no-reply@ideaport.local>"),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(1_000),
  APP_URL: z
    .url({ message: "must be the public URL of the app, e.g. https://ideas.example.com" })
    .default(DEFAULT_APP_URL),
  JWT_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CSP_REPORTING: booleanFlag,
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(1_000_000).default(1),
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, "apps/web/dist")),
  TRUST_PROXY: z.string().optional(),
  SEED_DEMO: z.enum(["true", "false", "1", "0"]).optional(),
  JOB_QUEUE: z.enum(["true", "false", "1", "0"]).optional(),
  AI_API_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s):// URL of an OpenAI-compatible API" })
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: booleanFlag,
  VAPID_PUBLIC_KEY: z
    .string()
    .refine((value) => isBase64UrlOfLength(value, 65) && value.startsWith("B"), {
      message: "must be an uncompressed P-256 public key, base64url (87 characters starting with B)",
    })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine((value) => isBase64UrlOfLength(value, 32), {
      message: "must be a P-256 private key, base64url (43 characters)",
    })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((value) => /^mailto:[^\s@]+@[^\s@]+$/.test(value) || /^https:\/\/[^\s/]+/.test(value), {
      message: "must be a mailto: address or an https:// URL where the push services can reach the operator",
    })
    .optional(),
});

/** True when `value` is base64url (no padding) of exactly `bytes` bytes. */
function isBase64UrlOfLength(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, "base64url").length === bytes;
}

export interface Config {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** How long opening a PostgreSQL connection may take before the request answers 503. */
  databaseConnectTimeoutMs: number;
  /** How long one PostgreSQL statement may run before it is cancelled. */
  databaseStatementTimeoutMs: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often the outbox worker looks for due mail (retries, and mail whose announcement was missed). */
  mailPollIntervalMs: number;
  appUrl: string;
  jwtSecret: string;
  logLevel: string;
  cspReporting: boolean;
  rateLimitMultiplier: number;
  webDistDir: string;
  /** The calendar provider of the calendar connection (`CALENDAR_*`, calendar-env.ts), or why there is none. */
  calendar: CalendarConfig;
  /** Fastify's trustProxy: no proxy, the number of proxies in front, or their addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Create the demo company at start-up when the database has none (default: in development). */
  seedDemo: boolean;
  /** Run the scheduled-job queue (digests, reminders); default on, off in tests that do not ask for it. */
  jobQueue: boolean;
  /** The OpenAI-compatible chat-completions service of the AI analysis, when all of AI_API_URL, AI_API_KEY and AI_MODEL are set. */
  languageModel: LanguageModelConfig | undefined;
  /**
   * Calls to URLs an admin gives (identity providers) may reach loopback and private addresses and
   * use plain http: for tests and providers on the company's own network (outbound-http.ts).
   */
  integrationsAllowPrivateNetworks: boolean;
  /** The server's identity towards push services (RFC 8292). */
  vapid: VapidConfig;
}

/** The VAPID key pair (base64url, as web-push takes them) and the operator's contact. */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface LanguageModelConfig {
  /** The API's base URL (`https://api.openai.com/v1`); `/chat/completions` is added. */
  url: string;
  apiKey: string;
  model: string;
  /** A model that has not answered in this long is given up for the built-in analysis. */
  timeoutMs: number;
}

/** A configuration error lists one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates the environment once at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  if (isProduction && !values.JWT_SECRET) {
    throw new ConfigError(["JWT_SECRET: is required in production (at least 32 random characters)"]);
  }
  if (isProduction && !values.SMTP_URL) {
    // Without it, sign-up codes and password reset links would be written to the log.
    throw new ConfigError([
      "SMTP_URL: is required in production (smtp://host:port), so that codes and reset links are mailed, never logged",
    ]);
  }
  const aiSettings = [values.AI_API_URL, values.AI_API_KEY, values.AI_MODEL];
  if (aiSettings.some(Boolean) && !aiSettings.every(Boolean)) {
    throw new ConfigError(["AI_API_URL, AI_API_KEY, AI_MODEL: set all three to use a language model, or none"]);
  }
  const trustProxy = parseTrustProxy(values.TRUST_PROXY);
  if (typeof trustProxy === "string") throw new ConfigError([`TRUST_PROXY: ${trustProxy}`]);
  const calendar = loadCalendarConfig(cleaned);
  if (Array.isArray(calendar)) throw new ConfigError(calendar);
  const dataDir = path.resolve(values.DATA_DIR);
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(["VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a key pair), or neither to generate one"]);
  }
  const appUrl = values.APP_URL.replace(/\/+$/, "");
  return {
    nodeEnv: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: values.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailPollIntervalMs: values.MAIL_POLL_INTERVAL_MS,
    appUrl,
    jwtSecret: values.JWT_SECRET ?? readOrCreateDevelopmentSecret(dataDir),
    logLevel: values.LOG_LEVEL,
    cspReporting: values.CSP_REPORTING,
    rateLimitMultiplier: values.RATE_LIMIT_MULTIPLIER,
    webDistDir: path.resolve(values.WEB_DIST_DIR),
    calendar,
    trustProxy,
    seedDemo:
      values.SEED_DEMO === undefined ? values.NODE_ENV === "development" : ["true", "1"].includes(values.SEED_DEMO),
    jobQueue: values.JOB_QUEUE === undefined ? values.NODE_ENV !== "test" : ["true", "1"].includes(values.JOB_QUEUE),
    languageModel:
      values.AI_API_URL && values.AI_API_KEY && values.AI_MODEL
        ? {
            url: values.AI_API_URL.replace(/\/+$/, ""),
            apiKey: values.AI_API_KEY,
            model: values.AI_MODEL,
            timeoutMs: values.AI_TIMEOUT_MS,
          }
        : undefined,
    integrationsAllowPrivateNetworks: values.INTEGRATIONS_ALLOW_PRIVATE_NETWORKS,
    vapid: {
      ...(values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
        : readOrCreateVapidKeys(dataDir)),
      subject: values.VAPID_SUBJECT ?? defaultVapidSubject(appUrl, values.MAIL_FROM),
    },
  };
}

/**
 * TRUST_PROXY: `false`, the number of proxies in front of the server (`1`, `2`), or a comma list
 * of their addresses/CIDRs. `true` would take the left-most X-Forwarded-For entry, which the
 * client writes itself, as its address, and so defeat every per-address limit: it is refused.
 * Answers the setting, or a string saying what is wrong.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  const text = value?.trim().toLowerCase();
  if (text === undefined || text === "" || text === "false" || text === "0") return false;
  if (text === "true") {
    return "`true` would trust any X-Forwarded-For a client sends; write the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)";
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : "must be a proxy count from 0 to 10, or proxy addresses/CIDRs";
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    return `not an address or CIDR: ${invalid.join(", ")} (write false, a proxy count such as 1, or addresses/CIDRs)`;
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Outside production a secret is generated once and kept in the data directory. */
function readOrCreateDevelopmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, a P-256 key pair is generated once and kept in
 * the data directory: browsers subscribed with its public key, so it must outlive restarts.
 * Instances that share one database but not one data directory must set the variables.
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (
      typeof saved.publicKey === "string" &&
      typeof saved.privateKey === "string" &&
      isBase64UrlOfLength(saved.publicKey, 65) &&
      isBase64UrlOfLength(saved.privateKey, 32)
    ) {
      return { publicKey: saved.publicKey, privateKey: saved.privateKey };
    }
    throw new ConfigError([
      `${file}: is not a VAPID key pair; remove it to generate a new one (devices subscribe again)`,
    ]);
  }
  mkdirSync(dataDir, { recursive: true });
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const privateKey = curve.getPrivateKey();
  const keys = {
    publicKey: curve.getPublicKey("base64url", "uncompressed"),
    // A private key of fewer than 32 bytes is left-padded with zero bytes.
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString("base64url"),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * The contact push services are given when VAPID_SUBJECT is not set: the app's address when it
 * is https, else the sender address of its mail.
 */
function defaultVapidSubject(appUrl: string, mailFrom: string): string {
  if (appUrl.startsWith("https://")) return appUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
