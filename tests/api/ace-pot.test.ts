import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { lowestPotFrom } from "../pot-fixtures";
import { aces, entries, rounds } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { formatDate } from "~/lib/shared/time";

// The ace pot at the /api (ADR 21): GET /api/ace is the pot as of now, `?roundId=` the pot
// as of that round's start; an ace, an entry edit or delete, or a round save that would
// take it below zero at any moment is answered 409 with the pot's words and changes nothing.
// Each test works in its own weeks, later than the test before it.

const HOUR = 3_600;
const now = () => Math.floor(Date.now() / 1000);
const on = (t: number) => formatDate(t, leagueFromEnv(env).timeZone);
const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));
const cents = (dollars: number) => Math.round(dollars * 100);
const pot = async (query = "") => cents(((await (await call("GET", `/api/ace${query}`)).json()) as { pot: number }).pot);

/** A round at `d` whose `optedIn` entries (new players) each pay $1 into the pot. */
async function roundWith(d: number, optedIn: number) {
  const round = await makeRound({ startsAt: d, aceCents: 100 });
  const made = [];
  for (let i = 0; i < optedIn; i++) {
    const player = await makePlayer();
    made.push({ player, entry: await makeEntry({ roundId: round.id, playerId: player.id, ace: true }) });
  }
  return { round, made };
}

describe("GET /api/ace", () => {
  it("is the pot now: fees prepaid for a round ahead join it only when that round starts; ?roundId= counts them", async () => {
    const before = await pot();
    const { round: ahead } = await roundWith(now() + 3 * DAY, 2);
    expect(await pot()).toBe(before);
    expect(await pot(`?roundId=${ahead.id}`)).toBe(before + 200);
  });
});

describe("409 when the pot would go below zero", () => {
  it("POST /api/ace/add for more than the pot as of the ace's date", async () => {
    const token = await adminToken();
    const { round, made } = await roundWith(now() + 10 * DAY, 2);
    const atStake = await pot(`?roundId=${round.id}`);
    const p = made[0]!.player;
    const body = { values: { d: round.startsAt, player: p.id, amt: ((atStake + 1) / 100).toFixed(2) } };
    const err = await expectError(await call("POST", "/api/ace/add", { token, body }), 409);
    expect(err.error).toBe(
      `On ${on(round.startsAt)} the ace pot holds $${(atStake / 100).toFixed(2)}; an ace of $${((atStake + 1) / 100).toFixed(2)} would take it below zero.`,
    );
    expect(await testDb().select().from(aces).where(eq(aces.playerId, p.id))).toEqual([]);
  });

  it("an entry's ace flag off, the entry's delete and a round moved later, once its pot was paid out", async () => {
    const token = await adminToken();
    const { round, made } = await roundWith(now() + 20 * DAY, 2);
    const hitter = made[1]!.player;
    const whole = await pot(`?roundId=${round.id}`);
    await expectStatus(
      await call("POST", "/api/ace/add", {
        token,
        body: { values: { d: round.startsAt + HOUR, player: hitter.id, amt: (whole / 100).toFixed(2) } },
      }),
      201,
    );
    const message = `The ace pot cannot go below zero: after this change it would hold -$1.00 on ${on(round.startsAt + HOUR)}, when ${hitter.firstName} ${hitter.lastName}'s ace was paid.`;
    const entry = made[0]!.entry;
    const flagOff = await call("POST", "/api/admin/entry/update", {
      token,
      body: { id: entry.id, version: entry.version, values: { ace: false } },
    });
    expect((await expectError(flagOff, 409)).error).toBe(message);
    const gone = await call("POST", "/api/admin/entry/delete", { token, body: { id: entry.id, version: entry.version } });
    expect((await expectError(gone, 409)).error).toBe(message);
    expect((await testDb().select().from(entries).where(eq(entries.id, entry.id)))[0]?.ace).toBe(true);

    const [stored] = await testDb().select().from(rounds).where(eq(rounds.id, round.id));
    const moved = await call("POST", "/api/admin/round/", {
      token,
      body: {
        id: round.id,
        version: stored!.version,
        d: round.startsAt + 7 * DAY,
        n: round.name,
        loc: round.location,
        fee_pdga: 0.5,
        fee_course: 0,
        fee_other: 0,
        ace: 1,
        payout: 4.5,
      },
    });
    expect((await expectError(moved, 409)).error).toBe(
      `The ace pot cannot go below zero: after this change it would hold -$2.00 on ${on(round.startsAt + HOUR)}, when ${hitter.firstName} ${hitter.lastName}'s ace was paid.`,
    );
    expect((await testDb().select().from(rounds).where(eq(rounds.id, round.id)))[0]?.startsAt).toBe(round.startsAt);
    expect(await lowestPotFrom(round.startsAt)).toBeGreaterThanOrEqual(0);
  });
});
