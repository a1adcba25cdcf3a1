// Postponing a round through the /api (ADR 50): a director moves the night, keeping the
// first original start, its entries, cards and side pots, clearing its check-ins, audited in
// their name, and the players are told; every refusal (cancelled, scored, a start not ahead,
// a stale version, a bad body, a player, another league's round) changes nothing; twenty at
// once leave one consistent round.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeMember, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { makeLeague } from "../message-fixtures";
import { copiesOf, playerOf } from "../notice-fixtures";
import { forgetLeagues } from "../../workers/league-directory";
import type { PostponedJson } from "../../workers/api/serializers/rainouts";
import { auditLog, cardPlayers, cards, claims, entries, rounds, sidePotPlayers, sidePots } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { POSTPONE_MESSAGES } from "~/.server/services/rainouts/postpone";
import { ROUND_CHANGED } from "~/.server/services/rounds/versions";

afterAll(() => forgetLeagues());

const db = () => testDb();
const path = (id: number) => `/api/admin/rounds/${id}/postpone`;
const roundRow = async (id: number) => (await db().select().from(rounds).where(eq(rounds.id, id)))[0]!;

/** A round a day ahead with two entries (one checked in, one in a side pot), both on a draft card. */
async function night() {
  const round = await makeRound({ startsAt: nowSec() + DAY, openForRegistration: true });
  const [a, b] = [await playerOf(round.id, { entry: { checkedInAt: nowSec() } }), await playerOf(round.id)];
  const [card] = await db().insert(cards).values({ leagueId: DEFAULT_LEAGUE_ID, roundId: round.id, number: 1 }).returning();
  await db()
    .insert(cardPlayers)
    .values([
      { leagueId: DEFAULT_LEAGUE_ID, cardId: card!.id, entryId: a.entry!.id, position: 0 },
      { leagueId: DEFAULT_LEAGUE_ID, cardId: card!.id, entryId: b.entry!.id, position: 1 },
    ]);
  const [pot] = await db()
    .insert(sidePots)
    .values({ leagueId: DEFAULT_LEAGUE_ID, roundId: round.id, name: "CTP", kind: "custom", buyInCents: 200 })
    .returning();
  await db().insert(sidePotPlayers).values({ leagueId: DEFAULT_LEAGUE_ID, potId: pot!.id, entryId: b.entry!.id });
  return { round, a, b, card: card!, pot: pot! };
}

/** What a refusal must leave as it was: the round, its entries (with check-ins) and its cards. */
async function snapshot(roundId: number) {
  return {
    round: await roundRow(roundId),
    entries: await db().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(entries.id),
    cards: await db().select().from(cards).where(eq(cards.roundId, roundId)),
  };
}

