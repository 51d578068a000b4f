/**
 * Integrations: a company's chat channels (Slack, Microsoft Teams) and outgoing webhooks. What
 * happens in the company is announced by the services that make it happen (`announceEvent`, in
 * their transaction), which writes one outbox row per channel or webhook that may hear it; the
 * job queue sends them after the commit (`deliverDue`), each attempt through the outbound rules
 * (public https addresses only, checked again at every send), and retries a failure with growing
 * waits for a day. A webhook's attempts are logged; 50 failures in a row switch it off.
 */
import { hkdfSync, randomUUID } from "node:crypto";
import {
  AppError,
  CHALLENGE_CLOSING_NOTICE_DAYS,
  CHANNEL_OPEN_LINK_TEXT,
  CHANNELS_MAX,
  type ChannelEventFacts,
  type CreateChannelRequest,
  type CreateWebhookRequest,
  describeChannelEvent,
  type IntegrationChannel,
  type IntegrationEvent,
  TEAM_CHANNEL_EVENTS,
  type TestSendResponse,
  type UpdateChannelRequest,
  type UpdateWebhookRequest,
  WEBHOOK_DELIVERY_LOG_SIZE,
  WEBHOOK_FAILURES_BEFORE_DISABLING,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDelivery,
} from "@ideaport/shared";
import { sql } from "drizzle-orm";
import { authorize, type CompanyCaller, isAllowed } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import type { IntegrationChannelRow, IntegrationOutboxRow, WebhookRow } from "../../db/schema/index.ts";
import { backoffMs, drainDue, type RetryPolicy, retryDelay } from "../../lib/delivery-retry.ts";
import { effectiveLanguage, translatorFor } from "../../lib/i18n.ts";
import {
  OutboundCallError,
  type OutboundPolicy,
  outboundFetch,
  resolveOutboundTarget,
} from "../../lib/outbound-http.ts";
import { createSecretBox } from "../../lib/secret-box.ts";
import { createSecretToken } from "../../lib/secret-token.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import { companyAdminIds, notify } from "../notifications/notifications.service.ts";
import { requireTeam } from "../teams/teams.service.ts";
import { type AnnouncedEvent, challengeEvent } from "./integrations.events.ts";

export {
  type AnnouncedEvent,
  actionDoneEvent,
  challengeEvent,
  ideaEvent,
  newsPublishedEvent,
  rewardRedeemedEvent,
} from "./integrations.events.ts";

import { channelMessageBody, DELIVERY_HEADER, SIGNATURE_HEADER, webhookSignature } from "./integrations.messages.ts";
import { presentChannel, presentDelivery, presentWebhook } from "./integrations.presenter.ts";
import {
  claimDueOutboxRows,
  companyLanguage,
  countChannels,
  countWebhooks,
  deleteChannel,
  deleteOutboxRow,
  deleteWebhook,
  findChannel,
  findDeliveryAttempt,
  findWebhook,
  insertChannel,
  insertDeliveryAttempt,
  insertOutboxRows,
  insertWebhook,
  listChallengesClosingBetween,
  listChannels,
  listChannelsHearing,
  listDeliveryAttempts,
  listWebhooks,
  listWebhooksHearing,
  rescheduleOutboxRow,
  updateChannel,
  updateWebhook,
} from "./integrations.repository.ts";

/** The PostgreSQL channel on which a committed announcement wakes the job queue. */
export const INTEGRATION_OUTBOX_CHANNEL = "integration_outbox";
/** How long a delivery is retried before it is given up. */
export const DELIVERY_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The wait after a first failure, doubled after each further one up to the longest wait. */
export const FIRST_RETRY_DELAY_MS = 30_000;
export const LONGEST_RETRY_DELAY_MS = 60 * 60 * 1000;
const DELIVERY_RETRY: RetryPolicy = { firstDelayMs: FIRST_RETRY_DELAY_MS, longestDelayMs: LONGEST_RETRY_DELAY_MS };
/** How long one claimed delivery is hidden from other workers. */
const DELIVERY_LEASE_MS = 60_000;
/** An answer read beyond this many bytes fails the call; only its first 500 characters are kept. */
const ANSWER_MAX_BYTES = 64 * 1024;
const EXCERPT_MAX_CHARS = 500;
/** What a webhook's signing secret starts with, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return backoffMs(DELIVERY_RETRY, attempts);
}

/** Whether a channel's audience may hear about an event: a team's event reaches only its team. */
export function channelMayHear(channel: Pick<IntegrationChannelRow, "teamId">, event: AnnouncedEvent): boolean {
  if (channel.teamId === null) return event.companyVisible;
  if (event.type === "reward.redeemed") return false;
  return event.teamId === channel.teamId || (event.teamId === null && event.companyVisible);
}

