import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec } from "../fixtures";
import { expectError, getPublic } from "./http";

type Round = { id: number; d: number; n: string; entry_count: number } & Record<string, unknown>;

const ROUND_FIELDS = [
  "id",
  "d",
  "n",
  "loc",
  "fee_pdga",
  "fee_course",
  "fee_other",
  "ace",
  "payout",
  "pdga_url",
  "openForRegistration",
  "entry_count",
  // The layout played (ADR 25), null for none.
  "layout_id",
  // Counts for bag tags (ADR 27).
  "tags",
  // Random-draw doubles (ADR 31).
  "doubles",
  // What a save of the round sends back (ADR 20).
  "version",
  // Rain-outs (ADR 50): cancelled, and why.
  "cancelled",
  "cancel_reason",
];

describe("GET /api/rounds/{range}", () => {
  it("thisYear has this year's rounds, all has every round too, both oldest first", async () => {
    const now = nowSec();
    const current = await makeRound({ startsAt: now });
    const lastYear = await makeRound({ startsAt: now - 400 * DAY }); // always in an earlier year
    await makeEntry({ roundId: current.id, playerId: (await makePlayer()).id });

    const thisYear = await getPublic<Round[]>("/api/rounds/thisYear");
    const all = await getPublic<Round[]>("/api/rounds/all");
    expect(thisYear.map((r) => r.id)).toContain(current.id);
    expect(thisYear.map((r) => r.id)).not.toContain(lastYear.id);
    const mine = all.filter((r) => r.id === current.id || r.id === lastYear.id).map((r) => r.id);
    expect(mine).toEqual([lastYear.id, current.id]);
    for (const list of [thisYear, all]) {
      for (let i = 1; i < list.length; i++) expect(list[i].d).toBeGreaterThanOrEqual(list[i - 1].d);
    }
    const shown = thisYear.find((r) => r.id === current.id);
    expect(Object.keys(shown ?? {}).sort()).toEqual([...ROUND_FIELDS].sort());
    expect(shown).toMatchObject({ fee_pdga: 0.5, ace: 1, payout: 4.5, entry_count: 1 });
  });

  it("any other range is a 400", async () => {
    await expectError("/api/rounds/bogus", 400, "bad_request");
    await expectError("/api/rounds/ALL", 400, "bad_request");
    expect((await expectError("/api/rounds/this-year", 400, "bad_request")).error).toBe("Range must be thisYear or all");
  });
});

describe("GET /api/rounds/round/{id}", () => {
  it("returns the round in dollars with its own entry count", async () => {
    const round = await makeRound({ feeCourseCents: 275, aceCents: 150, payoutCents: 425, openForRegistration: true });
    const other = await makeRound();
    for (let i = 0; i < 2; i++) await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id });
    await makeEntry({ roundId: other.id, playerId: (await makePlayer()).id });

    expect(await getPublic(`/api/rounds/round/${round.id}`)).toEqual({
      id: round.id,
      d: round.startsAt,
      n: round.name,
      loc: round.location,
      fee_pdga: 0.5,
      fee_course: 2.75,
      fee_other: 0,
      ace: 1.5,
      payout: 4.25,
      pdga_url: null,
      openForRegistration: true,
      entry_count: 2,
      layout_id: null,
      tags: false,
      doubles: false,
      version: round.version,
      cancelled: false,
      cancel_reason: null,
    });
  });

  it("404 for an unknown id, 400 for an id that is not a positive integer", async () => {
    await expectError("/api/rounds/round/99999999", 404, "not_found");
    for (const bad of ["abc", "-1", "1.5", "0", "1e3", "0x10", "99999999999999999999", "%201"]) {
      expect((await expectError(`/api/rounds/round/${bad}`, 400, "bad_request")).error, bad).toBe("Invalid round id");
    }
  });
});

describe("GET /api/rounds/roundsByPlayer/{id}", () => {
  it("lists the player's rounds newest first with position and dollars", async () => {
    const p = await makePlayer();
    const r1 = await makeRound({ startsAt: 1_650_000_000 });
    const r2 = await makeRound({ startsAt: 1_650_000_000 + 7 * DAY });
    await makeEntry({ roundId: r1.id, playerId: p.id, score: 49, result: "2/9|(MA1)", payoutCents: 650, creditAddedCents: 650 });
    await makeEntry({ roundId: r2.id, playerId: p.id, score: 0 });

    const list = await getPublic<Record<string, unknown>[]>(`/api/rounds/roundsByPlayer/${p.id}`);
    expect(list.map((r) => r.round_id)).toEqual([r2.id, r1.id]);
    expect(list[1]).toMatchObject({ position: "2 of 9", payout: 6.5, EntryPayout: 6.5, credit_added: 6.5, score: 49 });
    expect(list[0]).toMatchObject({ position: null, result: null, score: 0 });
  });

  it("404 for an unknown player, 400 for a bad id", async () => {
    await expectError("/api/rounds/roundsByPlayer/99999999", 404, "not_found");
    expect((await expectError("/api/rounds/roundsByPlayer/abc", 400, "bad_request")).error).toBe("Invalid player id");
  });
});
