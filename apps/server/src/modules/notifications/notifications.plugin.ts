import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { DatabaseHandle } from "../../db/client.ts";
import { type ChannelListener, listenToChannel } from "../../db/listen.ts";
import { createNotificationStreams, NOTIFICATIONS_CHANNEL, type NotificationStreams } from "./notifications.stream.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The live notification streams open on this instance. */
    notificationStreams: NotificationStreams;
  }
}

/**
 * Listens on the database's notifications channel while the server runs (started when the app is
 * ready), and ends every open stream before the server closes, so shutdown never waits on them.
 */
export const notificationStreams = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; clock: () => Date }) => {
    const streams = createNotificationStreams({ db: options.database.db, logger: app.log, clock: options.clock });
    let listener: ChannelListener | undefined;
    app.decorate("notificationStreams", streams);
    app.addHook("onReady", async () => {
      listener = await listenToChannel(options.database, NOTIFICATIONS_CHANNEL, {
        onPayload: (payload) => streams.deliver(payload),
        onReconnect: () => streams.catchUp(),
        logger: app.log,
      });
    });
    // preClose runs before the server stops accepting and waits for open connections.
    app.addHook("preClose", async () => {
      streams.closeAll();
    });
    app.addHook("onClose", async () => {
      streams.closeAll();
      await listener?.close();
      listener = undefined;
    });
  },
  { name: "notification-streams" },
);
