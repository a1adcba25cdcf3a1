import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { aces } from "~/.server/db/schema";
import { currentSeason, leagueFromEnv, seasonSpan } from "~/.server/league";
import { call, expectError, makeUser, tokenFor } from "../auth-fixtures";
import { makeCourse } from "../course-fixtures";
import { DAY, makeAce, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { makeLiveRound } from "../live-fixtures";
import { paidEntry } from "../money-fixtures";
import { checkedInRound } from "../night-fixtures";
import { ctpPot } from "../sidepot-fixtures";
import { offeredRound } from "../waitlist-fixtures";

// Every /api GET reads D1 in one round trip (ADR 41), whoever asks: the guard's session row,
// the money view's setting and the handler's reads go in one batch, and a live round's
// object is asked beside it. Server-Timing `d1rt` is that depth. A list whose rows name
// accounts (claimants, payers, who checked an entry in) reads them beside the rows, by the
// league's own select of their ids (ADR 46): the same trip.

const league = leagueFromEnv(env);
const metric = (res: Response, name: string) =>
  Number(new RegExp(`${name};desc="(\\d+)"`).exec(res.headers.get("Server-Timing") ?? "")?.[1]);

type Role = "visitor" | "player" | "admin";
const tokens: Record<Role, string | undefined> = { visitor: undefined, player: undefined, admin: undefined };
let paths: { path: string; guard?: "user" | "admin" }[] = [];

beforeAll(async () => {
  const live = await makeLiveRound([2, 2], { pars: [3, 4, 3, 5, 3, 3, 4, 3, 3] });
  const drafts = await makeLiveRound([2], { published: false });
  const me = live.cards[0].players[0];
  const other = live.cards[1].players[0];
  await ctpPot(live.round.id, []);
  const doubles = await makeRound({ doubles: true, cardsPublishedAt: nowSec() });
  for (const team of [1, 1, 2, 2]) await makeEntry({ roundId: doubles.id, playerId: (await makePlayer()).id, team });
  const { round: waiting } = await offeredRound();
  const paid = await paidEntry({ paypal: true });
  const { layoutId } = await makeCourse();
  const ace = await makeAce({ playerId: me.player.id, amountCents: 50, roundId: live.round.id });
  // Moved: the audit page names the player it left from its values, in the same trip.
  await testDb().update(aces).set({ playerId: other.player.id }).where(eq(aces.id, ace.id));
  await makeTransfer({ fromPlayerId: null, toPlayerId: me.player.id, amountCents: 300 });
  // Scored a year ago and not yet this season: the standings fall back to last season.
  const lastYear = await makeRound({ startsAt: seasonSpan(league, currentSeason(league) - 1).from + 180 * DAY });
  await makeEntry({ roundId: lastYear.id, playerId: me.player.id, score: 50 });
  const loner = await makeUser();
  const checkedIn = await checkedInRound(2);
  tokens.player = me.token;
  tokens.admin = live.adminToken;
  const round = live.round.id;
  const pid = me.player.id;
  const uid = paid.user.id;
  paths = [
    { path: `/api/ace?roundId=${round}` },
    { path: "/api/ace/list" },
    { path: "/api/courses" },
    { path: `/api/entries/${round}` },
    { path: `/api/entries/multi/${round},${doubles.id},${waiting.id}` },
    ...[round, drafts.round.id, doubles.id].map((id) => ({ path: `/api/live/${id}` })),
    { path: "/api/players" },
    { path: "/api/players/simpleList" },
    { path: `/api/players/round/${round}` },
    { path: `/api/players/player/${pid}` },
    { path: `/api/players/${pid}/history` },
    { path: `/api/players/search/${me.player.firstName.slice(0, 4)}` },
    ...[round, doubles.id, drafts.round.id].map((id) => ({ path: `/api/rounds/${id}/cards` })),
    ...[round, doubles.id].map((id) => ({ path: `/api/rounds/${id}/side-pots` })),
    ...[round, doubles.id].map((id) => ({ path: `/api/rounds/${id}/teams` })),
    // A player's own entry, another's (refused after the same one trip), and the desk.
    { path: `/api/entries/${me.entry.id}/owes`, guard: "user" },
    { path: `/api/entries/${other.entry.id}/owes`, guard: "user" },
    ...[round, doubles.id].map((id) => ({ path: `/api/admin/rounds/${id}/check-in`, guard: "admin" as const })),
    // Checked in by an admin: the desk names who.
    { path: `/api/admin/rounds/${checkedIn.round.id}/check-in`, guard: "admin" },
    { path: `/api/rounds/round/${waiting.id}` },
    { path: `/api/rounds/roundsByPlayer/${pid}` },
    { path: `/api/rounds/roundsByPlayer/${other.player.id}` },
    { path: "/api/rounds/all" },
    { path: "/api/rounds/thisYear" },
    { path: "/api/standings" },
    { path: "/api/tags" },
    { path: "/api/tags/1" },
    { path: "/api/transfers" },
    { path: "/api/users/check-email?email=nobody%40example.com" },
    { path: `/api/transfers/transfersByPlayer/${pid}` },
    { path: `/api/transfers/transfersByPlayer/${paid.player.id}` },
    { path: "/api/users/me", guard: "user" },
    { path: "/api/users/me/notifications", guard: "user" },
    { path: "/api/claims/mine", guard: "user" },
    { path: "/api/claims", guard: "admin" },
    { path: `/api/claims/for-user?userId=${me.user.id}`, guard: "admin" },
    { path: "/api/admin/audit", guard: "admin" },
    { path: "/api/admin/payments/all", guard: "admin" },
    { path: `/api/admin/payments/${uid}`, guard: "admin" },
    { path: "/api/admin/settings", guard: "admin" },
    { path: "/api/admin/users", guard: "admin" },
    { path: `/api/admin/users/${uid}`, guard: "admin" },
    { path: `/api/admin/users/${loner.id}/players`, guard: "admin" },
    { path: `/api/admin/live/${round}/log`, guard: "admin" },
    { path: `/api/admin/rounds/${waiting.id}/waitlist`, guard: "admin" },
  ];
  expect(layoutId).toBeGreaterThan(0);
});

describe("every /api GET reads D1 in one round trip", () => {
  for (const role of ["visitor", "player", "admin"] as const) {
    it(`as a ${role}`, async () => {
      const over: string[] = [];
      for (const { path, guard } of paths) {
        const res = await call("GET", path, { token: tokens[role] });
        await res.arrayBuffer();
        expect(res.status, `${role} ${path}`).toBeLessThan(500);
        // A visitor refused by a guard before any read: no trip at all. A refused player: one.
        const refusedUnread = role === "visitor" && guard !== undefined;
        const trips = refusedUnread ? 0 : 1;
        if (metric(res, "d1rt") !== trips) over.push(`${path} ${res.status} d1rt=${metric(res, "d1rt")}, not ${trips}`);
      }
      expect(over, `${role}: answers over one round trip`).toEqual([]);
    });
  }
});

describe("the standings while this season has no score yet", () => {
  it("show last season's, read in the same trip as the rest", async () => {
    const res = await call("GET", "/api/standings", { token: tokens.player });
    const body = (await res.json()) as { season: number };
    expect(body.season).toBe(currentSeason(league) - 1);
    expect(metric(res, "d1rt")).toBe(1);
  });
});

describe("a GET behind a guard with a revoked session", () => {
  it("answers 401 in the error envelope, in one call, with nothing the handler read", async () => {
    const admin = await makeUser({ isAdmin: true });
    const token = await tokenFor(admin);
    const out = await call("POST", "/api/users/logout", { token, origin: new URL("http://localhost").origin });
    expect(out.status).toBeLessThan(300);
    for (const path of ["/api/admin/users", "/api/admin/payments/all", "/api/claims"]) {
      const res = await call("GET", path, { token });
      expect(metric(res, "d1calls"), path).toBe(1);
      const body = await expectError(res, 401, "Please log in.");
      expect(Object.keys(body).sort(), path).toEqual(["code", "error", "requestId"]);
    }
  });
});
