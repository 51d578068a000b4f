import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config/env.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { type ChannelListener, listenToChannel } from "../../db/listen.ts";
import { type MailOutbox, startMailOutbox } from "./mail.outbox.ts";
import { MAIL_OUTBOX_CHANNEL } from "./mail.repository.ts";
import { createMailer } from "./mailer.ts";

/**
 * Runs the mail outbox worker while the server runs: started when the app is ready, stopped
 * (after the batch in flight) when it closes. It sends at once whenever a transaction that
 * enqueued mail commits (`enqueueMail` announces it on the outbox channel), and polls every
 * MAIL_POLL_INTERVAL_MS for retries and for mail announced while this instance was not listening.
 */
export const mailOutbox = fp(
  async (app: FastifyInstance, options: { config: Config; database: DatabaseHandle; clock: () => Date }) => {
    let worker: MailOutbox | undefined;
    let listener: ChannelListener | undefined;
    app.addHook("onReady", async () => {
      const started = startMailOutbox({
        db: options.database.db,
        mailer: createMailer(options.config, app.log),
        logger: app.log,
        clock: options.clock,
        intervalMs: options.config.mailPollIntervalMs,
      });
      worker = started;
      listener = await listenToChannel(options.database, MAIL_OUTBOX_CHANNEL, {
        onPayload: () => started.wake(),
        onReconnect: () => started.wake(),
        logger: app.log,
      });
    });
    app.addHook("onClose", async () => {
      await listener?.close();
      listener = undefined;
      await worker?.stop();
      worker = undefined;
    });
  },
  { name: "mail-outbox" },
);