describe("POST /api/admin/rounds/{id}/postpone", () => {
  it("a director moves the night: the first start kept, check-ins cleared, everything else stays, audited and told", async () => {
    const director = await makeMember("director");
    const token = await tokenFor(director);
    const { round, a, b, card, pot } = await night();
    const to = nowSec() + 7 * DAY;
    const res = await call("POST", path(round.id), { token, body: { startsAt: to, version: round.version } });
    const body = await expectStatus<PostponedJson>(res, 200);
    expect(body).toEqual({
      success: true,
      roundId: round.id,
      startsAt: to,
      postponedFrom: round.startsAt,
      version: round.version + 1,
      checkInsCleared: 1,
    });
    expect(await roundRow(round.id)).toMatchObject({ startsAt: to, postponedFrom: round.startsAt, version: round.version + 1 });
    const kept = await db().select().from(entries).where(eq(entries.roundId, round.id)).orderBy(entries.id);
    expect(kept.map((e) => [e.id, e.checkedInAt, e.checkedInBy])).toEqual([
      [a.entry!.id, null, null],
      [b.entry!.id, null, null],
    ]);
    expect(await db().select({ entryId: cardPlayers.entryId }).from(cardPlayers).where(eq(cardPlayers.cardId, card.id))).toHaveLength(2);
    expect(await db().select().from(sidePotPlayers).where(eq(sidePotPlayers.potId, pot.id))).toHaveLength(1);
    // The date's change is in the audit log in the director's name.
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, "rounds"), eq(auditLog.rowId, round.id)));
    expect(audit).toMatchObject({ action: "update", actorUserId: director.id, actorName: director.name });
    expect(JSON.parse(audit!.before ?? "{}")).toMatchObject({ d: round.startsAt });
    expect(JSON.parse(audit!.after ?? "{}")).toMatchObject({ d: to });

    // A second postponement keeps the first original start.
    const later = to + DAY;
    const again = await expectStatus<PostponedJson>(
      await call("POST", path(round.id), { token, body: { startsAt: later, version: body.version } }),
      200,
    );
    expect(again).toMatchObject({ startsAt: later, postponedFrom: round.startsAt, checkInsCleared: 0 });

    // The players are told by the queue's job (ADR 49): both entered accounts, under the cancelled kind, of
    // the latest move only (the first one's job finds the round moved again and makes nothing).
    const key = `postponed:${round.id}:${to}:${later}`;
    const deadline = Date.now() + 15_000;
    while ((await copiesOf(key)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const copies = await copiesOf(key);
    expect(copies.map((c) => [c.kind, c.userId])).toEqual([
      ["cancelled", a.user!.id],
      ["cancelled", b.user!.id],
    ]);
    expect(await copiesOf(`postponed:${round.id}:${round.startsAt}:`)).toEqual([]);
    expect(copies[0]?.body).toMatch(/ is postponed to .+\. You may withdraw until then, with everything you paid back as credit\.$/);
  });

  it("refuses a cancelled round, a scored one, a start not ahead and a stale version with 409, changing nothing", async () => {
    const token = await tokenFor(await makeMember("director"));
    const ahead = nowSec() + 3 * DAY;
    const post = (id: number, startsAt: number, version: number) => call("POST", path(id), { token, body: { startsAt, version } });

    const cancelled = await night();
    await db().update(rounds).set({ cancelledAt: nowSec(), cancelReason: "weather" }).where(eq(rounds.id, cancelled.round.id));
    let before = await snapshot(cancelled.round.id);
    await expectError(await post(cancelled.round.id, ahead, before.round.version), 409, POSTPONE_MESSAGES.cancelled);
    expect(await snapshot(cancelled.round.id)).toEqual(before);

    const scored = await night();
    await db().update(cards).set({ startedAt: nowSec() }).where(eq(cards.id, scored.card.id));
    before = await snapshot(scored.round.id);
    await expectError(await post(scored.round.id, ahead, before.round.version), 409, POSTPONE_MESSAGES.scored);
    expect(await snapshot(scored.round.id)).toEqual(before);

    const adminScored = await night();
    await db().update(entries).set({ score: 48 }).where(eq(entries.id, adminScored.a.entry!.id));
    before = await snapshot(adminScored.round.id);
    await expectError(await post(adminScored.round.id, ahead, before.round.version), 409, POSTPONE_MESSAGES.scored);
    expect(await snapshot(adminScored.round.id)).toEqual(before);

    const open = await night();
    before = await snapshot(open.round.id);
    for (const startsAt of [nowSec() - 60, nowSec() - 7 * DAY]) {
      await expectError(await post(open.round.id, startsAt, before.round.version), 409, POSTPONE_MESSAGES.notFuture);
    }
    await expectError(await post(open.round.id, ahead, before.round.version + 1), 409, ROUND_CHANGED);
    expect(await snapshot(open.round.id)).toEqual(before);
  });

  it("answers 400 for a bad body, 403 to a player, 404 for another league's round or none; nothing changes", async () => {
    const token = await tokenFor(await makeMember("director"));
    const { round } = await night();
    const before = await snapshot(round.id);
    const ahead = nowSec() + 3 * DAY;
    for (const body of [
      {},
      { startsAt: ahead },
      { version: round.version },
      { startsAt: "next Thursday", version: round.version },
      { startsAt: 4_102_444_801, version: round.version },
      { startsAt: ahead + 0.5, version: round.version },
      { startsAt: ahead, version: -1 },
      { startsAt: ahead, version: "v1" },
    ]) {
      await expectError(await call("POST", path(round.id), { token, body }), 400);
    }
    await expectError(await call("POST", "/api/admin/rounds/abc/postpone", { token, body: { startsAt: ahead, version: 0 } }), 400);
    // A player (an approved claim, no role) and no one at all.
    const player = await makeUser();
    const mine = await makePlayer();
    await db().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: player.id, playerId: mine.id, status: "approved" });
    await expectError(
      await call("POST", path(round.id), { token: await tokenFor(player), body: { startsAt: ahead, version: round.version } }),
      403,
    );
    await expectError(await call("POST", path(round.id), { body: { startsAt: ahead, version: round.version } }), 401);
    expect(await snapshot(round.id)).toEqual(before);

    // Another league's round, by this league's director: 404, and B's round is as it was.
    const other = await makeLeague("Rain League");
    const theirs = await makeRound({ leagueId: other.id, startsAt: nowSec() + DAY });
    await expectError(await call("POST", path(theirs.id), { token, body: { startsAt: ahead, version: theirs.version } }), 404);
    // And under B's own address, A's director holds no role there.
    await expectError(
      await call("POST", `/l/${other.slug}${path(theirs.id)}`, { token, body: { startsAt: ahead, version: theirs.version } }),
      403,
    );
    expect(await roundRow(theirs.id)).toEqual(theirs);
    await expectError(await call("POST", path(2_147_483_647), { token, body: { startsAt: ahead, version: 0 } }), 404);
  });

  it("twenty postponements at once leave one: the winner's start, the first original, one version step", async () => {
    const token = await tokenFor(await makeMember("director"));
    const { round } = await night();
    const starts = Array.from({ length: 20 }, (_, i) => nowSec() + (3 + i) * DAY);
    const answers = await Promise.all(
      starts.map((startsAt) => call("POST", path(round.id), { token, body: { startsAt, version: round.version } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const won = (await answers[statuses.indexOf(200)]!.json()) as PostponedJson;
    const row = await roundRow(round.id);
    expect(row).toMatchObject({ startsAt: won.startsAt, postponedFrom: round.startsAt, version: round.version + 1 });
    const audits = await db().all<{ n: number }>(
      sql`select count(*) as n from audit_log where table_name = 'rounds' and row_id = ${round.id}`,
    );
    expect(audits[0]?.n).toBe(1);
  });
});