interface ChannelPayload {
  facts: ChannelEventFacts;
  path: string;
}

/**
 * Announces an event inside the transaction of the change: one outbox row per channel that hears
 * it and may, and per switched-on webhook that hears it. PostgreSQL tells the job queue on commit.
 */
export async function announceEvent(tx: Database, event: AnnouncedEvent): Promise<void> {
  const channels = (await listChannelsHearing(tx, event.companyId, event.type)).filter((channel) =>
    channelMayHear(channel, event),
  );
  const hooks = await listWebhooksHearing(tx, event.companyId, event.type);
  if (channels.length === 0 && hooks.length === 0) return;
  const expiresAt = new Date(event.at.getTime() + DELIVERY_RETRY_WINDOW_MS);
  const channelPayload: ChannelPayload = {
    facts: { type: event.type, actor_name: event.actor?.name ?? null, ...event.facts },
    path: event.path,
  };
  const webhookBody = {
    id: randomUUID(),
    type: event.type,
    created_at: event.at.toISOString(),
    data: { ...event.data, team_id: event.teamId, actor: event.actor, path: event.path },
  };
  await insertOutboxRows(tx, [
    ...channels.map((channel) => ({
      companyId: event.companyId,
      channelId: channel.id,
      deliveryId: randomUUID(),
      eventType: event.type,
      payload: channelPayload as unknown as Record<string, unknown>,
      nextAttemptAt: event.at,
      expiresAt,
    })),
    ...hooks.map((hook) => ({
      companyId: event.companyId,
      webhookId: hook.id,
      deliveryId: randomUUID(),
      eventType: event.type,
      payload: webhookBody,
      nextAttemptAt: event.at,
      expiresAt,
    })),
  ]);
  await wakeOutbox(tx);
}

async function wakeOutbox(tx: Database): Promise<void> {
  await tx.execute(sqlNotify);
}

const sqlNotify = sql`select pg_notify(${INTEGRATION_OUTBOX_CHANNEL}, '')`;

/**
 * The box that seals channel addresses and webhook signing secrets, under a key of its own
 * derived from the server secret (sealed, not hashed: the server must use them to send).
 */
export function integrationSecretBox(serverSecret: string) {
  return createSecretBox(Buffer.from(hkdfSync("sha256", serverSecret, "", "ideaport integration secrets", 32)));
}

export interface IntegrationsServiceDependencies extends ServiceDependencies {
  appUrl: string;
  /** The server secret the key of the sealed addresses and signing secrets derives from. */
  serverSecret: string;
  allowPrivateNetworks: boolean;
  /** How long one attempt may take (default 10 s). */
  timeoutMs?: number;
}

/** The outcome of one attempt. */
interface Attempt {
  delivered: boolean;
  statusCode: number | null;
  /** An outbound failure (`timeout`, `address_refused`…), `status` for a non-2xx answer, else null. */
  error: string | null;
  excerpt: string | null;
}

