import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, refusal, serviceRoundValues, testDb, uniq } from "../fixtures";
import { entries, payments, rounds } from "~/.server/db/schema";
import { deleteRound, saveRound, saveRounds } from "~/.server/services/entries/round-admin";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// The multi-editor's save: creates, updates and deletes in one batch, all or nothing.

const values = serviceRoundValues;
const roundRow = async (id: number) => (await testDb().select().from(rounds).where(eq(rounds.id, id)))[0];
const named = async (...names: string[]) => testDb().select().from(rounds).where(inArray(rounds.name, names));

describe("saveRounds", () => {
  it("brings a played round's payouts in line with a new payout per entry", async () => {
    const [round, a, b] = await Promise.all([makeRound(), makePlayer(), makePlayer()]);
    await makeEntry({ roundId: round.id, playerId: a.id, score: 50, payoutCents: 450, result: "1/1|(MA1)" });
    await makeEntry({ roundId: round.id, playerId: b.id, score: 50, division: "MA2", payoutCents: 450, result: "1/1|(MA2)" });
    await saveRounds(testDb(), [
      { kind: "save", id: round.id, version: round.version, values: values({ startsAt: round.startsAt, payout: 600 }), label: "Row 1" },
    ]);
    const paid = await testDb().select({ payoutCents: entries.payoutCents }).from(entries).where(eq(entries.roundId, round.id));
    expect(paid.map((e) => e.payoutCents)).toEqual([600, 600]);
  });

  it("creates, updates and deletes in one call, and answers the new ids in the order given", async () => {
    const [kept, gone, bystander] = await Promise.all([makeRound(), makeRound(), makeRound({ name: "Bystander" })]);
    const first = values();
    const second = values({ startsAt: first.startsAt + 7 * DAY, fee_course: 100, pdga_url: "https://www.pdga.com/tour/event/9" });
    const { created } = await saveRounds(testDb(), [
      { kind: "save", id: null, values: first, label: "Row 1" },
      {
        kind: "save",
        id: kept.id,
        version: kept.version,
        values: values({ name: "Renamed", location: "Elm Park", payout: 500 }),
        label: "Row 2",
      },
      { kind: "delete", id: gone.id, version: gone.version, label: "Row 3" },
      { kind: "save", id: null, values: second, label: "Row 4" },
    ]);
    expect(created).toHaveLength(2);
    expect(await roundRow(created[0]!)).toMatchObject({
      name: first.name,
      startsAt: first.startsAt,
      feeCourseCents: 0,
      payoutCents: 450,
      pdgaUrl: null,
      openForRegistration: false,
      createdAt: expect.closeTo(nowSec(), -2),
    });
    expect(await roundRow(created[1]!)).toMatchObject({
      name: second.name,
      startsAt: second.startsAt,
      feeCourseCents: 100,
      pdgaUrl: second.pdga_url,
    });
    expect(await roundRow(kept.id)).toMatchObject({ name: "Renamed", location: "Elm Park", payoutCents: 500 });
    expect(await roundRow(gone.id)).toBeUndefined();
    expect(await roundRow(bystander.id)).toEqual(bystander);
  });

  it("refuses the whole save when a deleted round has entries: the row is named and nothing is written", async () => {
    const [edited, played, empty, player] = await Promise.all([makeRound({ name: "Before" }), makeRound(), makeRound(), makePlayer()]);
    await makeEntry({ roundId: played.id, playerId: player.id });
    const fresh = values();
    const err = await refusal(
      saveRounds(testDb(), [
        { kind: "save", id: edited.id, version: edited.version, values: values({ name: "After" }), label: "Row 1 (Thu 11/19)" },
        { kind: "delete", id: empty.id, version: empty.version, label: "Row 2 (Thu 11/26)" },
        { kind: "delete", id: played.id, version: played.version, label: "Row 3 (Thu 12/3)" },
        { kind: "save", id: null, values: fresh, label: "Row 4 (Thu 12/10)" },
      ]),
    );
    expect(err.status).toBe(409);
    expect(err.message).toBe("Row 3 (Thu 12/3): This round has 1 entry, so it cannot be deleted. Remove its entries first.");
    expect((await roundRow(edited.id))?.name).toBe("Before");
    expect(await roundRow(empty.id)).toBeTruthy();
    expect(await roundRow(played.id)).toBeTruthy();
    expect(await named(fresh.name)).toEqual([]);
  });

  it("a round with a payment is refused the same way", async () => {
    const [paid, player] = await Promise.all([makeRound(), makePlayer()]);
    await testDb().insert(payments).values({
      leagueId: DEFAULT_LEAGUE_ID,
      roundId: paid.id,
      playerId: player.id,
      method: "credit",
      status: "completed",
      amountCents: 600,
      division: "MA1",
    });
    const err = await refusal(saveRounds(testDb(), [{ kind: "delete", id: paid.id, version: paid.version, label: "Row 1" }]));
    expect(err.message).toBe("Row 1: This round has 1 payment, so it cannot be deleted. Remove its entries first.");
    expect(await roundRow(paid.id)).toBeTruthy();
  });

  it("an updated round that no longer exists is 404 for its row, and the other rows are not written", async () => {
    const gone = await makeRound();
    await deleteRound(testDb(), gone.id);
    const fresh = values();
    const err = await refusal(
      saveRounds(testDb(), [
        { kind: "save", id: null, values: fresh, label: "Row 1" },
        { kind: "save", id: gone.id, version: gone.version, values: values(), label: "Row 2 (Thu 11/26)" },
      ]),
    );
    expect(err.status).toBe(404);
    expect(err.message).toBe("Row 2 (Thu 11/26): Round not found");
    expect(await named(fresh.name)).toEqual([]);
  });

  it("saves more rows than one statement could bind (D1's 100 parameters), in one batch", async () => {
    const olds = await Promise.all(Array.from({ length: 12 }, () => makeRound()));
    const news = Array.from({ length: 25 }, (_, i) => values({ name: `Bulk ${uniq()} ${i}`, startsAt: nowSec() + i * DAY }));
    const { created } = await saveRounds(testDb(), [
      ...news.map((v, i) => ({ kind: "save" as const, id: null, values: v, label: `Row ${i + 1}` })),
      ...olds.map((r, i) => ({ kind: "delete" as const, id: r.id, version: r.version, label: `Row ${26 + i}` })),
    ]);
    expect(created).toHaveLength(25);
    const rows = await testDb().select().from(rounds).where(inArray(rounds.id, created));
    expect(created.map((id) => rows.find((r) => r.id === id)?.name)).toEqual(news.map((v) => v.name));
    expect(
      await testDb()
        .select()
        .from(rounds)
        .where(
          inArray(
            rounds.id,
            olds.map((r) => r.id),
          ),
        ),
    ).toEqual([]);
  });

  it("refuses a round changed twice in one save, and does nothing for no changes", async () => {
    const round = await makeRound({ name: "Twice" });
    const err = await refusal(
      saveRounds(testDb(), [
        { kind: "save", id: round.id, version: round.version, values: values(), label: "Row 1" },
        { kind: "delete", id: round.id, version: round.version, label: "Row 2" },
      ]),
    );
    expect(err.status).toBe(400);
    expect((await roundRow(round.id))?.name).toBe("Twice");
    expect(await saveRounds(testDb(), [])).toEqual({ created: [], followUps: [] });
  });
});

