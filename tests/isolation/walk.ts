// The isolation walk (ADR 46): requests to league A as each of B's people, through the whole
// Worker (league placement, the /api and the pages), every D1 statement recorded. What each
// answer must not hold, and which statements did not bind A's league, are gathered here;
// the test files say which routes they walk.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { APP_ORIGIN, tokenFor, uniqueIp } from "../auth-fixtures";
import { type Sent, recording, touches, unboundStatements } from "../d1-recorder";
import { DEPLOYMENT_PAGES } from "~/lib/shared/league-url";
import { recordAtClass } from "../d1-class-recorder";
import { leaguePlanFaults } from "../league-plans";
import { type Leagues, LEAGUE_IDS, type Persona, SENTINEL, SLUGS } from "./leagues";
import { pages } from "./pages-build";
import { createWorker } from "../../workers/worker";
import { SESSION_COOKIE } from "~/.server/auth/session";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";

/** Which league A a walk asks: the default league at the root, or A's own under /l/same-night. */
export type Place = "root" | "l";

export const PLACES: Record<Place, { leagueId: number; prefix: string; others: number[] }> = {
  root: { leagueId: DEFAULT_LEAGUE_ID, prefix: "", others: [LEAGUE_IDS.a2, LEAGUE_IDS.b] },
  // The default league's id (1) is bound as a LIMIT too: only the ids made far from every value are told apart.
  l: { leagueId: LEAGUE_IDS.a2, prefix: `/l/${SLUGS.a2}`, others: [LEAGUE_IDS.b] },
};

export type Answer = { label: string; status: number; location: string | null; type: string; body: string };

/** The text a reader of the answer gets: iCal's folded lines unfolded, the redirect's target beside the body. */
const readable = (a: Answer) => `${a.location ?? ""}\n${a.body.replace(/\r?\n[ \t]/g, "")}`;

/** True when the answer shows any of B's text. */
export const leaks = (a: Answer) => readable(a).includes(SENTINEL);

/** A request's credentials: a bearer token for the /api, the session cookie for a page. */
export type Credentials = { token: string | null; cookie: boolean };

/** The single-fetch data URL of a page, as the browser asks for it (`/` → `/_.data`). */
export function dataUrl(url: string): string {
  const [path, query] = url.split("?") as [string, string | undefined];
  return `${path.endsWith("/") ? `${path}_.data` : `${path}.data`}${query ? `?${query}` : ""}`;
}

export class Walk {
  readonly worker = createWorker(pages);
  /** What the requests of the walk left for the queue. */
  readonly jobs: unknown[] = [];
  readonly unbound = new Set<string>();
  /** Every statement sent, once per text: their plans are checked at the end (tests/league-plans.ts). */
  readonly statements = new Map<string, Sent>();
  touched = 0;
  requests = 0;
  private readonly queue = {
    send: async (body: unknown) => void this.jobs.push(body),
    sendBatch: async (list: { body: unknown }[]) => void this.jobs.push(...list.map((m) => m.body)),
  } as unknown as Queue;

  constructor(
    readonly place: Place,
    readonly leagues: Leagues,
  ) {}

  get leagueId() {
    return PLACES[this.place].leagueId;
  }

  /** A path of A's at this place: `/rounds` or `/l/same-night/rounds` (`/` is the league's home). */
  at(path: string): string {
    const prefix = PLACES[this.place].prefix;
    return prefix && path === "/" ? prefix : `${prefix}${path}`;
  }

  /** The steps of the statements' plans that reach a league table's rows other than by its league. */
  planFaults(): Promise<string[]> {
    return leaguePlanFaults([...this.statements.values()]);
  }

  /** A persona's credentials, signed now (so a logout or a new session version earlier in the walk does not end them). */
  async credentials(who: Persona, cookie: boolean): Promise<Credentials> {
    if (who === "visitor") return { token: null, cookie };
    const user = this.leagues.people[who];
    const row = await env.DB.prepare("select session_version as v from users where id = ?").bind(user.id).first<{ v: number }>();
    const staff = who !== "player";
    return { token: await tokenFor({ id: user.id, sessionVersion: row?.v ?? 0 }, { role: staff ? "admin" : "user" }), cookie };
  }

