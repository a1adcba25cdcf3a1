// An admin's correction of a signed (locked) card or a finalised round (ADR 26, ADR 37): the
// admin types the new values and saves once; one save is one write with one audit row per
// player it changed, however many holes, each with the reason.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb } from "../fixtures";
import { change, liveState, postOk, twoOnACard, wholeCard } from "../live-fixtures";
import { auditLog } from "~/.server/db/schema";

const PAR = () => 3;

describe("a save on a locked card", () => {
  it("three changed holes of two players make two audit rows, each naming every hole it changed", async () => {
    const { card, round, admin, adminToken, a, b } = await twoOnACard();
    await postOk(round.id, a.token, wholeCard(card, PAR));
    await postOk(round.id, a.token, [change.signoff(a.entry.id)]);
    await postOk(round.id, b.token, [change.signoff(b.entry.id)]);
    expect((await liveState(round.id)).state.cards[0].lockedAt).toEqual(expect.any(Number));

    const reason = "Card photo differs";
    await postOk(round.id, adminToken, [
      change.strokes(b.entry.id, 3, 4, { reason }),
      change.strokes(b.entry.id, 7, 2, { reason }),
      change.strokes(a.entry.id, 5, 4, { reason }),
    ]);
    const rows = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.roundId, round.id), eq(auditLog.tableName, "live_scores")));
    expect(rows.map((r) => r.playerId).sort()).toEqual([a.player.id, b.player.id].sort());
    // The admin named as their session has it: the row never reads the accounts (ADR 46).
    for (const r of rows) expect(r).toMatchObject({ actorUserId: admin.id, actorName: admin.name, actorRole: "admin" });
    const ofB = rows.find((r) => r.playerId === b.player.id);
    expect(JSON.parse(ofB?.before ?? "{}")).toEqual({ "hole 3": 3, "hole 7": 3 });
    expect(JSON.parse(ofB?.after ?? "{}")).toEqual({ "hole 3": 4, "hole 7": 2, reason });
    // The signed totals stay what was signed; the card's totals are the corrected ones.
    const { state } = await liveState(round.id);
    const bo = state.players.find((p) => p.entryId === b.entry.id);
    expect(bo?.signature?.total).toBe(54);
    expect(bo?.strokes.reduce<number>((s, v) => s + (v ?? 0), 0)).toBe(54 + 1 - 1);
  });
});
