// The write half of the walk: every /api write and every page action of league A, as each
// persona, with valid requests naming B's rows (the hostile suite's descriptions filled with
// B's targets). B's rows must be as they were after each route, no answer may show B's text,
// and what the writes left for the queue (with the mails of A's own jobs) must mail none of it.
import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { recordMail } from "../job-fixtures";
import { type Sent, recording, unboundStatements } from "../d1-recorder";
import type { ActionTargets } from "../hostile/action-routes";
import { leagueChecksums } from "./league-checksum";
import { LEAGUE_IDS, PERSONAS, SENTINEL, SLUGS } from "./leagues";
import type { WalkReport } from "./page-walk";
import { actionPosts, apiRequest, apiRoutes, pageCombos, pageUrl, pageValues, pagesAt } from "./routes";
import { type Answer, type Walk, dataUrl, leaks } from "./walk";
import { JOBS_QUEUE, type QueueEnv, handleQueue } from "../../workers/queue/consumer";
import type { Mail } from "~/.server/mail/mailer";

const show = (a: Answer) => `${a.status}${a.location ? ` → ${a.location}` : ""} ${a.body.slice(0, 200).replace(/\s+/g, " ")}`;

/** What changed in B's tables since `before`: the tables whose rows differ. */
const changed = (before: Record<string, string>, after: Record<string, string>) => Object.keys(after).filter((t) => before[t] !== after[t]);

type Write = { route: string; label: string; method: string; url: string; cookie: boolean; body?: () => BodyInit; contentType?: string };

/**
 * A write that passes A on to another owner (the valid request names B's account): after it A's
 * owner is A's admin, whom the owner's calls (the front door, the code, closing, PayPal) stop at
 * the guard. Sent last, so that A's owner reaches those handlers with B's rows first.
 */
const passesLeagueOn = (w: Write) => /\/memberships\/transfer\b|\(transferOwnership\)/.test(w.label);

/** Sends every write as every persona, one route at a time, and checks B's rows after each route. */
async function sendAll(walk: Walk, byRoute: Map<string, Write[]>): Promise<WalkReport> {
  const failures: string[] = [];
  const walked = new Set<string>();
  let answers = 0;
  let ok = 0;
  let before = await leagueChecksums(LEAGUE_IDS.b);
  const last = (writes: Write[]) => Number(writes.some(passesLeagueOn));
  for (const [route, writes] of [...byRoute].sort(([, x], [, y]) => last(x) - last(y))) {
    walked.add(route);
    for (const w of writes) {
      for (const who of PERSONAS) {
        const a = await walk.send(`${who} ${w.label}`, w.method, w.url, await walk.credentials(who, w.cookie), w.body?.(), w.contentType);
        answers += 1;
        if (a.status < 400) ok += 1;
        if (a.status >= 500) failures.push(`${a.label}: ${show(a)}`);
        if (leaks(a)) failures.push(`${a.label} shows B's text: ${show(a)}`);
      }
    }
    const after = await leagueChecksums(LEAGUE_IDS.b);
    const tables = changed(before, after);
    if (tables.length > 0) failures.push(`${route} changed B's ${tables.join(", ")}`);
    before = after;
  }
  return { failures, walked, answers, ok };
}

/** Every /api write (POST, PUT, DELETE) at A's place, its valid request naming B's rows, as JSON with a bearer token. */
export function walkApiWrites(walk: Walk, theirs: ActionTargets): Promise<WalkReport> {
  const byRoute = new Map<string, Write[]>();
  for (const route of apiRoutes().filter((r) => r.method !== "GET")) {
    const { path, body } = apiRequest(route.method, route.path, theirs);
    byRoute.set(route.name, [
      {
        route: route.name,
        label: `${route.method} ${walk.at(path)}`,
        method: route.method,
        url: walk.at(path),
        cookie: false,
        body: body === undefined ? undefined : () => JSON.stringify(body),
        contentType: body === undefined ? undefined : "application/json",
      },
    ]);
  }
  return sendAll(walk, byRoute);
}

