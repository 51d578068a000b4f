import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config/env.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { type MailOutbox, startMailOutbox } from "./mail.outbox.ts";
import { createMailer } from "./mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The mail outbox worker; `wake()` after committing an `enqueueMail` sends it at once. */
    mailOutbox: { wake(): void };
  }
}

/**
 * Runs the mail outbox worker while the server runs: started when the app is ready, stopped
 * (after the batch in flight) when it closes.
 */
export const mailOutbox = fp(
  async (app: FastifyInstance, options: { config: Config; database: DatabaseHandle; clock: () => Date }) => {
    let worker: MailOutbox | undefined;
    app.decorate("mailOutbox", { wake: () => worker?.wake() });
    app.addHook("onReady", async () => {
      worker = startMailOutbox({
        db: options.database.db,
        mailer: createMailer(options.config, app.log),
        logger: app.log,
        clock: options.clock,
      });
    });
    app.addHook("onClose", async () => {
      await worker?.stop();
      worker = undefined;
    });
  },
  { name: "mail-outbox" },
);
