import type { FastifyRequest } from "fastify";
import { serializeErrorForLog } from "../lib/error-log.ts";
import { urlForLog } from "../lib/url-log.ts";
import type { Config } from "./env.ts";

/** Where the server's log goes (standard output) and how the server was started. */
export interface LogOutput {
  isTerminal: boolean;
  /** The npm script running the server (`npm_lifecycle_event`): `dev` under `npm run dev`. */
  npmScript: string | undefined;
  write(text: string): void;
}

const STANDARD_OUTPUT: LogOutput = {
  isTerminal: process.stdout.isTTY === true,
  npmScript: process.env.npm_lifecycle_event,
  write: (text) => process.stdout.write(text),
};

/**
 * The log is written for a person (pino-pretty: time, level, message, then the record's fields)
 * only in development, at a terminal or under `npm run dev`; everywhere else (production, tests,
 * output collected by a program) it is pino's JSON, one record a line.
 */
export function isPrettyLog(nodeEnv: Config["nodeEnv"], output: Pick<LogOutput, "isTerminal" | "npmScript">): boolean {
  return nodeEnv === "development" && (output.isTerminal || output.npmScript === "dev");
}

/**
 * How a record shows an error (`{ err }`): never with the values a failed query carried
 * (lib/error-log.ts); and a request (`{ req }`): Fastify's fields, its URL without the tokens
 * links carry (lib/url-log.ts).
 */
export const LOG_SERIALIZERS = {
  err: serializeErrorForLog,
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * The server's logger options (Fastify's pino). The readable form is made in the server's own
 * thread, line by line as records are written, so it needs no pino transport (a worker thread
 * that finds its target in node_modules at run time) and works in the compiled server too.
 */
export async function loggerOptions(
  config: Pick<Config, "nodeEnv" | "logLevel">,
  output: LogOutput = STANDARD_OUTPUT,
): Promise<{ level: string; serializers: typeof LOG_SERIALIZERS; stream?: { write(line: string): void } }> {
  const options = { level: config.logLevel, serializers: LOG_SERIALIZERS };
  if (!isPrettyLog(config.nodeEnv, output)) return options;
  // The module's own export (the bundled server's import answers only that, not named exports).
  const { default: pinoPretty } = await import("pino-pretty");
  const prettify = pinoPretty.prettyFactory({ translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  return { ...options, stream: { write: (line) => output.write(prettify(line)) } };
}
