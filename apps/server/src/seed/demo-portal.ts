/**
 * The demo company's Company Portal: the months of ideas before today that earned its people the
 * points on the boards, the rewards they spend them on, and the news. Like the rest of the demo it
 * goes through the services at the time each step happened, so every point is a ledger row of a
 * real approved idea or comment, and every notification and e-mail is what that use left behind.
 */

import {
  CreateCommentRequestSchema,
  CreateIdeaRequestSchema,
  CreateNewsRequestSchema,
  CreateRewardRequestSchema,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import type { CompanyCaller } from "../core/caller.ts";
import type { Database } from "../db/client.ts";
import { actions } from "../db/schema/index.ts";
import { createActionsService } from "../modules/actions/actions.service.ts";
import { createIdeasService } from "../modules/ideas/ideas.service.ts";
import { createNewsService } from "../modules/news/news.service.ts";
import { createNotificationsService } from "../modules/notifications/notifications.service.ts";
import { createRewardsService } from "../modules/rewards/rewards.service.ts";

export type DemoPerson = "alice" | "marcus" | "priya" | "tom" | "elena" | "sam";

export interface DemoTimeline {
  /** The services' clock: the moment `travelTo` set, moving on with real time. */
  clock: () => Date;
  /** Sets the clock `days` before now (0: now). */
  travelTo(days: number): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the seed moves back in time to play past events, then returns to the present. */
export function createDemoTimeline(): DemoTimeline {
  let offsetMs = 0;
  return {
    clock: () => new Date(Date.now() - offsetMs),
    travelTo(days) {
      offsetMs = days * DAY_MS;
    },
  };
}

/** An idea of the past: written `daysAgo`, reviewed the next day, approved the day after. */
interface PastIdea {
  author: DemoPerson;
  reviewer: DemoPerson;
  daysAgo: number;
  title: string;
  description: string;
  note?: string;
  comment?: { by: DemoPerson; body: string };
}

const PAST_IDEAS: PastIdea[] = [
  {
    author: "priya",
    reviewer: "alice",
    daysAgo: 150,
    title: "A shared glossary of product terms",
    description:
      "Sales, support and product use three words for the same thing. One glossary in the wiki would end it.",
    comment: { by: "alice", body: "Yes please. Start with the ten words customers ask about most." },
  },
  {
    author: "elena",
    reviewer: "marcus",
    daysAgo: 140,
    title: "A bot for weekly dependency updates",
    description: "A bot opens one pull request a week with our dependency updates, so we never fall years behind.",
    comment: { by: "marcus", body: "Let's group the minor updates so reviews stay small." },
  },
  {
    author: "tom",
    reviewer: "alice",
    daysAgo: 120,
    title: "Customer call notes in one place",
    description: "Notes from customer calls live in five inboxes. One shared folder per customer would keep them.",
  },
  {
    author: "sam",
    reviewer: "marcus",
    daysAgo: 100,
    title: "A blameless postmortem template",
    description: "After an incident we write what happened, why, and what we change, never who is to blame.",
    comment: { by: "elena", body: "Could it have a section for what went well too?" },
  },
  {
    author: "tom",
    reviewer: "alice",
    daysAgo: 75,
    title: "Release notes in plain language",
    description: "Our release notes read like commit messages. Customers want to know what changes for them.",
    note: "Customers will love this.",
    comment: { by: "alice", body: "Let's try it on the next release and ask five customers what they think." },
  },
  {
    author: "elena",
    reviewer: "marcus",
    daysAgo: 60,
    title: "Feature flags for risky releases",
    description: "Ship risky changes switched off, turn them on for a few customers first, and off again in seconds.",
    comment: { by: "marcus", body: "This would have saved us the rollback in March." },
  },
  {
    // A manager's own idea: an administrator decides it, never its author.
    author: "marcus",
    reviewer: "alice",
    daysAgo: 45,
    title: "Pairing Fridays for new joiners",
    description: "New engineers spend their first Fridays pairing with someone from another team.",
    comment: { by: "sam", body: "I'd have loved this in my first month." },
  },
  {
    author: "elena",
    reviewer: "marcus",
    daysAgo: 30,
    title: "An error budget for every service",
    description: "Each service gets an error budget; when it is spent, we fix reliability before new features.",
  },
  {
    author: "marcus",
    reviewer: "alice",
    daysAgo: 20,
    title: "Office hours for on-call questions",
    description: "Thirty minutes every Tuesday where anyone can ask the on-call engineer how things work.",
    comment: { by: "alice", body: "Great for people outside Engineering too." },
  },
  {
    author: "priya",
    reviewer: "alice",
    daysAgo: 18,
    title: "Quiet hours on Wednesday mornings",
    description: "No meetings and no chat pings before noon on Wednesdays, so everyone gets one long stretch of focus.",
  },
  {
    author: "priya",
    reviewer: "alice",
    daysAgo: 9,
    title: "A checklist for a customer's first login",
    description: "Five steps on the first screen that get a new customer to their first result in minutes.",
    note: "Simple and effective.",
  },
];

/** Actions of ideas approved longer ago than this are done by now; younger ones are under way. */
const DONE_AFTER_DAYS = 30;

/**
 * The rewards catalogue (one unlimited, one in short supply that Elena's redemption empties), the
 * months of ideas before today, a pending redemption and the news. Runs before today's content.
 */
export async function seedDemoPortal(
  db: Database,
  people: Record<DemoPerson, CompanyCaller>,
  timeline: DemoTimeline,
): Promise<void> {
  const { clock, travelTo } = timeline;
  const ideas = createIdeasService({ db, clock });
  const rewards = createRewardsService({ db, clock });
  const actionsService = createActionsService({ db, clock });
  const { alice } = people;

  travelTo(160);
  const reward = (title: string, description: string, cost: number, stock: number | null) =>
    rewards.create(alice, CreateRewardRequestSchema.parse({ title, description, cost, stock }));
  const lunch = await reward(
    "Lunch on us",
    "Lunch for you and a colleague at any place near the office, up to 25 euros each.",
    100,
    null,
  );
  await reward("Acme hoodie", "The grey one with the small logo, in your size.", 150, 12);
  const headphones = await reward(
    "Noise-cancelling headphones",
    "For focused work in the open office, or on the train home.",
    180,
    1,
  );
  await reward("An extra day off", "One more day of holiday this year, agreed with your manager.", 400, 5);

  for (const past of PAST_IDEAS) {
    const author = people[past.author];
    travelTo(past.daysAgo);
    const created = await ideas.create(
      author,
      CreateIdeaRequestSchema.parse({ title: past.title, description: past.description, challenge_id: null }),
    );
    travelTo(past.daysAgo - 1);
    await ideas.transition(people[past.reviewer], created.id, { to: "under_review" });
    if (past.comment) {
      await ideas.comment(
        people[past.comment.by],
        created.id,
        CreateCommentRequestSchema.parse({ body: past.comment.body }),
      );
    }
    travelTo(past.daysAgo - 2);
    await ideas.transition(people[past.reviewer], created.id, {
      to: "approved",
      ...(past.note ? { note: past.note } : {}),
    });
    // The approved idea became an action; the older ones are done by now.
    const [action] = await db.select({ id: actions.id }).from(actions).where(eq(actions.ideaId, created.id));
    if (action) {
      await actionsService.update(alice, action.id, {
        owner_id: author.id,
        status: past.daysAgo > DONE_AFTER_DAYS ? "done" : "in_progress",
      });
    }
  }

  // Elena treated herself to the only pair of headphones, which Alice handed over the next day.
  travelTo(25);
  const headphonesRedemption = await rewards.redeem(people.elena, headphones.id);
  travelTo(24);
  await rewards.fulfil(alice, headphonesRedemption.redemption.id);

  // What happened months ago was read long since; what follows is new.
  travelTo(3);
  const notifications = createNotificationsService({ db, clock });
  for (const person of Object.values(people)) await notifications.markRead(person);

  // Tom's lunch waits for Alice.
  travelTo(2);
  await rewards.redeem(people.tom, lunch.id);

  await seedDemoNews(db, alice, timeline);
  travelTo(0);
}

/** The news: three categories, a pinned welcome, a video, implemented ideas, and a draft. */
async function seedDemoNews(db: Database, alice: CompanyCaller, timeline: DemoTimeline): Promise<void> {
  const { clock, travelTo } = timeline;
  const news = createNewsService({ db, clock });
  travelTo(100);
  const category = async (name: string) => (await news.createCategory(alice, name)).id;
  const announcements = await category("Announcements");
  const product = await category("Product");
  const peopleNews = await category("People");

  const post = (fields: {
    title: string;
    body: string;
    category: string;
    daysAgo: number | null;
    video?: string;
    pinned?: boolean;
  }) => {
    travelTo(fields.daysAgo ?? 0);
    return news.create(
      alice,
      CreateNewsRequestSchema.parse({
        title: fields.title,
        body: fields.body,
        category_id: fields.category,
        video: fields.video ?? null,
        pinned: fields.pinned ?? false,
        // A draft (null) waits for an admin; the others were published on their day.
        published_at: fields.daysAgo === null ? null : clock().toISOString(),
      }),
    );
  };

  await post({
    title: "Release notes, now in plain language",
    category: product,
    daysAgo: 70,
    body: [
      "Starting with this month's release, our release notes tell customers **what changes for them**, not which tickets we closed.",
      "",
      "The idea came from Tom Becker, and the first customers we asked liked it a lot. Tell us what you think of the new format.",
    ].join("\n"),
  });
  await post({
    title: "Feature flags are live for every service",
    category: product,
    daysAgo: 40,
    body: [
      "## Ship it switched off",
      "",
      "Elena Rossi's idea is done: every service can now ship a change behind a feature flag.",
      "",
      "- Turn a change on for a few customers first.",
      "- Watch the error budget while it rolls out.",
      "- Turn it off again in seconds if something goes wrong, without a new deployment.",
      "",
      "The Engineering handbook explains how to add a flag. Thank you, Elena!",
    ].join("\n"),
  });
  await post({
    title: "Pairing Fridays: what we learned in the first month",
    category: peopleNews,
    daysAgo: 12,
    body: [
      "Four Fridays, nine pairs, two teams. New joiners told us they learned the codebase twice as fast,",
      "and their partners said they learned just as much about how the product is sold.",
      "",
      "Want to pair next Friday? Tell Marcus Chen.",
    ].join("\n"),
  });
  await post({
    title: "Friday learning: Start with why",
    category: peopleNews,
    daysAgo: 6,
    video: "https://www.youtube.com/watch?v=u4ZoJKF_VuA",
    body: [
      "This Friday at 4 pm we watch Simon Sinek's talk together in the big meeting room, then talk about",
      "what our own *why* is. Eighteen minutes of video, snacks included.",
      "",
      "Can't make it? Watch it here, or read the [talk's page on TED](https://www.ted.com/talks/simon_sinek_how_great_leaders_inspire_action).",
    ].join("\n"),
  });
  await post({
    title: "Welcome to the Company Portal",
    category: announcements,
    daysAgo: 1,
    pinned: true,
    body: [
      "## Everything about Acme, in one place",
      "",
      "From today, company news, points and rewards live here, next to our ideas.",
      "",
      "- **News**: announcements, product updates and stories about the people behind them.",
      "- **Points**: you earn them when you share an idea, answer a challenge, comment on a colleague's idea, and when your idea is approved.",
      "- **Leaderboards**: who moved us forward this week, this month or this year, people and teams.",
      "- **Rewards**: spend your points on lunch, a hoodie or an extra day off.",
      "",
      "### Where do I start?",
      "",
      "Share one idea this week: the challenges in the Ideas Portal are a good place to begin.",
      "Questions? Write to [people@acme.example](mailto:people@acme.example).",
    ].join("\n"),
  });
  await post({
    title: "Winter party: save the date",
    category: announcements,
    daysAgo: null,
    body: "Keep a Friday evening free for our winter party at the Old Boathouse. The date and the menu follow next week.",
  });
}
