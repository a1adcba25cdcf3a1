// The live round in a league other than the default (ADR 46): its object is named with its
// league, reads and writes that league's rows, and is reached under /l/{slug}/api/live; the
// default league's rounds keep the object name they had before leagues (`round:{id}`), so a
// round scored live across the change finishes where its scores are. A league's path never
// reaches another league's round.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { type LiveRoundFixture, LiveSocket, change, makeLiveRound, openSocket, wholeCard } from "../live-fixtures";
import { cards, entries } from "~/.server/db/schema";
import type { LiveState } from "~/lib/live/live-state";
import type { Change, ChangeResult } from "~/schemas/live";

const SLUG = "live-other";
const BASE = `/l/${SLUG}`;
let other: number;

beforeAll(async () => {
  const row = await env.DB.prepare(
    "insert into leagues (slug, name, time_zone) values (?, 'Other Live League', 'Pacific/Auckland') returning id",
  )
    .bind(SLUG)
    .first<{ id: number }>();
  other = row!.id;
});

/** What an object holds, by name: its round, the league it keeps, how many changes it took. */
const held = (name: string) =>
  runInDurableObject(env.LIVE_ROUND.getByName(name), (_instance, state) => {
    const sql = state.storage.sql;
    const has = (table: string) => Number(sql.exec("select count(*) as n from sqlite_master where name = ?", table).one().n) > 0;
    return {
      rounds: has("round")
        ? sql
            .exec<{ id: number }>("select round_id as id from round")
            .toArray()
            .map((r) => r.id)
        : [],
      leagues: has("league")
        ? sql
            .exec<{ id: number }>("select league_id as id from league")
            .toArray()
            .map((r) => r.id)
        : [],
      changes: has("changes") ? Number(sql.exec("select count(*) as n from changes").one().n) : 0,
    };
  });

async function post(base: string, roundId: number, token: string, changes: Change[]) {
  const res = await call("POST", `${base}/api/live/${roundId}/changes`, { token, body: { changes } });
  return { status: res.status, body: (await res.json()) as { results: ChangeResult[]; code?: string } };
}

async function postOk(base: string, roundId: number, token: string, changes: Change[]) {
  const { status, body } = await post(base, roundId, token, changes);
  expect(status, JSON.stringify(body)).toBe(200);
  for (const r of body.results) expect(r.status, JSON.stringify(r)).toBe("applied");
}

const finalize = (base: string, f: LiveRoundFixture) =>
  call("POST", `${base}/api/admin/live/${f.round.id}/finalize`, { token: f.adminToken, body: {} });
const entriesOf = (roundId: number) => testDb().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(asc(entries.id));
const startedOf = async (roundId: number) =>
  (await testDb().select({ startedAt: cards.startedAt }).from(cards).where(eq(cards.roundId, roundId))).map((c) => c.startedAt);

