// Sign-off (ADR 26): a complete, settled card is confirmed player by player, from their
// own session, by a cardmate with their PIN (wrong PINs are limited: ./live-pin-limits.test.ts),
// or by an admin; a card all signed locks, and after that only an admin changes it, with a
// reason that goes in the audit log.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb } from "../fixtures";
import { change, liveState, pinOf, post, postOk, wholeCard, twoOnACard } from "../live-fixtures";
import { auditLog } from "~/.server/db/schema";
import type { Change } from "~/schemas/live";

const PAR = (_p: number, _h: number) => 3;

async function refusedWith(roundId: number, token: string, c: Change) {
  const { status, body } = await post(roundId, token, [c]);
  expect(status).toBe(200);
  const [result] = body.results;
  expect(result.status, JSON.stringify(result)).toBe("refused");
  return result as { code: string; error: string };
}

describe("signing a card", () => {
  it("waits for every hole and every flag to be settled", async () => {
    const { card, round, a, b } = await twoOnACard();
    await postOk(round.id, a.token, wholeCard(card, PAR).slice(0, -1));
    expect(await refusedWith(round.id, a.token, change.signoff(a.entry.id))).toMatchObject({
      code: "conflict",
      error: `Card 1 cannot be signed yet: ${b.player.firstName} ${b.player.lastName} has no score on hole 18.`,
    });
    await postOk(round.id, a.token, [change.strokes(b.entry.id, 18, 3)]);
    await postOk(round.id, b.token, [change.strokes(b.entry.id, 18, 4)]);
    expect((await refusedWith(round.id, a.token, change.signoff(a.entry.id))).error).toContain("hole 18 is flagged");
    await postOk(round.id, b.token, [change.strokes(b.entry.id, 18, 4, { settle: true })]);
    await postOk(round.id, a.token, [change.signoff(a.entry.id)]);
  });

  it("each player confirms their own total; all signed, the card locks for everyone but an admin with a reason", async () => {
    const { card, round, admin, adminToken, a, b } = await twoOnACard();
    await postOk(round.id, a.token, wholeCard(card, PAR));
    await postOk(round.id, a.token, [change.signoff(a.entry.id)]);
    // A signature is the player's own: a cardmate needs the PIN.
    expect((await refusedWith(round.id, a.token, change.signoff(b.entry.id))).code).toBe("forbidden");
    await postOk(round.id, b.token, [change.signoff(b.entry.id)]);
    const { state } = await liveState(round.id);
    expect(state.cards[0].lockedAt).toEqual(expect.any(Number));
    expect(state.players.map((p) => p.signature)).toEqual([
      { method: "self", total: 54, dnf: false, at: expect.any(Number) },
      { method: "self", total: 54, dnf: false, at: expect.any(Number) },
    ]);

    expect((await refusedWith(round.id, a.token, change.strokes(b.entry.id, 3, 4))).error).toBe(
      "Card 1 is signed and locked: only an admin can change it, with a reason.",
    );
    expect((await refusedWith(round.id, adminToken, change.strokes(b.entry.id, 3, 4))).code).toBe("conflict");
    const [edit] = await postOk(round.id, adminToken, [change.strokes(b.entry.id, 3, 4, { reason: "Card photo shows a 4" })]);
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === b.entry.id)?.strokes[2]).toBe(4);
    const rows = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.roundId, round.id), eq(auditLog.tableName, "live_scores")));
    expect(rows).toEqual([
      expect.objectContaining({
        actorUserId: admin.id,
        actorName: admin.name,
        actorRole: "admin",
        rowId: edit.status === "applied" ? edit.seq : -1,
        playerId: b.player.id,
        before: JSON.stringify({ "hole 3": 3 }),
        after: JSON.stringify({ "hole 3": 4, reason: "Card photo shows a 4" }),
      }),
    ]);
  });

  it("a change to a signed player's card before it locks drops their signature", async () => {
    const { card, round, a } = await twoOnACard();
    await postOk(round.id, a.token, wholeCard(card, PAR));
    await postOk(round.id, a.token, [change.signoff(a.entry.id)]);
    await postOk(round.id, a.token, [change.penalty(a.entry.id, 7, 1)]);
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === a.entry.id)?.signature).toBeNull();
    await postOk(round.id, a.token, [change.signoff(a.entry.id)]);
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === a.entry.id)?.signature?.total).toBe(55);
  });
});

describe("a cardmate signing with the player's PIN", () => {
  it("the right PIN signs for them", async () => {
    const { card, round, a, b } = await twoOnACard({ pins: true });
    await postOk(round.id, a.token, wholeCard(card, PAR));
    await postOk(round.id, a.token, [change.signoff(b.entry.id, { pin: pinOf(1) })]);
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === b.entry.id)?.signature?.method).toBe("pin");
  });
});
