import type { Transporter } from "nodemailer";
import type { Config } from "../../config/env.ts";

/** The logger calls the mail module makes (a Fastify or pino logger fits). */
export interface MailLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** What the outbox worker sends a message with. */
export interface Mailer {
  /** `smtp`: real delivery through SMTP_URL; `log`: written to the server log (development). */
  readonly mode: "smtp" | "log";
  /** Delivers one message; rejects when the server refuses it or cannot be reached. */
  send(message: {
    to: string;
    subject: string;
    text: string;
    html: string | null;
    headers?: Record<string, string> | null;
  }): Promise<void>;
  /** Releases the transport's connections. */
  close(): void;
}

/** SMTP time-outs short enough that an unreachable server fails an attempt rather than hangs it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The mailer of the configuration: nodemailer over `SMTP_URL`, or, without it, the server log at
 * info level with the whole text body, so a newcomer running the app locally can read the
 * verification code or the reset link (the outbox row is kept as the dev outbox).
 */
export function createMailer(
  config: Pick<Config, "smtpUrl" | "mailFrom" | "isProduction">,
  logger: MailLogger,
): Mailer {
  if (!config.smtpUrl) {
    if (config.isProduction) {
      logger.warn({}, "SMTP_URL is not set: e-mails, including sign-up codes and reset links, go to the server log");
    }
    return {
      mode: "log",
      async send(message) {
        logger.info(
          { mail: { to: message.to, subject: message.subject } },
          `E-mail not sent (no SMTP_URL); its content follows.\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`,
        );
      },
      close() {},
    };
  }

  // nodemailer loads with the first message rather than with the server.
  const smtpUrl = config.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import("nodemailer").then(({ createTransport }) =>
      createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
    ));
  return {
    mode: "smtp",
    async send(message) {
      await (await transportOnce()).sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close() {
      void transport?.then(
        (opened) => opened.close(),
        () => undefined,
      );
    },
  };
}