  /** One request through the Worker, its statements checked against A's league. */
  async send(label: string, method: string, url: string, creds: Credentials, body?: BodyInit, contentType?: string): Promise<Answer> {
    const headers = new Headers({ "CF-Connecting-IP": uniqueIp() });
    if (creds.token && creds.cookie) headers.set("Cookie", `${SESSION_COOKIE}=${creds.token}`);
    else if (creds.token) headers.set("Authorization", `Bearer ${creds.token}`);
    if (method !== "GET" && method !== "HEAD") headers.set("Origin", APP_ORIGIN);
    if (contentType) headers.set("Content-Type", contentType);
    const sent: Sent[] = [];
    const rec = recording(env.DB, sent);
    const ctx = createExecutionContext();
    const res = await this.worker.fetch(
      new Request(`${APP_ORIGIN}${url}`, { method, headers, body, redirect: "manual" }),
      { ...env, DB: rec.db, JOBS: this.queue },
      ctx,
    );
    const text = await res.text();
    await waitOnExecutionContext(ctx);
    this.requests += 1;
    // A deployment page (/profile) is the account's, across its leagues (ADR 46): its reads of
    // league tables go league by league (they name league_id) but bind no one league.
    // So is starting a league (/leagues/new, POST /api/leagues): its one league statement is the
    // new league's first audit row, bound to the league it makes, not to the one it was asked in.
    // So are joining by code and accepting an invitation (/join, /invite, POST /api/leagues/join,
    // /api/invites/accept, ADR 47): the code or the token names the league, whichever league's
    // address they are sent to. (Leaving, the invitations and the owner's calls are the league's.)
    const pathname = new URL(url, APP_ORIGIN).pathname.replace(/\.data$/, "");
    const deployment =
      DEPLOYMENT_PAGES.some((page) => pathname === `/${page}` || pathname.startsWith(`/${page}/`)) ||
      /^(\/l\/[^/]+)?\/api\/(leagues|leagues\/join|invites\/accept)$/.test(pathname);
    const found = deployment ? accountsOwn(sent) : unboundStatements(sent, this.leagueId, PLACES[this.place].others);
    this.touched += found.touched;
    for (const s of sent) if (!this.statements.has(s.sql)) this.statements.set(s.sql, s);
    for (const line of found.unbound) this.unbound.add(`${method} ${url}: ${line}`);
    return { label, status: res.status, location: res.headers.get("Location"), type: res.headers.get("Content-Type") ?? "", body: text };
  }
}

/** A JSON answer as it compares with another: its request id gone, and every number one (the ids in a message differ). */
export function comparable(a: Answer): string {
  if (!a.type.includes("json")) return String(a.status);
  const body = a.body.replace(/"requestId":"[^"]*"/, "").replace(/\d+/g, "#");
  return `${a.status} ${body}`;
}

/** Runs `work` over `items`, `concurrency` at a time, in order of the results. */
export async function inTurn<T, R>(items: T[], work: (item: T) => Promise<R>, concurrency = 8): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const one = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, one));
  return results;
}

/** A deployment page's statements on league tables: each must go league by league (name `league_id`). */
function accountsOwn(sent: Sent[]) {
  const unbound: string[] = [];
  let touched = 0;
  for (const s of sent) {
    if (touches(s.sql).length === 0) continue;
    touched += 1;
    if (!/league_id/.test(s.sql)) unbound.push(`${s.sql.slice(0, 200)} ← ${JSON.stringify(s.args).slice(0, 120)}`);
  }
  return { unbound, touched };
}

// The live round's Durable Object reads and writes D1 through its own binding, not the
// request's (ADR 26, 46): its statements are recorded here, at the binding's class, by the
// object's frames in their stack, so the walk checks them too.
const live = recordAtClass("live-round", /\/workers\/live\//);

/** The statements the live round's object sent since the last call (taken: the next call starts empty). */
export function liveStatements(): Sent[] {
  return live.splice(0);
}
