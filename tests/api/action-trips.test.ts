// The main page form actions' D1 round trips (ADR 41), measured as the Worker runs them:
// the binding gathers the reads asked together into one batch. The session's row is the
// middleware's trip before an action (not counted here), so each page write is one more
// than its action's count. Each case asserts the count as it is today.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeAdmin, makeUser } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, nowSec, uniq } from "../fixtures";
import { paidEntry } from "../money-fixtures";
import { checkedInRound, playerEntry } from "../night-fixtures";
import { cappedRound, claimedPlayer, fill } from "../waitlist-fixtures";
import { withAuditActor } from "../../workers/audit-actor";
import { observeD1 } from "../../workers/d1-observer";
import { gatherReads } from "../../workers/read-runner";
import type { Session } from "~/.server/auth/current-user";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import * as adminRoundForm from "~/routes/admin-round-form";
import * as night from "~/routes/admin-round-night";
import * as profile from "~/routes/profile";
import * as round from "~/routes/round";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

type Action = (args: never) => unknown;

/** The action's answer (a thrown one too) for a posted form, and the trips it took. */
async function posted(action: Action, session: Session, path: string, form: Record<string, string>, params: Record<string, string> = {}) {
  // As the Worker builds it (workers/request-scope.ts): the actor stamped beneath the observer.
  const actor = () => ({ userId: session.user.id, role: session.user.isOperator ? ("admin" as const) : ("player" as const) });
  const { binding, seen } = observeD1(withAuditActor(env.DB, actor));
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: { ...env, DB: binding }, ctx: { waitUntil: () => {} } as unknown as ExecutionContext });
  context.set(servicesContext, { db: getDb(gatherReads(binding), DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
  context.set(sessionContext, session);
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.append(k, v);
  const request = new Request(`http://localhost${path}`, { method: "POST", body });
  const answer = await Promise.resolve(action({ request, context, params, unstable_pattern: path } as never)).catch((e: unknown) => e);
  return { answer, trips: seen.roundTrips };
}

const sessionFor = (user: { id: number; name: string; email: string; isOperator: boolean }, playerId: number | null = null): Session => ({
  user: {
    id: user.id,
    name: user.name,
    email: user.email,
    isOperator: user.isOperator,
    linkedPlayerId: playerId,
    claimStatus: playerId ? "approved" : null,
  },
  leagueId: 1,
  leagueRole: null,
  loginKind: user.isOperator ? "admin" : "user",
  sessionId: uniq(),
  expiresAt: nowSec() + DAY,
});

const status = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } | null })?.init?.status ?? 200);

describe("page form actions' round trips", () => {
  it("the round page: check in, withdraw, join and leave the waitlist", async () => {
    const w = await playerEntry({ creditCents: 600 });
    const me = sessionFor(w.user, w.player.id);
    const path = `/rounds/${w.round.id}`;
    const params = { roundId: String(w.round.id) };
    const checkIn = await posted(round.action, me, path, { intent: "checkIn", entry_id: String(w.entry.id) }, params);
    expect(status(checkIn.answer), String(checkIn.answer)).toBe(200);
    expect(checkIn.trips, "check in").toBe(2);
    const out = await posted(round.action, me, path, { intent: "undoCheckIn", entry_id: String(w.entry.id) }, params);
    expect(status(out.answer)).toBe(200);
    expect.soft(out.trips, "undo check in").toBe(2);
    const withdraw = await posted(round.action, me, path, { intent: "withdraw", id: String(w.entry.id) }, params);
    expect(status(withdraw.answer), JSON.stringify(withdraw.answer)).toBe(200);
    // The settling of the place it frees is the after-write runner's (ADR 44), not the action's.
    expect(withdraw.trips, "withdraw").toBe(2);

    const capped = await cappedRound(1);
    await fill(capped.id, 1);
    const a = await claimedPlayer();
    const them = sessionFor(a.user, a.player.id);
    const cappedPath = `/rounds/${capped.id}`;
    const cappedParams = { roundId: String(capped.id) };
    const join = await posted(round.action, them, cappedPath, { intent: "joinWaitlist", division: "MA2" }, cappedParams);
    expect(status(join.answer), JSON.stringify(join.answer)).toBe(200);
    expect(join.trips, "join waitlist").toBe(2);
    const leave = await posted(round.action, them, cappedPath, { intent: "leaveWaitlist" }, cappedParams);
    expect(status(leave.answer), JSON.stringify(leave.answer)).toBe(200);
    expect(leave.trips, "leave waitlist").toBe(1);
  });

  it("the night screen: check in, make cards, publish", async () => {
    const n = await checkedInRound(4);
    const entry = await makeEntry({ roundId: n.round.id, playerId: (await makePlayer()).id });
    const admin = sessionFor(await makeAdmin());
    const path = `/admin/rounds/${n.round.id}/night`;
    const params = { roundId: String(n.round.id) };
    const checkIn = await posted(night.action, admin, path, { intent: "checkIn", entry_id: String(entry.id) }, params);
    expect(status(checkIn.answer), JSON.stringify(checkIn.answer)).toBe(200);
    expect(checkIn.trips, "night check in").toBe(2);
    const made = await posted(night.action, admin, path, { intent: "makeCards", version: "0", mode: "rating", start: "tee_times" }, params);
    expect(status(made.answer), JSON.stringify(made.answer)).toBe(200);
    expect(made.trips, "make cards").toBe(2);
    const publish = await posted(night.action, admin, path, { intent: "publish", version: "1" }, params);
    expect(status(publish.answer), JSON.stringify(publish.answer)).toBe(200);
    expect(publish.trips, "publish").toBe(2);
  });

  it("the profile form and the admin's round form", async () => {
    const user = await makeUser();
    const named = await posted(profile.action, sessionFor(user), "/profile", { name: "Renamed Thrower", email: user.email });
    expect(status(named.answer), JSON.stringify(named.answer)).toBe(200);
    expect(named.trips, "profile").toBe(2);
    const w = await paidEntry();
    const admin = sessionFor(await makeAdmin());
    const form = {
      intent: "save",
      date: "2031-03-13",
      time: "19:30",
      name: "Glow Round",
      location: "Oak Hollow",
      fee_pdga: ".5",
      fee_course: "1",
      fee_other: "0",
      ace: "1",
      payout: "4.50",
      pdga_url: "",
      version: String(w.round.version),
    };
    const saved = await posted(adminRoundForm.action, admin, `/admin/rounds/${w.round.id}`, form, { roundId: String(w.round.id) });
    expect(status(saved.answer), JSON.stringify(saved.answer)).toBe(302);
    expect(saved.trips, "admin round save").toBe(2);
  });
});
