import type { DigestFrequency } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config/env.ts";
import { serviceDependenciesOf } from "../../core/module-options.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { type ChannelListener, listenToChannel } from "../../db/listen.ts";
import { createActionsService } from "../actions/actions.service.ts";
import {
  CALENDAR_SYNC_JOB,
  type CalendarSyncJob,
  createCalendarService,
  queueCalendarSync,
} from "../calendar/calendar.service.ts";
import { createEmailNotificationsService, type DigestJob } from "../email-notifications/email-notifications.service.ts";
import { createIdempotencyService } from "../idempotency/idempotency.service.ts";
import { createIntegrationsService, INTEGRATION_OUTBOX_CHANNEL } from "../integrations/integrations.service.ts";
import { createNewsService } from "../news/news.service.ts";
import { createPushService, PUSH_DELIVERIES_CHANNEL, pushSettingsOf } from "../push/push.service.ts";
import { type JobQueue, type JobQueueOptions, startJobQueue } from "./jobs.queue.ts";

/** The queues, and the schedules (cron, UTC) of the ones that run on their own. */
export const JOBS = {
  /** Finds the people with items waiting and queues one `email-digest` each. */
  dailyDigests: { name: "email-digests-daily", cron: "0 7 * * *" },
  weeklyDigests: { name: "email-digests-weekly", cron: "0 7 * * 1" },
  /** One person's digest of one period. */
  digest: { name: "email-digest" },
  /** Reminds owners of actions due soon. */
  dueActions: { name: "action-due-reminders", cron: "0 6 * * *" },
  /** Queues one `calendar-sync` per connected calendar account. */
  calendarSweep: { name: "calendar-sync-sweep", cron: "*/10 * * * *" },
  /** Writes one person's events to their connected calendar (CalDAV). */
  calendarSync: { name: CALENDAR_SYNC_JOB },
  /** Writes the events of a company's connected calendars after a change to what they show. */
  calendarChange: { name: "calendar-company-sync" },
  /** Sends the push messages that are due: queued as each is written (after commit). */
  pushDelivery: { name: "push-delivery" },
  /** Sends the push messages whose retry is due, and any whose announcement was missed. */
  pushSweep: { name: "push-delivery-sweep", cron: "* * * * *" },
  /**
   * Sends the chat messages and webhook deliveries that are due: queued when a transaction that
   * announced an event commits, and every minute for the retries.
   */
  integrationDeliveries: { name: "integration-deliveries", cron: "* * * * *" },
  /** Announces the scheduled news posts whose time has come. */
  scheduledNews: { name: "news-scheduled-announcements", cron: "* * * * *" },
  /** Announces the challenges that close in two days. */
  closingChallenges: { name: "challenges-closing-soon", cron: "0 8 * * *" },
  /** Deletes the Idempotency-Keys older than 24 hours. */
  pruneIdempotencyKeys: { name: "idempotency-keys-prune", cron: "17 * * * *" },
} as const;

/**
 * The API paths whose changes move calendar events: challenges (deadlines), actions (due dates),
 * ideas (review queues) and the company's review due days.
 */
const CALENDAR_SOURCE_PATHS = [
  "/api/challenges/",
  "/api/actions/",
  "/api/project-ideas/",
  "/api/calendar/company-settings/",
];
/** A company's changes within this many seconds are written to its calendars by one job. */
const CALENDAR_CHANGE_DEBOUNCE_SECONDS = 10;

declare module "fastify" {
  interface FastifyInstance {
    /** The job queue once started (undefined when JOB_QUEUE is off); tests await it. */
    jobQueue: { started: Promise<JobQueue | undefined> };
  }
}

/**
 * Queues one digest per person with items waiting. The singleton key keeps a second sweep of the
 * same hour from queueing it again (pg-boss allows at most its 12-hour archive interval); the
 * digest's own unique row is what makes it go out once whatever the queue does.
 */
