// Set-based seed for the ideas API benchmark: one company of 10,000 people with 100,000 ideas and
// 1,000,000 notifications, written with INSERT ... SELECT over generate_series in one session.
import type pg from "pg";
import { type SeedFigures, seedPeople, startBulkSeed, textArray } from "./seed-shared.ts";

export interface SeedSize {
  users: number;
  teams: number;
  ideas: number;
  notifications: number;
  /** Notifications of the benchmarked user (their bell). */
  viewerNotifications: number;
}

export const DEFAULT_SEED_SIZE: SeedSize = {
  users: 10_000,
  teams: 100,
  ideas: 100_000,
  notifications: 1_000_000,
  viewerNotifications: 5_000,
};

export interface SeedResult extends SeedFigures {
  companyId: string;
  /** A team manager (not an admin): the viewer of every endpoint. */
  managerId: string;
  /** The team the manager manages: the manager sorts its list by score (not a list they do not review). */
  managerTeamId: string;
  /** An admin, for the admin's first page of the list. */
  adminId: string;
  /** An idea of the manager's team with history, comments and votes: the detail endpoint's idea. */
  detailIdeaId: string;
}

/**
 * SQL rows `i` (an idea of bench_ideas), `k` (1 to the idea's `countColumn`) and `u`, its k-th
 * person: a different one for each k, `stride` people apart, counted from the author on.
 */
function eachIdeasPeople(countColumn: "comment_count" | "vote_count", stride: number): string {
  return `from bench_ideas i
         cross join lateral generate_series(1, i.${countColumn}) k
         join bench_users u on u.n = (i.author_n + k * ${stride}) % $2::int`;
}

/** The tables loaded in bulk: their secondary indexes are dropped for the load and rebuilt after. */
const BULK_TABLES = ["ideas", "idea_events", "idea_revisions", "comments", "votes", "notifications"];

const FIRST_NAMES =
  "Alice Marcus Priya Tom Sofia Kenji Amara Lucas Ingrid Omar Chloe Mateo Hana Noah Zara Felix Leila Ivan Maya Theo".split(
    " ",
  );
const LAST_NAMES =
  "Morgan Chen Patel Becker Rossi Tanaka Okafor Silva Berg Haddad Dubois Garcia Kim Smith Ahmed Novak Jensen Petrov Lopez Walsh".split(
    " ",
  );
const TOPICS =
  "onboarding, invoicing, warehouse, customer support, release process, energy use, meeting rooms, expense reports, code review, packaging, shift planning, recycling, travel booking, supplier audits, sales handover, documentation, test automation, parking, canteen menu, office lighting, laptop refresh, security training".split(
    ", ",
  );
const SENTENCES = [
  "Today this takes three manual steps and two e-mails.",
  "A shared checklist would remove most of the back and forth.",
  "Other teams already tried something similar with good results.",
  "We could pilot it in one team for a month and measure the time saved.",
  "The cost is mostly a few days of work from one person.",
  "Customers have asked for this several times in the last quarter.",
  "It would also cut the number of support tickets we get about it.",
  "The current tool is slow and nobody owns its configuration.",
  "A small dashboard would make the problem visible to everyone.",
  "This mostly needs a decision, not money.",
  "We waste about an hour a week per person on it.",
  "Automating the reminder would fix half of the delays.",
];

/**
 * Seeds the benchmark company into an empty, migrated database. Foreign keys are not checked
 * during the load (session_replication_role = replica; the rows are consistent by construction)
 * and the secondary indexes of the big tables are rebuilt after it, then everything is analysed.
 */
