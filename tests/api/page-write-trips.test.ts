import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { openRequest } from "../../workers/request-scope";
import { sessionMiddleware } from "~/.server/auth/guards";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { type SessionRecheck, cloudflareContext, servicesContext, sessionRecheckContext } from "~/context";
import * as round from "~/routes/round";
import { testDb } from "../fixtures";
import { playerEntry } from "../night-fixtures";
import { authenticate } from "~/.server/auth/current-user";
import { HINT_COOKIE, hintCookie } from "~/.server/auth/session-hint";
import { SESSION_COOKIE } from "~/.server/auth/session";
import type { Session } from "~/.server/auth/current-user";
import { entries, users } from "~/.server/db/schema";

// A page form's write through the whole Worker (ADR 41, 42): the browser's session hint lets
// the action run while the session's row is read beside the action's own reads, and its
// batch waits at the request's gate for the row. So a page write is two round trips: its
// reads with the session's, then its guarded batch. A hint the row does not bear out costs a
// second render, and the first one wrote nothing.

const hintValue = (session: Session) => (hintCookie(session).split(";")[0] as string).split("=").slice(1).join("=");

const status = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } | null })?.init?.status ?? 200);

/**
 * The round page's action behind the root's session middleware, on a request opened as the
 * Worker opens it (workers/request-scope.ts: the read runner, the gate, the observer), and
 * rendered again as workers/app.ts does when the hint is not borne out.
 */
async function postForm(roundId: number, form: Record<string, string>, cookie: string) {
  const path = `/rounds/${roundId}`;
  const params = { roundId: String(roundId) };
  const request = () =>
    new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(form) });
  const open = openRequest(request(), env);
  const statuses: number[] = [];
  const render = async (recheck: SessionRecheck) => {
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env: open.env, ctx: { waitUntil: () => {} } as unknown as ExecutionContext });
    context.set(servicesContext, { db: getDb(open.db, DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
    context.set(sessionRecheckContext, recheck);
    const req = request();
    const args = { request: req, context, params, unstable_pattern: path };
    return sessionMiddleware(args as never, async () => {
      const answer = await Promise.resolve(round.action(args as never)).catch((e: unknown) => e);
      statuses.push(status(answer));
      return new Response(null, { status: status(answer) });
    }) as Promise<Response>;
  };
  const first: SessionRecheck = { again: false };
  let res = await render(first);
  if (first.again) res = await render({ again: false, verified: first.verified });
  return { status: res.status, trips: open.seen.roundTrips, renders: statuses.length };
}

async function checkedInAt(id: number) {
  const [row] = await testDb().select({ at: entries.checkedInAt }).from(entries).where(eq(entries.id, id));
  return row?.at ?? null;
}

async function scene() {
  const w = await playerEntry({ creditCents: 600 });
  const session = await authenticate(testDb(), env, w.token, DEFAULT_LEAGUE_ID);
  if (!session) throw new Error("no session");
  return { ...w, session, cookie: `${SESSION_COOKIE}=${w.token}; ${HINT_COOKIE}=${hintValue(session)}` };
}

describe("a page form's write", () => {
  it("with the session's hint: the reads beside the session's row, then the batch", async () => {
    const w = await scene();
    const res = await postForm(w.round.id, { intent: "checkIn", entry_id: String(w.entry.id) }, w.cookie);
    expect(res).toMatchObject({ status: 200, renders: 1 });
    expect(await checkedInAt(w.entry.id)).not.toBeNull();
    expect(res.trips).toBe(2);
  });

  it("without the hint: the session's row first, one trip more", async () => {
    const w = await scene();
    const res = await postForm(w.round.id, { intent: "checkIn", entry_id: String(w.entry.id) }, `${SESSION_COOKIE}=${w.token}`);
    expect(res).toMatchObject({ status: 200, renders: 1 });
    expect(await checkedInAt(w.entry.id)).not.toBeNull();
    expect(res.trips).toBe(3);
  });

  it("with a stale hint: written once, on the session's row", async () => {
    const w = await scene();
    const stale = { ...w.session, user: { ...w.session.user, name: "An Old Name" } };
    const cookie = `${SESSION_COOKIE}=${w.token}; ${HINT_COOKIE}=${hintValue(stale)}`;
    const res = await postForm(w.round.id, { intent: "checkIn", entry_id: String(w.entry.id) }, cookie);
    // Rendered twice; the first render's check-in was refused at the gate, the second made it.
    expect(res).toMatchObject({ status: 200, renders: 2 });
    expect(await checkedInAt(w.entry.id)).not.toBeNull();
    // Undone on a stale hint: one undo, answered as done (a second would find nothing to undo).
    const undone = await postForm(w.round.id, { intent: "undoCheckIn", entry_id: String(w.entry.id) }, cookie);
    expect(undone).toMatchObject({ status: 200, renders: 2 });
    expect(await checkedInAt(w.entry.id)).toBeNull();
  });

  it("for a session that ended: nothing written, though the hint still says signed in", async () => {
    const w = await scene();
    await testDb().update(users).set({ locked: true }).where(eq(users.id, w.user.id));
    const res = await postForm(w.round.id, { intent: "checkIn", entry_id: String(w.entry.id) }, w.cookie);
    // The second render has no session: the action sends it to log in.
    expect(res).toMatchObject({ status: 302, renders: 2 });
    expect(await checkedInAt(w.entry.id)).toBeNull();
  });
});
