// The entries screen's payouts as the admin types (ADR 14, 31): the same numbers the server
// stores, by team in a doubles round, and who holds them up when a score is missing.
import { describe, expect, it } from "vitest";
import { payoutPreview, waitingFor } from "~/lib/rounds/payout-preview";
import { payoutsByEntry } from "~/lib/rounds/payouts";

const unit = (name: string, score: number, dnf = false) => ({ names: [name], score, dnf });

describe("waitingFor", () => {
  it("names who has no score, and nothing while no score is in or none is missing", () => {
    expect(waitingFor([unit("Ann", 50), unit("Bo", 0)])).toBe(
      "No score yet for Bo: enter their score, or withdraw them if they did not play.",
    );
    expect(waitingFor([unit("Ann", 50), unit("Bo", 0), unit("Cy", 0)])).toBe(
      "No score yet for Bo and Cy: enter their scores, or withdraw anyone who did not play.",
    );
    expect(waitingFor([unit("A", 50), ...["B", "C", "D", "E", "F"].map((n) => unit(n, 0))])).toContain(
      "No score yet for B, C, D and 2 more:",
    );
    expect(waitingFor([unit("Ann", 0), unit("Bo", 0)])).toBeNull();
    expect(waitingFor([unit("Ann", 50), unit("Bo", 0, true)])).toBeNull();
    expect(waitingFor([{ names: ["Ann", "Bo"], score: 0 }, unit("Cy", 50)])).toContain("No score yet for Ann & Bo:");
  });
});

describe("payoutPreview", () => {
  const e = (id: number, team: number | null, score: number, division = "MA1") => ({ id, team, score, division, name: `P${id}` });

  it("a doubles round: one field, a group per team with its place and payout, the stored payouts", () => {
    const entries = [e(1, 1, 50), e(2, 1, 50, "FPO"), e(3, 2, 52), e(4, 2, 52, "FPO"), e(5, 3, 55)];
    const preview = payoutPreview(entries, 450);
    expect(preview.byEntry).toEqual(payoutsByEntry(entries, 450));
    expect(preview.field).toMatch(/^Doubles: 3 teams · Pool \$22\.50 · Paid /);
    expect(preview.groups.map((g) => [g.title, g.entryIds])).toEqual([
      ["Team 1", [1, 2]],
      ["Team 2", [3, 4]],
      ["Team 3", [5]],
    ]);
    expect(preview.groups[2]?.detail).toMatch(/^P5 \(cali\) · 3 of 3 · team payout \$0\.00$/);
  });

  it("singles: a group per division with its pool, or who holds it up", () => {
    const preview = payoutPreview([e(1, null, 50), e(2, null, 0), e(3, null, 49, "FPO")], 450);
    expect(preview.field).toBeNull();
    expect(preview.groups.map((g) => g.detail)).toEqual([
      "2 · No score yet for P2: enter their score, or withdraw them if they did not play.",
      "1 · Pool $4.50 · Paid $4.50 · Rounding $0.00",
    ]);
  });
});