/** Every page action at A's place: each form the page posts, valid with B's rows, as the app's router posts it (the session cookie, A's Origin). */
export function walkPageActions(walk: Walk, theirs: ActionTargets): Promise<WalkReport> {
  const values = pageValues(walk.leagues.b, SLUGS.a2, "own");
  const byRoute = new Map<string, Write[]>();
  for (const route of pagesAt(walk.place).filter((r) => typeof r.module.action === "function")) {
    const fallback = pageUrl(route, pageCombos(route, values)[0] ?? {});
    byRoute.set(
      route.id,
      actionPosts(route, theirs).map((post) => {
        // As the browser's router posts a form: to the page's data URL (the answer is the action's alone).
        const url = dataUrl(post.path === null ? fallback : walk.at(post.path));
        return {
          route: route.id,
          label: `POST ${url} (${post.name})`,
          method: "POST",
          url,
          cookie: true,
          body: () => {
            const form = new FormData();
            for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
            return form;
          },
        };
      }),
    );
  }
  return sendAll(walk, byRoute);
}

/** The jobs A's own writes leave when they mail: registration opened, cards published, a waitlist's news. */
export function aJobs(walk: Walk) {
  const rows = walk.place === "root" ? walk.leagues.a : walk.leagues.a2;
  const leagueId = walk.leagueId;
  return [
    { type: "registration-opened", id: crypto.randomUUID(), leagueId, roundId: rows.rounds.open.id, day: "2031-01-02" },
    {
      type: "cards-published",
      id: crypto.randomUUID(),
      leagueId,
      roundId: rows.rounds.live.id,
      publishedAt: rows.rounds.live.cardsPublishedAt,
    },
    { type: "waitlist-mails", id: crypto.randomUUID(), leagueId },
  ];
}

/**
 * Runs what the walk left on the queue, and A's own mailing jobs, through the consumer:
 * every league job names A's league, its statements bind A, and no mail holds B's text or
 * goes to one of B's people. A password reset is an account's job, not a league's: it mails
 * the account asked for (B's member, by name), so it runs apart and is held only to that.
 */
export async function runTheQueue(walk: Walk): Promise<{ failures: string[]; mails: Mail[] }> {
  const failures: string[] = [];
  const isReset = (job: unknown) => (job as { type?: string }).type === "password-reset";
  for (const job of walk.jobs) {
    const leagueId = (job as { leagueId?: number }).leagueId;
    if (!isReset(job) && leagueId !== walk.leagueId) failures.push(`a job of another league: ${JSON.stringify(job)}`);
  }
  const run = async (jobs: unknown[]) => {
    const mail = recordMail();
    const sent: Sent[] = [];
    const rec = recording(env.DB, sent);
    const batch = createMessageBatch(
      JOBS_QUEUE,
      jobs.map((body, i) => ({ id: `isolation-${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    await handleQueue(batch, { ...env, DB: rec.db } as QueueEnv, { sendMail: mail.send });
    return { mails: mail.sent, sent };
  };
  const resets = walk.jobs.filter(isReset);
  const asked = new Set(resets.map((job) => (job as { email: string }).email));
  for (const m of (await run(resets)).mails) if (!asked.has(m.to)) failures.push(`a reset mail to an account nobody asked for: ${m.to}`);

  const { mails, sent } = await run([...walk.jobs.filter((job) => !isReset(job)), ...aJobs(walk)]);
  const found = unboundStatements(sent, walk.leagueId, [LEAGUE_IDS.b]);
  for (const line of found.unbound) failures.push(`the queue: ${line}`);
  const b = walk.leagues.b;
  // B's members (an approved claim or a role in B, ADR 46) that A's writes did not make A's (a
  // role given, a claim made): A's mail is not theirs. (An account that belongs to no league
  // hears the default league, by design: B's members who are not, are not in this list.)
  const { aOwner, ...bPersonas } = walk.leagues.people;
  const ofA = await env.DB.prepare(
    "select user_id as id from memberships where league_id = ?1 union select user_id from claims where league_id = ?1",
  )
    .bind(walk.leagueId)
    .all<{ id: number }>();
  const madeA = new Set(ofA.results.map((r) => r.id));
  const bPeople = new Set([...Object.values(bPersonas), b.member, b.clerk].filter((u) => !madeA.has(u.id)).map((u) => u.email));
  for (const m of mails) {
    const text = `${m.to}\n${m.subject}\n${m.text}\n${JSON.stringify(m.link ?? {})}\n${JSON.stringify(m.headers ?? {})}`;
    if (text.includes(SENTINEL)) failures.push(`a mail to ${m.to} shows B's text: ${m.subject}`);
    if (bPeople.has(m.to)) failures.push(`a mail of A's to one of B's people: ${m.to} (${m.subject})`);
  }
  return { failures, mails };
}