describe("a live round in a second league", () => {
  it("takes scores under /l/{slug}/api/live on the object named with its league, and finalises into that league's entries", async () => {
    const f = await makeLiveRound([2], { leagueId: other });
    const id = f.round.id;
    const [a, b] = f.cards[0].players;
    await postOk(
      BASE,
      id,
      a.token,
      wholeCard(f.cards[0], (p) => 3 + p),
    );
    for (const p of [a, b]) await postOk(BASE, id, p.token, [change.signoff(p.entry.id)]);
    // The card started in D1 as the second league's row.
    expect(await startedOf(id)).toEqual([expect.any(Number)]);

    const res = await call("GET", `${BASE}/api/live/${id}`, { token: a.token });
    expect(res.status).toBe(200);
    const { state } = (await res.json()) as { state: LiveState };
    expect(state.roundId).toBe(id);
    expect(state.players.map((p) => p.strokes.reduce<number>((sum, s) => sum + (s ?? 0), 0))).toEqual([54, 72]);

    expect(await held(`${other}:${id}`)).toEqual({ rounds: [id], leagues: [other], changes: 38 });
    // The default league's name for the same id holds nothing.
    expect((await held(`round:${id}`)).rounds).toEqual([]);

    const done = await finalize(BASE, f);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toMatchObject({ again: false, players: 2, changed: 2 });
    expect((await entriesOf(id)).map((e) => [e.leagueId, e.score])).toEqual([
      [other, 54],
      [other, 72],
    ]);
  });

  it("takes a phone's changes over the socket at /l/{slug}/api/live/{id}/ws", async () => {
    const f = await makeLiveRound([2], { leagueId: other });
    const [a, b] = f.cards[0].players;
    // Anyone may watch it, anonymously, at the league's path.
    const watcher = await openSocket(f.round.id, { spectator: true, base: BASE });
    if (!(watcher instanceof LiveSocket)) throw new Error(`spectator refused: ${JSON.stringify(watcher)}`);
    expect((await watcher.next("welcome")).state.roundId).toBe(f.round.id);
    watcher.close();
    const phone = await openSocket(f.round.id, { token: a.token, base: BASE });
    if (!(phone instanceof LiveSocket)) throw new Error(`socket refused: ${JSON.stringify(phone)}`);
    const welcome = await phone.next("welcome");
    expect(welcome.state.roundId).toBe(f.round.id);
    const ack = await phone.ask({ type: "changes", changes: [change.strokes(a.entry.id, 1, 4), change.strokes(b.entry.id, 1, 2)] }, "ack");
    expect(ack.results.map((r) => r.status)).toEqual(["applied", "applied"]);
    phone.close();
    expect(await startedOf(f.round.id)).toEqual([expect.any(Number)]);
    expect(await held(`${other}:${f.round.id}`)).toMatchObject({ leagues: [other], changes: 2 });
  });

  it("refuses a call to its object naming another league, and takes nothing from it", async () => {
    const f = await makeLiveRound([2], { leagueId: other });
    const [a] = f.cards[0].players;
    await postOk(BASE, f.round.id, a.token, [change.strokes(a.entry.id, 1, 3)]);
    const stub = env.LIVE_ROUND.getByName(`${other}:${f.round.id}`);
    const caller = { userId: a.user.id, name: a.user.name, role: "player", playerId: a.player.id } as const;
    expect(await stub.state(1, f.round.id, "public")).toEqual({ ok: false, code: "not_found", error: "Round not found" });
    expect(await stub.submit(1, f.round.id, caller, [change.strokes(a.entry.id, 2, 3)])).toMatchObject({ ok: false, code: "not_found" });
    expect(await held(`${other}:${f.round.id}`)).toEqual({ rounds: [f.round.id], leagues: [other], changes: 1 });
  });
});

describe("the default league's live round", () => {
  it("keeps the object name it had before leagues, round:{id}, and keeps its league there", async () => {
    const f = await makeLiveRound([2]);
    const [a] = f.cards[0].players;
    await postOk("", f.round.id, a.token, [change.strokes(a.entry.id, 1, 3)]);
    expect(await held(`round:${f.round.id}`)).toEqual({ rounds: [f.round.id], leagues: [1], changes: 1 });
    expect((await held(`1:${f.round.id}`)).rounds).toEqual([]);
  });
});

describe("a league's path with another league's round id", () => {
  it("answers 404 at every door of the live round and writes nothing to either league", async () => {
    const inOther = await makeLiveRound([2], { leagueId: other });
    const inDefault = await makeLiveRound([2]);
    for (const [base, f] of [
      ["", inOther],
      [BASE, inDefault],
    ] as const) {
      const id = f.round.id;
      const [p] = f.cards[0].players;
      const strokes = [change.strokes(p.entry.id, 1, 3)];
      expect((await call("GET", `${base}/api/live/${id}`, { token: p.token })).status).toBe(404);
      expect((await post(base, id, p.token, strokes)).status).toBe(404);
      expect((await post(base, id, f.adminToken, strokes)).status).toBe(404);
      expect((await finalize(base, f)).status).toBe(404);
      expect((await call("GET", `${base}/api/admin/live/${id}/log`, { token: f.adminToken })).status).toBe(404);
      const socket = await openSocket(id, { token: p.token, base });
      expect(socket instanceof LiveSocket ? 101 : socket.status).toBe(404);
      const spectator = await openSocket(id, { spectator: true, base });
      expect(spectator instanceof LiveSocket ? 101 : spectator.status).toBe(404);
      expect(await startedOf(id)).toEqual([null]);
      expect((await entriesOf(id)).map((e) => e.score)).toEqual([0, 0]);
    }
    // No object took a change, and none the wrong path woke keeps a round.
    for (const name of [
      `${other}:${inOther.round.id}`,
      `round:${inOther.round.id}`,
      `round:${inDefault.round.id}`,
      `${other}:${inDefault.round.id}`,
    ]) {
      expect(await held(name)).toMatchObject({ rounds: [], changes: 0 });
    }
  });
});