describe("versions (ADR 20): a save carries the version it read", () => {
  it("saveRounds refuses a row whose round changed since the editor read it: 409 naming the row, nothing written", async () => {
    const [stale, other] = await Promise.all([makeRound({ name: "Read" }), makeRound({ name: "Other" })]);
    // Another admin's save after this editor loaded.
    await saveRounds(testDb(), [
      { kind: "save", id: stale.id, version: stale.version, values: values({ name: "Theirs" }), label: "Row 1" },
    ]);
    const mine = values();
    const err = await refusal(
      saveRounds(testDb(), [
        { kind: "save", id: null, values: mine, label: "Row 1 (Thu 11/19)" },
        { kind: "save", id: other.id, version: other.version, values: values({ name: "Mine too" }), label: "Row 2 (Thu 11/26)" },
        { kind: "save", id: stale.id, version: stale.version, values: values({ name: "Mine" }), label: "Row 3 (Thu 12/3)" },
      ]),
    );
    expect([err.status, err.message]).toEqual([
      409,
      "Row 3 (Thu 12/3): This round changed since you opened it. Reload to see the new values.",
    ]);
    expect((await roundRow(stale.id))?.name).toBe("Theirs");
    expect((await roundRow(other.id))?.name).toBe("Other");
    expect(await named(mine.name)).toEqual([]);
  });

  it("saveRounds refuses deleting a round changed since it was read, and keeps it", async () => {
    const round = await makeRound({ name: "Keep me" });
    await saveRounds(testDb(), [
      { kind: "save", id: round.id, version: round.version, values: values({ name: "Edited" }), label: "Row 1" },
    ]);
    const err = await refusal(saveRounds(testDb(), [{ kind: "delete", id: round.id, version: round.version, label: "Row 4" }]));
    expect([err.status, err.message]).toEqual([409, "Row 4: This round changed since you opened it. Reload to see the new values."]);
    expect((await roundRow(round.id))?.name).toBe("Edited");
  });

  it("saveRound saves over the version read, refuses an older one (409) and one without (400), writing nothing", async () => {
    const round = await makeRound({ name: "One" });
    await saveRound(testDb(), round.id, values({ name: "Two" }), round.version);
    const now = await roundRow(round.id);
    expect(now).toMatchObject({ name: "Two", version: round.version + 1 });
    const stale = await refusal(saveRound(testDb(), round.id, values({ name: "Three", payout: 900 }), round.version));
    expect([stale.status, stale.message]).toEqual([409, "This round changed since you opened it. Reload to see the new values."]);
    const missing = await refusal(saveRound(testDb(), round.id, values({ name: "Four" })));
    expect(missing.status).toBe(400);
    expect(await roundRow(round.id)).toEqual(now);
  });
});
