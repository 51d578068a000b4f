/**
 * What is sent, built for each receiver: a Slack message (Block Kit), a Microsoft Teams message
 * (an Adaptive Card in a workflow webhook's attachment), and a webhook delivery signed the way
 * Stripe documents (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`). Pure.
 */
import { createHmac } from "node:crypto";
import type { ChannelKind } from "@ideaport/shared";

/** One channel message: the sentence, and the link back to what it is about. */
export interface ChannelMessage {
  sentence: string;
  linkText: string;
  url: string;
}

/**
 * A Slack incoming webhook's body: the sentence as plain text (never mrkdwn, so a title cannot
 * mention `@channel` or forge a link), and a button to the object. `text` is the notification's
 * fallback.
 */
export function slackMessage({ sentence, linkText, url }: ChannelMessage) {
  return {
    text: sentence,
    blocks: [
      { type: "section", text: { type: "plain_text", text: sentence, emoji: false } },
      {
        type: "actions",
        elements: [{ type: "button", text: { type: "plain_text", text: linkText, emoji: false }, url }],
      },
    ],
  };
}

/** The version of Adaptive Cards sent: the highest that Teams' workflow webhooks render. */
export const ADAPTIVE_CARD_VERSION = "1.4";

/** A Microsoft Teams workflow webhook's body: one message with one Adaptive Card. */
export function teamsMessage({ sentence, linkText, url }: ChannelMessage) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: ADAPTIVE_CARD_VERSION,
          body: [{ type: "TextBlock", text: sentence, wrap: true }],
          actions: [{ type: "Action.OpenUrl", title: linkText, url }],
        },
      },
    ],
  };
}

export function channelMessageBody(kind: ChannelKind, message: ChannelMessage): string {
  return JSON.stringify(kind === "slack" ? slackMessage(message) : teamsMessage(message));
}

/** The header names of a webhook delivery. */
export const SIGNATURE_HEADER = "Ideaport-Signature";
export const DELIVERY_HEADER = "Ideaport-Delivery";

/** `Ideaport-Signature`'s value for a raw body sent at `at`. */
export function webhookSignature(secret: string, rawBody: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}