async function queueDigests(boss: JobQueue, digests: DigestJob[]): Promise<void> {
  for (const digest of digests) {
    await boss.send(JOBS.digest.name, digest, {
      singletonKey: `${digest.frequency}:${digest.userId}:${digest.period}`,
      singletonSeconds: 60 * 60,
      retryLimit: 5,
      retryBackoff: true,
    });
  }
}

/**
 * Creates the queues that do not exist yet. Two instances starting together may deadlock in
 * PostgreSQL creating the same queue (each queue is a table partition); the loser retries.
 */
async function createQueues(boss: JobQueue, names: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      for (const name of names) if (!(await boss.getQueue(name))) await boss.createQueue(name);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

/**
 * The queue starts this long after the server is ready: its own start (schema check, queues,
 * schedules: dozens of statements on the embedded database's one connection) must not hold up the
 * first requests. Nothing it runs is due within a second.
 */
const JOB_QUEUE_START_DELAY_MS = 1000;

/**
 * Runs the job queue while the server runs (JOB_QUEUE, on by default): the daily and weekly
 * digests and the due-date reminders, on schedules stored in the database. It starts a second after
 * the server is ready, without holding start-up, and stops (after the jobs in flight) when it closes.
 */
export const jobs = fp(
  async (
    app: FastifyInstance,
    options: { config: Config; database: DatabaseHandle; clock: () => Date; queue?: JobQueueOptions },
  ) => {
    const emails = createEmailNotificationsService(serviceDependenciesOf(options));
    const actions = createActionsService(serviceDependenciesOf(options));
    const integrations = createIntegrationsService({
      ...serviceDependenciesOf(options),
      appUrl: options.config.appUrl,
      serverSecret: options.config.jwtSecret,
      allowPrivateNetworks: options.config.integrationsAllowPrivateNetworks,
    });
    let integrationListener: ChannelListener | undefined;
    const idempotencyKeys = createIdempotencyService(serviceDependenciesOf(options));
    const news = createNewsService(serviceDependenciesOf(options));
    const calendar = createCalendarService({
      ...serviceDependenciesOf(options),
      appUrl: options.config.appUrl,
      serverSecret: options.config.jwtSecret,
      calendar: options.config.calendar,
    });
    const push = createPushService({ ...serviceDependenciesOf(options), push: pushSettingsOf(options.config) });
    let pushListener: ChannelListener | undefined;
    let started: Promise<JobQueue | undefined> = Promise.resolve(undefined);
    app.decorate("jobQueue", {
      get started() {
        return started;
      },
    });

    async function start(): Promise<JobQueue> {
      const boss = await startJobQueue(options.database, options.queue);
      boss.on("error", (error) => app.log.error({ err: error }, "job queue error"));
      await createQueues(
        boss,
        Object.values(JOBS).map((job) => job.name),
      );

      const sweep = (frequency: DigestFrequency) => async () => {
        await queueDigests(boss, await emails.dueDigests(frequency));
      };
      await boss.work(JOBS.dailyDigests.name, sweep("daily"));
      await boss.work(JOBS.weeklyDigests.name, sweep("weekly"));
      await boss.work<DigestJob>(JOBS.digest.name, { batchSize: 10 }, async (batch) => {
        for (const job of batch) await emails.sendDigest(job.data);
      });
      await boss.work(JOBS.dueActions.name, async () => {
        await actions.remindDueSoon();
      });

      await boss.work(JOBS.calendarSweep.name, async () => {
        for (const person of await calendar.connectionsToSync()) await queueCalendarSync(boss, person);
      });
      // A failed write (the CalDAV server or the provider unreachable) throws, and pg-boss retries
      // it with backoff; a connection that needs reconnecting answers without throwing.
      await boss.work<CalendarSyncJob>(JOBS.calendarSync.name, async ([job]) => {
        if (job) await calendar.syncConnection(job.data.companyId, job.data.userId);
      });
      // Every connected calendar of the company is written, even when one fails; then the job
      // fails (and is retried with backoff) if any did.
      await boss.work<{ companyId: string }>(JOBS.calendarChange.name, async ([job]) => {
        if (!job) return;
        const failures: unknown[] = [];
        for (const person of await calendar.connectionsToSync(job.data.companyId)) {
          await calendar
            .syncConnection(person.companyId, person.userId)
            .catch((error: unknown) => failures.push(error));
        }
        if (failures.length > 0) throw new AggregateError(failures, "some calendars could not be written");
      });

      // Push messages: one job per announcement (every instance hears it; workers claim each
      // message once), and a sweep a minute for retries and announcements nobody heard.
      const deliverPush = async () => {
        await push.deliverDue();
      };
      await boss.work(JOBS.pushDelivery.name, deliverPush);
      await boss.work(JOBS.pushSweep.name, deliverPush);
      pushListener = await listenToChannel(options.database, PUSH_DELIVERIES_CHANNEL, {
        onPayload: () => {
          boss
            .send(JOBS.pushDelivery.name, {}, { retryLimit: 3, retryBackoff: true })
            .catch((error: unknown) => app.log.error({ err: error }, "a push delivery could not be queued"));
        },
        logger: app.log,
      });

      // One drain at a time per instance is enough: it takes every due delivery before it ends.
      await boss.work(JOBS.integrationDeliveries.name, async () => {
        await integrations.deliverDue();
      });
      await boss.work(JOBS.scheduledNews.name, async () => {
        await news.announceScheduled();
      });
      await boss.work(JOBS.closingChallenges.name, async () => {
        await integrations.announceClosingChallenges();
      });
      const queueDeliveries = () =>
        boss
          .send(JOBS.integrationDeliveries.name, {})
          .catch((error: unknown) => app.log.error({ err: error }, "integration deliveries could not be queued"));
      integrationListener = await listenToChannel(options.database, INTEGRATION_OUTBOX_CHANNEL, {
        onPayload: () => void queueDeliveries(),
        onReconnect: () => void queueDeliveries(),
        logger: app.log,
      });
      await boss.work(JOBS.pruneIdempotencyKeys.name, async () => {
        await idempotencyKeys.prune();
      });

      for (const job of [
        JOBS.dailyDigests,
        JOBS.weeklyDigests,
        JOBS.dueActions,
        JOBS.calendarSweep,
        JOBS.integrationDeliveries,
        JOBS.pushSweep,
        JOBS.closingChallenges,
        JOBS.scheduledNews,
        JOBS.pruneIdempotencyKeys,
      ]) {
        await boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
      }
      return boss;
    }

    // After the answer is sent, so no request waits on the queue.
    app.addHook("onResponse", async (request, reply) => {
      if (!options.config.calendar.provider?.caldavUrl) return;
      if (request.method === "GET" || request.method === "HEAD" || reply.statusCode >= 300) return;
      const companyId = request.caller?.companyId;
      if (!companyId || !CALENDAR_SOURCE_PATHS.some((prefix) => request.url.startsWith(prefix))) return;
      const boss = await started;
      await boss
        ?.sendDebounced(
          JOBS.calendarChange.name,
          { companyId },
          { retryLimit: 5, retryBackoff: true },
          CALENDAR_CHANGE_DEBOUNCE_SECONDS,
          companyId,
        )
        .catch((error: unknown) => request.log.error({ err: error }, "a calendar update could not be queued"));
    });

    let isClosing = false;
    let startNow: (() => void) | undefined;
    app.addHook("onReady", async () => {
      if (!options.config.jobQueue) return;
      started = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, JOB_QUEUE_START_DELAY_MS);
        startNow = () => {
          clearTimeout(timer);
          resolve();
        };
      })
        .then(() => (isClosing ? undefined : start()))
        .catch((error: unknown) => {
          app.log.error({ err: error }, "the job queue could not start; digests and reminders wait for the next start");
          return undefined;
        });
    });
    app.addHook("onClose", async () => {
      isClosing = true;
      startNow?.();
      const boss = await started;
      await pushListener?.close();
      await integrationListener?.close();
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  },
  { name: "jobs", dependencies: ["mail-outbox"] },
);