export async function seedIdeasBenchmark(
  client: pg.ClientBase,
  size: SeedSize = DEFAULT_SEED_SIZE,
): Promise<SeedResult> {
  const { run, passwordHash, elapsedMilliseconds } = await startBulkSeed(client);
  await run("set session_replication_role = replica");
  const { rows: indexes } = await run(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [BULK_TABLES],
  );
  for (const index of indexes) await run(`drop index ${index.name}`);

  // People: one company, its teams, its users (the first of each team manages it, a few admins).
  const {
    rows: [company],
  } = await run(`insert into companies (name, password_hash) values ('Bench Corp', $1) returning id`, [passwordHash]);
  const companyId = company.id as string;
  await seedPeople(run, {
    companyId,
    passwordHash,
    teams: size.teams,
    users: size.users,
    emailPrefix: "user",
    firstNames: FIRST_NAMES,
    lastNames: LAST_NAMES,
    isActive: "true",
    tempTableEnd: "",
  });

  // Challenges: a few company-wide ones, two per team for the rest.
  await run(
    `create temp table bench_challenges as
       select c as n, gen_random_uuid() as id,
              case when c < 40 then 'company' else 'team' end as scope,
              case when c < 40 then null else (c - 40) % $1::int end as team_n
         from generate_series(0, 40 + 2 * $1::int - 1) c`,
    [size.teams],
  );
  await run(
    `insert into challenges (id, company_id, team_id, scope, title, description, status, starts_at, ends_at,
                             reward_points, created_by, created_at)
       select c.id, $1, t.id, c.scope, 'Challenge ' || c.n || ': better ' || (${textArray(TOPICS)})[1 + c.n % ${TOPICS.length}],
              'How could we improve this?', 'active', now() - interval '2 years', now() + interval '1 year', 20,
              u.id, now() - interval '2 years'
         from bench_challenges c
         left join bench_teams t on t.n = c.team_n
         join bench_users u on u.n = coalesce(c.team_n, $2::int)`,
    [companyId, size.teams],
  );

  // Ideas over two years: authors at random, in their author's team; 10% answer a company
  // challenge, 10% one of their team's; statuses spread over the whole lifecycle.
  await run(
    `create temp table bench_ideas as
       select n, gen_random_uuid() as id, author_n, author_n % $2::int as team_n,
              case when pick < 0.1 then floor(pick * 400)::int
                   when pick < 0.2 then 40 + (author_n % $2::int) + $2::int * (n % 2) end as challenge_n,
              case when s < 0.10 then 'draft' when s < 0.35 then 'submitted' when s < 0.50 then 'under_review'
                   when s < 0.55 then 'needs_revision' when s < 0.60 then 'revision_submitted'
                   when s < 0.65 then 'pending_review' when s < 0.85 then 'approved' else 'rejected' end as status,
              created_at, created_at + random() * interval '2 days' as submitted_at
         from (select n, floor(random() * $3::int)::int as author_n, random() as pick, random() as s,
                      now() - random() * interval '730 days' as created_at
                 from generate_series(0, $1::int - 1) n) generated`,
    [size.ideas, size.teams, size.users],
  );
  await run(`alter table bench_ideas add primary key (n), add column comment_count int, add column vote_count int`);
  await run(
    `update bench_ideas set
       comment_count = case when status = 'draft' then 0 else floor(random() ^ 2 * 7)::int end,
       vote_count = case when status = 'draft' then 0 else floor(random() ^ 2 * 16)::int end`,
  );
  await run(
    `insert into ideas (id, company_id, author_id, team_id, challenge_id, title, description, status, vote_count,
                        comment_count, submitted_at, created_at, updated_at, score, score_count)
       select i.id, $1, u.id, t.id, c.id,
              'Improve ' || (${textArray(TOPICS)})[1 + i.n % ${TOPICS.length}] || ' (idea ' || i.n || ')',
              (${textArray(SENTENCES)})[1 + i.n % ${SENTENCES.length}] || ' ' ||
                (${textArray(SENTENCES)})[1 + (i.n / 7) % ${SENTENCES.length}] || ' ' ||
                (${textArray(SENTENCES)})[1 + (i.n / 53) % ${SENTENCES.length}],
              i.status, i.vote_count, i.comment_count,
              case when i.status = 'draft' then null else i.submitted_at end,
              i.created_at, i.submitted_at + interval '3 days',
              -- Scorecards: every idea a reviewer has opened carries a stored weighted score.
              case when i.status in ('draft', 'submitted') then null else round((1 + random() * 4)::numeric, 4) end,
              case when i.status in ('draft', 'submitted') then 0 else 1 + floor(random() * 3)::int end
         from bench_ideas i
         join bench_users u on u.n = i.author_n
         join bench_teams t on t.n = i.team_n
         left join bench_challenges c on c.n = i.challenge_n`,
    [companyId],
  );

  // The status history the detail page shows: every step from creation to the current status,
  // the first by the author, the review steps by the team's manager.
  await run(
    `insert into idea_events (company_id, idea_id, from_status, to_status, actor_id, note, created_at)
       select $1, i.id, step.from_status, step.to_status,
              case when step.position = 1 or step.to_status = 'revision_submitted' then author.id else manager.id end,
              case when step.to_status in ('needs_revision', 'approved', 'rejected') then 'Reviewed in the team meeting.' end,
              i.created_at + step.position * interval '1 day'
         from bench_ideas i
         join lateral (
           select position, lag(status) over (order by position) as from_status, status as to_status
             from unnest(case i.status
                    when 'draft' then array['draft']
                    when 'submitted' then array['submitted']
                    when 'under_review' then array['submitted', 'under_review']
                    when 'needs_revision' then array['submitted', 'under_review', 'needs_revision']
                    when 'revision_submitted' then array['submitted', 'under_review', 'needs_revision', 'revision_submitted']
                    when 'pending_review' then array['submitted', 'under_review', 'pending_review']
                    else array['submitted', 'under_review', i.status] end) with ordinality as path(status, position)
         ) step on true
         join bench_users author on author.n = i.author_n
         join bench_users manager on manager.n = i.team_n`,
    [companyId],
  );
  await run(
    `insert into idea_revisions (company_id, idea_id, title, description, revised_by, created_at)
       select $1, i.id, 'First draft (idea ' || i.n || ')', 'The text before the revision.', u.id,
              i.created_at + interval '3 days'
         from bench_ideas i join bench_users u on u.n = i.author_n
        where i.status = 'revision_submitted'`,
    [companyId],
  );
  await run(
    `insert into comments (company_id, idea_id, author_id, body, created_at, updated_at)
       select $1, i.id, u.id, 'Comment ' || k || ': ' || (${textArray(SENTENCES)})[1 + (i.n + k) % ${SENTENCES.length}],
              i.submitted_at + k * interval '5 hours', i.submitted_at + k * interval '5 hours'
         ${eachIdeasPeople("comment_count", 101)}`,
    [companyId, size.users],
  );
  await run(
    `insert into votes (company_id, idea_id, user_id, created_at)
       select $1, i.id, u.id, i.submitted_at + k * interval '2 hours'
         ${eachIdeasPeople("vote_count", 37)}`,
    [companyId, size.users],
  );

  // A few admin requests, which some notifications point at.
  await run(
    `insert into admin_requests (company_id, requester_id, status, created_at)
       select $1, u.id, case when u.n % 3 = 0 then 'pending' else 'denied' end, now() - (u.n % 300) * interval '1 day'
         from bench_users u where u.n >= $2::int - 30`,
    [companyId, size.users],
  );

  // Notifications over the last year: the viewer's share first, the rest spread over everyone.
  // About 10% of the viewer's are unread, 15% of the others'.
  await run(
    `insert into notifications (company_id, user_id, type, read_at, content, actor_id, actor_name, project_idea_title,
                                related_idea_id, related_request_id, created_at)
       with generated as materialized (
         select g, case when g < $2::int then 0 else 1 + floor(random() * ($3::int - 1))::int end as user_n,
                floor(random() * $4::int)::int as idea_n, floor(random() * $3::int)::int as actor_n,
                floor(random() * 30)::int as request_n, random() as kind, random() as unread,
                now() - random() * interval '365 days' as created_at
           from generate_series(0, $5::int - 1) g
       ), requests as (
         select row_number() over (order by id) - 1 as n, id from admin_requests
       )
       select $1, recipient.id,
              case when s.kind < 0.02 then 'admin_request' when s.kind < 0.3 then 'new_comment'
                   when s.kind < 0.55 then 'idea_submitted' when s.kind < 0.75 then 'idea_status_under_review'
                   when s.kind < 0.9 then 'idea_status_approved' else 'new_team_submission' end,
              case when s.unread < (case when s.user_n = 0 then 0.1 else 0.15 end) then null
                   else s.created_at + interval '1 hour' end,
              case when s.kind < 0.02 then actor.first_name || ' ' || actor.last_name || ' asked to become an admin.'
                   else actor.first_name || ' ' || actor.last_name || ' acted on "' || idea.title || '".' end,
              actor.id, actor.first_name || ' ' || actor.last_name,
              case when s.kind >= 0.02 then idea.title end,
              case when s.kind >= 0.02 then idea.id end,
              case when s.kind < 0.02 then requests.id end,
              s.created_at
         from generated s
         join bench_users recipient on recipient.n = s.user_n
         join bench_users actor on actor.n = s.actor_n
         join bench_ideas bi on bi.n = s.idea_n
         join ideas idea on idea.id = bi.id
         left join requests on requests.n = s.request_n`,
    [companyId, size.viewerNotifications, size.users, size.ideas, size.notifications],
  );

  await run("set session_replication_role = origin");
  // The load bypassed triggers: the ideas' review times are counted from their histories once.
  await run("select recount_idea_event_times()");
  for (const index of indexes) await run(index.definition);
  // As autovacuum leaves a table after a bulk load: statistics, and the visibility map that lets
  // a covering index answer without reading the table.
  await run("vacuum analyze");

  const {
    rows: [picked],
  } = await run(
    `select (select id from bench_users where n = 0) as manager_id,
            (select id from bench_teams where n = 0) as manager_team_id,
            (select id from bench_users where n = $1::int) as admin_id,
            (select i.id from bench_ideas i
              where i.team_n = 0 and i.status <> 'draft'
              order by i.status = 'revision_submitted' desc, least(i.comment_count, 4) + least(i.vote_count, 4) desc, i.n
              limit 1) as detail_idea_id`,
    [size.teams],
  );
  const { rows: countRows } = await run(
    `select 'users' as name, count(*)::int as value from users union all
     select 'teams', count(*)::int from teams union all
     select 'challenges', count(*)::int from challenges union all
     select 'ideas', count(*)::int from ideas union all
     select 'idea_events', count(*)::int from idea_events union all
     select 'comments', count(*)::int from comments union all
     select 'votes', count(*)::int from votes union all
     select 'notifications', count(*)::int from notifications union all
     select 'viewer notifications', count(*)::int from notifications where user_id = $1`,
    [picked.manager_id],
  );
  for (const table of ["bench_ideas", "bench_challenges", "bench_users", "bench_teams"])
    await run(`drop table ${table}`);
  return {
    companyId,
    managerId: picked.manager_id,
    managerTeamId: picked.manager_team_id,
    adminId: picked.admin_id,
    detailIdeaId: picked.detail_idea_id,
    counts: Object.fromEntries(countRows.map((row) => [row.name, row.value])),
    milliseconds: elapsedMilliseconds(),
  };
}