export function createIntegrationsService(deps: IntegrationsServiceDependencies) {
  const { db, clock } = deps;
  const box = integrationSecretBox(deps.serverSecret);
  const policy: OutboundPolicy = {
    allowPrivateNetworks: deps.allowPrivateNetworks,
    timeoutMs: deps.timeoutMs ?? 10_000,
    maxResponseBytes: ANSWER_MAX_BYTES,
  };

  /** Refuses an address that is not https on the public internet (unless the rule is lifted). */
  async function checkAddress(url: string): Promise<URL> {
    try {
      return (await resolveOutboundTarget(url, policy)).url;
    } catch (error) {
      if (error instanceof OutboundCallError) throw new AppError("integration.url_refused");
      throw error;
    }
  }

  /** One POST of a JSON body through the outbound rules; never throws for the receiver's sake. */
  async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Attempt> {
    try {
      const answer = await outboundFetch(
        url,
        {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "Ideaport-Integrations/1", ...headers },
          body,
        },
        policy,
      );
      const text = (await answer.text()).slice(0, EXCERPT_MAX_CHARS);
      const delivered = answer.status >= 200 && answer.status < 300;
      return { delivered, statusCode: answer.status, error: delivered ? null : "status", excerpt: text || null };
    } catch (error) {
      if (error instanceof OutboundCallError) {
        return { delivered: false, statusCode: null, error: error.failure, excerpt: null };
      }
      throw error;
    }
  }

  async function channelBody(channel: IntegrationChannelRow, payload: ChannelPayload): Promise<string> {
    const t = translatorFor(effectiveLanguage(null, await companyLanguage(db, channel.companyId)));
    return channelMessageBody(channel.kind, {
      sentence: describeChannelEvent(payload.facts, t),
      linkText: t(CHANNEL_OPEN_LINK_TEXT),
      url: `${deps.appUrl}${payload.path}`,
    });
  }

  function signedHeaders(hook: WebhookRow, deliveryId: string, rawBody: string): Record<string, string> {
    const secret = box.open(hook.secretEncrypted);
    if (secret === null) throw new Error("a webhook's signing secret does not open under this server's key");
    return { [SIGNATURE_HEADER]: webhookSignature(secret, rawBody, clock()), [DELIVERY_HEADER]: deliveryId };
  }

  async function logAttempt(
    hook: WebhookRow,
    delivery: { deliveryId: string; eventType: string; attempt: number; body: Record<string, unknown> },
    outcome: Attempt,
  ): Promise<void> {
    await insertDeliveryAttempt(
      db,
      {
        companyId: hook.companyId,
        webhookId: hook.id,
        deliveryId: delivery.deliveryId,
        eventType: delivery.eventType,
        attempt: delivery.attempt,
        statusCode: outcome.statusCode,
        error: outcome.error,
        excerpt: outcome.excerpt,
        body: delivery.body,
        createdAt: clock(),
      },
      WEBHOOK_DELIVERY_LOG_SIZE,
    );
  }

  /** Counts a webhook's outcome; the failure that makes 50 in a row switches it off and tells the admins. */
  async function countOutcome(hook: WebhookRow, delivered: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await findWebhook(tx, hook.companyId, hook.id, { forUpdate: true });
      if (!current) return;
      if (delivered) {
        if (current.consecutiveFailures > 0)
          await updateWebhook(tx, hook.companyId, hook.id, { consecutiveFailures: 0 });
        return;
      }
      const failures = current.consecutiveFailures + 1;
      const switchOff = current.enabled && failures >= WEBHOOK_FAILURES_BEFORE_DISABLING;
      await updateWebhook(tx, hook.companyId, hook.id, {
        consecutiveFailures: failures,
        ...(switchOff ? { enabled: false, disabledForFailuresAt: clock() } : {}),
      });
      if (switchOff) {
        await notify(tx, {
          companyId: hook.companyId,
          userIds: await companyAdminIds(tx, hook.companyId),
          type: "webhook_disabled",
          actorId: null,
        });
      }
    });
  }

  /** One attempt of an outbox row; answers whether it is done (delivered, or its target gone). */
  async function attemptRow(row: IntegrationOutboxRow): Promise<boolean> {
    const attempt = row.attempts + 1;
    if (row.channelId) {
      const channel = await findChannel(db, row.companyId, row.channelId);
      if (!channel?.events.includes(row.eventType as IntegrationEvent)) return true;
      const url = box.open(channel.urlEncrypted);
      if (url === null) return true;
      const outcome = await post(url, await channelBody(channel, row.payload as unknown as ChannelPayload));
      return outcome.delivered;
    }
    const hook = row.webhookId ? await findWebhook(db, row.companyId, row.webhookId) : null;
    if (!hook?.enabled) return true;
    const rawBody = JSON.stringify(row.payload);
    const outcome = await post(hook.url, rawBody, signedHeaders(hook, row.deliveryId, rawBody));
    await logAttempt(
      hook,
      { deliveryId: row.deliveryId, eventType: row.eventType, attempt, body: row.payload },
      outcome,
    );
    await countOutcome(hook, outcome.delivered);
    return outcome.delivered;
  }

  async function channelOfCaller(caller: CompanyCaller, id: string): Promise<IntegrationChannelRow> {
    const channel = await findChannel(db, caller.companyId, id);
    if (!channel) throw new AppError("integration_channel.not_found");
    authorizeChannel(caller, channel.teamId);
    return channel;
  }

  function authorizeChannel(caller: CompanyCaller, teamId: string | null): void {
    if (teamId === null) authorize(caller, "company.manage");
    else authorize(caller, "team.manage", { teamId });
  }

  async function webhookOfCaller(caller: CompanyCaller, id: string): Promise<WebhookRow> {
    const hook = await findWebhook(db, caller.companyId, id);
    if (!hook) throw new AppError("webhook.not_found");
    authorize(caller, "company.manage");
    return hook;
  }

  function checkTeamEvents(teamId: string | null, events: readonly IntegrationEvent[]): void {
    if (teamId !== null && events.some((event) => !TEAM_CHANNEL_EVENTS.includes(event))) {
      throw new AppError("integration_channel.event_not_allowed");
    }
  }

  return {
    /**
     * The channels the caller manages: every one of the company for admins, their teams' for
     * managers; only `teamId`'s when given.
     */
    async listChannels(caller: CompanyCaller, teamId?: string): Promise<IntegrationChannel[]> {
      if (teamId !== undefined) {
        authorize(caller, "team.manage", { teamId });
        return (await listChannels(db, caller.companyId, [teamId])).map(presentChannel);
      }
      if (isAllowed(caller, "company.manage")) return (await listChannels(db, caller.companyId)).map(presentChannel);
      authorize(caller, "team.manage");
      return (await listChannels(db, caller.companyId, caller.managedTeamIds)).map(presentChannel);
    },

    /** Connects a channel; its address must be public https. Audited. */
    async createChannel(caller: CompanyCaller, input: CreateChannelRequest): Promise<IntegrationChannel> {
      const teamId = input.team_id ?? null;
      if (teamId !== null) await requireTeam(db, caller.companyId, teamId);
      authorizeChannel(caller, teamId);
      checkTeamEvents(teamId, input.events);
      const url = await checkAddress(input.url);
      if ((await countChannels(db, caller.companyId)) >= CHANNELS_MAX)
        throw new AppError("integration_channel.too_many");
      const id = await db.transaction(async (tx) => {
        const channelId = await insertChannel(tx, {
          companyId: caller.companyId,
          teamId,
          kind: input.kind,
          name: input.name,
          urlEncrypted: box.seal(url.href),
          urlHost: url.host,
          events: input.events,
          createdBy: caller.id,
        });
        await recordCallerAudit(tx, caller, {
          action: "integration.channel_created",
          targetType: "integration_channel",
          targetId: channelId,
          details: { name: input.name, kind: input.kind, host: url.host, team_id: teamId, events: input.events },
        });
        return channelId;
      });
      return presentChannel((await findChannel(db, caller.companyId, id))!);
    },

    async updateChannel(caller: CompanyCaller, id: string, input: UpdateChannelRequest): Promise<IntegrationChannel> {
      const channel = await channelOfCaller(caller, id);
      // A change of nothing changes nothing, and is not audited.
      if (Object.keys(input).length === 0) return presentChannel(channel);
      if (input.events) checkTeamEvents(channel.teamId, input.events);
      const url = input.url === undefined ? null : await checkAddress(input.url);
      await db.transaction(async (tx) => {
        await updateChannel(tx, caller.companyId, id, {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.events === undefined ? {} : { events: input.events }),
          ...(url === null ? {} : { urlEncrypted: box.seal(url.href), urlHost: url.host }),
        });
        await recordCallerAudit(tx, caller, {
          action: "integration.channel_changed",
          targetType: "integration_channel",
          targetId: id,
          details: {
            name: input.name ?? channel.name,
            ...(input.events ? { events: input.events } : {}),
            ...(url ? { host: url.host } : {}),
          },
        });
      });
      return presentChannel((await findChannel(db, caller.companyId, id))!);
    },

    async deleteChannel(caller: CompanyCaller, id: string): Promise<void> {
      const channel = await channelOfCaller(caller, id);
      await db.transaction(async (tx) => {
        await deleteChannel(tx, caller.companyId, id);
        await recordCallerAudit(tx, caller, {
          action: "integration.channel_deleted",
          targetType: "integration_channel",
          targetId: id,
          details: { name: channel.name, kind: channel.kind },
        });
      });
    },

    /** Posts a test message to the channel now and answers how it went. */
    async testChannel(caller: CompanyCaller, id: string): Promise<TestSendResponse> {
      const channel = await channelOfCaller(caller, id);
      const url = box.open(channel.urlEncrypted);
      if (url === null) throw new AppError("integration_channel.not_found");
      const outcome = await post(
        url,
        await channelBody(channel, {
          facts: { type: WEBHOOK_TEST_EVENT, actor_name: null },
          path: channel.teamId ? "/app/settings/team" : "/app/settings/company",
        }),
      );
      return presentTest(outcome);
    },

    async listWebhooks(caller: CompanyCaller): Promise<Webhook[]> {
      authorize(caller, "company.manage");
      return (await listWebhooks(db, caller.companyId)).map(presentWebhook);
    },

    /** Registers a webhook; its signing secret is answered this once and kept sealed. Audited. */
    async createWebhook(
      caller: CompanyCaller,
      input: CreateWebhookRequest,
    ): Promise<{ webhook: Webhook; secret: string }> {
      authorize(caller, "company.manage");
      const url = await checkAddress(input.url);
      if ((await countWebhooks(db, caller.companyId)) >= WEBHOOKS_MAX) throw new AppError("webhook.too_many");
      const secret = `${WEBHOOK_SECRET_PREFIX}${createSecretToken()}`;
      const id = await db.transaction(async (tx) => {
        const webhookId = await insertWebhook(tx, {
          companyId: caller.companyId,
          url: url.href,
          secretEncrypted: box.seal(secret),
          events: input.events,
          createdBy: caller.id,
        });
        await recordCallerAudit(tx, caller, {
          action: "integration.webhook_created",
          targetType: "webhook",
          targetId: webhookId,
          details: { url: url.href, events: input.events },
        });
        return webhookId;
      });
      return { webhook: presentWebhook((await findWebhook(db, caller.companyId, id))!), secret };
    },

    /** Changes a webhook; switching it on again starts its count of failures afresh. Audited. */
    async updateWebhook(caller: CompanyCaller, id: string, input: UpdateWebhookRequest): Promise<Webhook> {
      const hook = await webhookOfCaller(caller, id);
      if (Object.keys(input).length === 0) return presentWebhook(hook);
      const url = input.url === undefined ? null : await checkAddress(input.url);
      await db.transaction(async (tx) => {
        await updateWebhook(tx, caller.companyId, id, {
          ...(url === null ? {} : { url: url.href }),
          ...(input.events === undefined ? {} : { events: input.events }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          ...(input.enabled === true ? { consecutiveFailures: 0, disabledForFailuresAt: null } : {}),
        });
        await recordCallerAudit(tx, caller, {
          action: "integration.webhook_changed",
          targetType: "webhook",
          targetId: id,
          details: {
            ...(url ? { url: url.href } : {}),
            ...(input.events ? { events: input.events } : {}),
            ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          },
        });
      });
      return presentWebhook((await findWebhook(db, caller.companyId, id))!);
    },

    async deleteWebhook(caller: CompanyCaller, id: string): Promise<void> {
      const hook = await webhookOfCaller(caller, id);
      await db.transaction(async (tx) => {
        await deleteWebhook(tx, caller.companyId, id);
        await recordCallerAudit(tx, caller, {
          action: "integration.webhook_deleted",
          targetType: "webhook",
          targetId: id,
          details: { url: hook.url },
        });
      });
    },

    /** The webhook's last attempts, newest first. */
    async deliveries(caller: CompanyCaller, id: string): Promise<WebhookDelivery[]> {
      await webhookOfCaller(caller, id);
      return (await listDeliveryAttempts(db, caller.companyId, id, WEBHOOK_DELIVERY_LOG_SIZE)).map(presentDelivery);
    },

    /** Sends a signed `webhook.test` delivery now, logs it, and answers how it went. */
    async testWebhook(caller: CompanyCaller, id: string): Promise<TestSendResponse> {
      const hook = await webhookOfCaller(caller, id);
      const deliveryId = randomUUID();
      const body = {
        id: randomUUID(),
        type: WEBHOOK_TEST_EVENT,
        created_at: clock().toISOString(),
        data: { webhook_id: hook.id },
      };
      const rawBody = JSON.stringify(body);
      const outcome = await post(hook.url, rawBody, signedHeaders(hook, deliveryId, rawBody));
      await logAttempt(hook, { deliveryId, eventType: WEBHOOK_TEST_EVENT, attempt: 1, body }, outcome);
      return presentTest(outcome);
    },

    /** Queues a logged delivery again, with its body and delivery id, for the job queue to send. */
    async resend(caller: CompanyCaller, id: string, deliveryId: string): Promise<void> {
      const hook = await webhookOfCaller(caller, id);
      const logged = await findDeliveryAttempt(db, caller.companyId, id, deliveryId);
      if (!logged) throw new AppError("webhook_delivery.not_found");
      const now = clock();
      await db.transaction(async (tx) => {
        await insertOutboxRows(tx, [
          {
            companyId: caller.companyId,
            webhookId: hook.id,
            deliveryId: logged.deliveryId,
            eventType: logged.eventType,
            payload: logged.body,
            attempts: logged.attempt,
            nextAttemptAt: now,
            expiresAt: new Date(now.getTime() + DELIVERY_RETRY_WINDOW_MS),
          },
        ]);
        await wakeOutbox(tx);
      });
    },

    /**
     * Sends what is due, `batchSize` at a time, until nothing is: a delivered row goes, a failed
     * one waits longer each time until its day is over. Answers how many attempts were made.
     */
    async deliverDue(batchSize = 20): Promise<number> {
      return drainDue(
        () => {
          const now = clock();
          return claimDueOutboxRows(db, now, new Date(now.getTime() + DELIVERY_LEASE_MS), batchSize);
        },
        async (row) => {
          const done = await attemptRow(row);
          const now = clock();
          const delay = done
            ? null
            : retryDelay(DELIVERY_RETRY, { failures: row.attempts + 1, now, giveUpAt: row.expiresAt });
          if (delay === null) await deleteOutboxRow(db, row.id);
          else await rescheduleOutboxRow(db, row.id, row.attempts + 1, new Date(now.getTime() + delay));
        },
      );
    },

    /**
     * Announces the active challenges whose deadline is more than one and at most two days
     * away: run once a day, it tells each challenge's closing once.
     */
    async announceClosingChallenges(): Promise<number> {
      const now = clock();
      const closing = await listChallengesClosingBetween(
        db,
        new Date(now.getTime() + (CHALLENGE_CLOSING_NOTICE_DAYS - 1) * 86_400_000),
        new Date(now.getTime() + CHALLENGE_CLOSING_NOTICE_DAYS * 86_400_000),
      );
      for (const challenge of closing) {
        await db.transaction((tx) =>
          announceEvent(
            tx,
            challengeEvent({
              type: "challenge.closing",
              companyId: challenge.companyId,
              challenge,
              actor: null,
              at: now,
            }),
          ),
        );
      }
      return closing.length;
    },
  };
}

function presentTest(outcome: Attempt): TestSendResponse {
  return { success: true, delivered: outcome.delivered, status_code: outcome.statusCode, error: outcome.error };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
