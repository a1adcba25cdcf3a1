// A cancelled round says so wherever it shows (ADR 50): "Cancelled: weather" on its public
// page (no results, payouts or sign-up: they are void), in the rounds list, on a player's
// home and in the /api's round JSON. Made cancelled by its columns, as the cancel leaves them.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { h, renderHtml, textOf } from "../render-fixtures";
import { argsFor, argsWith, outcome, sessionOf } from "../route-fixtures";
import { get } from "./http";
import { claims } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { PlayerHome } from "~/components/players/player-home";
import { RoundList } from "~/components/rounds/round-list";
import { cancelledLabel } from "~/lib/rainouts/words";
import * as home from "~/routes/home";
import * as roundPage from "~/routes/round";

const db = testDb();
const cancel = (roundId: number, reason: string | null = "weather") =>
  db.run(sql`update rounds set cancelled_at = unixepoch(), cancel_reason = ${reason} where id = ${roundId}`);
const restore = (roundId: number) => db.run(sql`update rounds set cancelled_at = null, cancel_reason = null where id = ${roundId}`);

const pageOf = async (roundId: number, who: "nobody" | "player" = "nobody") =>
  outcome(roundPage.loader(await argsFor(who, `/rounds/${roundId}`, undefined, { roundId: String(roundId) })));

describe("the words", () => {
  it("are 'Cancelled: {reason}', or 'Cancelled' without one", () => {
    expect(cancelledLabel("weather")).toBe("Cancelled: weather");
    expect(cancelledLabel(null)).toBe("Cancelled");
    expect(cancelledLabel("  ")).toBe("Cancelled");
  });
});

describe("the round page", () => {
  it("of a cancelled round says 'Cancelled: weather' and shows no results, payouts or sign-up; restored, its results again", async () => {
    const round = await makeRound({ startsAt: nowSec() - DAY });
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    await makeEntry({ roundId: round.id, playerId: a.id, score: 48, result: "1/2|(MA1)", payoutCents: 900 });
    await makeEntry({ roundId: round.id, playerId: b.id, score: 52, result: "2/2|(MA1)" });
    const played = await pageOf(round.id);
    expect(played.data.cancelled).toBeNull();
    expect(played.data.played).toBe(true);
    expect(played.data.groups.length).toBeGreaterThan(0);

    await cancel(round.id);
    const { status, data } = await pageOf(round.id);
    expect(status).toBe(200);
    expect(data.cancelled).toBe("Cancelled: weather");
    expect(data).toMatchObject({ played: false, groups: [], teams: null, signUp: null, night: null, cards: [], sidePots: [] });
    const html = renderHtml(h(roundPage.default, { loaderData: data, params: { roundId: String(round.id) }, matches: [] } as never));
    const text = textOf(html);
    expect(text).toContain("Cancelled: weather");
    expect(text).toContain("No results: the round was cancelled");
    expect(text).not.toContain("$9.00");
    expect(text).not.toContain("Sign up");

    await restore(round.id);
    expect((await pageOf(round.id)).data).toMatchObject({ cancelled: null, played: true });
  });

  it("offers a signed-in player no sign-up for a cancelled round still to come", async () => {
    const round = await makeRound({ openForRegistration: true });
    await cancel(round.id, null);
    const { data } = await pageOf(round.id, "player");
    expect(data.cancelled).toBe("Cancelled");
    expect(data.signUp).toBeNull();
  });

  it("of an unknown round is still a 404, and a malformed id a 4xx", async () => {
    expect((await pageOf(2 ** 40 + 12345)).status).toBe(404);
    const bad = await outcome(roundPage.loader(await argsFor("nobody", "/rounds/x", undefined, { roundId: "x" })));
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });
});

describe("the rounds list and a player's home", () => {
  it("show a cancelled round as 'Cancelled: weather', with no sign-up for the player entered in it", async () => {
    const [user, player] = await Promise.all([makeUser(), makePlayer()]);
    await db.insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
    const round = await makeRound({ startsAt: nowSec() + 2 * DAY, openForRegistration: true, name: "Wet Thursday" });
    await makeEntry({ roundId: round.id, playerId: player.id });
    await cancel(round.id);
    const base = (await sessionOf("player"))!;
    const session = { ...base, user: { ...base.user, id: user.id, linkedPlayerId: player.id, claimStatus: "approved" } };
    const { data } = await outcome(home.loader(argsWith(session as never, new Request("http://localhost/"))));
    const listed = data.future.find((r: { id: number }) => r.id === round.id);
    expect(listed).toMatchObject({ cancelledAt: expect.any(Number), cancelReason: "weather" });
    const list = textOf(renderHtml(h(RoundList, { title: "Future rounds", rounds: [listed], id: "future", empty: "None" })));
    expect(list).toContain("Wet Thursday");
    expect(list).toContain("Cancelled: weather");
    expect(list).not.toContain("Open");
    // The player's next round is the one they entered: it says so, and offers only a look.
    expect(data.me.next).toMatchObject({ roundId: round.id, cancelled: "Cancelled: weather", action: "view" });
    const mine = textOf(renderHtml(h(PlayerHome, { home: data.me })));
    expect(mine).toContain("Cancelled: weather");
    expect(mine).toContain("View round");
    expect(mine).not.toContain("Sign up");

    await restore(round.id);
    const again = await outcome(home.loader(argsWith(session as never, new Request("http://localhost/"))));
    expect(again.data.me.next).toMatchObject({ roundId: round.id, cancelled: null });
  });
});

describe("/api/rounds/round/:id", () => {
  it("says cancelled and its reason; a restored round is not; unknown or malformed ids are refused", async () => {
    const round = await makeRound();
    const read = async () => (await get(`/api/rounds/round/${round.id}`)).json() as Promise<Record<string, unknown>>;
    expect(await read()).toMatchObject({ id: round.id, cancelled: false, cancel_reason: null });
    await cancel(round.id);
    expect(await read()).toMatchObject({ id: round.id, cancelled: true, cancel_reason: "weather" });
    await restore(round.id);
    expect(await read()).toMatchObject({ cancelled: false, cancel_reason: null });
    expect((await get("/api/rounds/round/999999999")).status).toBe(404);
    expect((await get("/api/rounds/round/abc")).status).toBe(400);
  });
});
