// CTP distances in the league's unit (ADR 30, amended by ADR 39): stored in centimetres,
// typed and shown in feet unless the league chooses metres. The phone's form says which
// unit it asked in, so a setting changed while it was open cannot misread the number.
import { afterEach, describe, expect, it } from "vitest";
import { DAY, makeTransfer, nowSec, testDb, uniq } from "../fixtures";
import { type LiveCardFixture, type LivePlayer, change, makeLiveRound, postOk } from "../live-fixtures";
import { h, renderHtml, textOf } from "../render-fixtures";
import { argsWith, outcome } from "../route-fixtures";
import type { Session } from "~/.server/auth/current-user";
import { roundPots } from "~/.server/services/sidepots/pot-view";
import { choosePot } from "~/.server/services/entries/pot-opt-in";
import { addPot } from "~/.server/services/sidepots/side-pots";
import { updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { RoundPots } from "~/components/sidepots/pot-summary";
import { CtpPanel } from "~/components/sidepots/ctp-panel";
import { cmFrom, distanceLabel } from "~/lib/sidepots/distances";
import * as scorePage from "~/routes/round-score";

const db = () => testDb();
const nameOf = (p: LivePlayer) => `${p.player.firstName} ${p.player.lastName}`;

function sessionOf(p: LivePlayer): Session {
  const { user } = p;
  return {
    user: { id: user.id, name: user.name, email: user.email, isOperator: false, linkedPlayerId: p.player.id, claimStatus: "approved" },
    leagueId: 1,
    leagueRole: null,
    loginKind: "user",
    sessionId: uniq(),
    expiresAt: nowSec() + DAY,
  };
}

/** The phone's "Record CTP" as its form posts it: `distance` typed in `unit` (no unit: a form from before the setting). */
async function mark(roundId: number, potId: number, by: LivePlayer, who: LivePlayer, fields: { distance?: string; unit?: string }) {
  const form: Record<string, string> = { intent: "ctp", pot_id: String(potId), hole: "3", entry_id: String(who.entry.id), ...fields };
  const path = `/rounds/${roundId}/score`;
  const request = new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(form) });
  const res = await outcome(scorePage.action(argsWith(sessionOf(by), request, { roundId: String(roundId) })));
  return { status: res.status, said: (res.data?.success ?? res.data?.formError ?? res.data?.fieldErrors?.distance) as string };
}

const play = (roundId: number, card: LiveCardFixture) =>
  postOk(
    roundId,
    card.players[0].token,
    card.players.map((p) => change.strokes(p.entry.id, 3, 3)),
  );

/** One published card of two (A, B), both in a $2 CTP on hole 3, the card past hole 3. */
async function ctpCard() {
  const f = await makeLiveRound([2]);
  const [a, b] = f.cards[0].players;
  const potId = await addPot(db(), f.round.id, { name: `CTP ${uniq()}`, kind: "ctp", buyInCents: 200, holes: [3] });
  for (const p of [a, b]) {
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.player.id, amountCents: 1_000 });
    await choosePot(db(), f.round.id, { potId, entryId: p.entry.id, join: true, fromCredit: true });
  }
  await play(f.round.id, f.cards[0]);
  return { roundId: f.round.id, potId, a, b };
}

const held = async (roundId: number, potId: number) =>
  (await roundPots(db(), roundId)).find((p) => p.id === potId)?.holders[0]?.holders.map((x) => [x.entryId, x.distanceCm]);

afterEach(() => updateLeagueSettings(db(), { distanceUnit: "ft" }));

describe("the units", () => {
  it("read feet with one decimal and metres with two; typed values become whole centimetres", () => {
    expect(distanceLabel(229, "ft")).toBe("7.5 ft");
    expect(distanceLabel(235, "m")).toBe("2.35 m");
    expect(distanceLabel(null, "ft")).toBe("");
    expect(cmFrom(7.5, "ft")).toBe(229);
    expect(cmFrom(2.35, "m")).toBe(235);
  });
});

describe("a league in feet (the default)", () => {
  it("asks for feet, stores centimetres, and says feet in its answers and refusals", async () => {
    const { roundId, potId, a, b } = await ctpCard();
    const pots = await roundPots(db(), roundId);
    expect(pots[0]?.distanceUnit).toBe("ft");
    const phone = textOf(renderHtml(h(CtpPanel, { pots, onCard: [a, b].map((p) => ({ entryId: p.entry.id, name: nameOf(p) })) })));
    expect(phone).toContain("Distance in feet (optional)");

    expect(await mark(roundId, potId, a, b, { distance: "7.5", unit: "ft" })).toEqual({
      status: 200,
      said: `CTP on hole 3: ${nameOf(b)} at 7.5 ft.`,
    });
    expect(await held(roundId, potId)).toEqual([[b.entry.id, 229]]);
    expect(await mark(roundId, potId, a, a, { distance: "8", unit: "ft" })).toEqual({
      status: 409,
      said: `Hole 3 is held by ${nameOf(b)} at 7.5 ft: only a shorter distance beats it.`,
    });
    const page = textOf(renderHtml(h(RoundPots, { pots: await roundPots(db(), roundId) })));
    expect(page).toContain(`Hole 3: ${nameOf(b)} 7.5 ft`);
  });

  it("refuses what is not a distance in feet, naming the unit, and records nothing", async () => {
    const { roundId, potId, a, b } = await ctpCard();
    for (const [distance, said] of [
      ["far", "Distance is a number of feet, like 7.5"],
      ["331", "Distance is at most 330 ft"],
      ["-1", "Distance cannot be negative"],
    ]) {
      expect(await mark(roundId, potId, a, b, { distance, unit: "ft" }), distance).toEqual({ status: 400, said });
    }
    expect(await mark(roundId, potId, a, b, { distance: "3", unit: "yards" })).toMatchObject({ status: 400 });
    expect(await held(roundId, potId)).toEqual([]);
  });
});

describe("a league in metres", () => {
  it("asks for metres and shows every distance in metres, the ones typed in feet too", async () => {
    const { roundId, potId, a, b } = await ctpCard();
    // Typed in feet on a page drawn before the league changed its unit: read as feet.
    expect(await mark(roundId, potId, a, b, { distance: "10", unit: "ft" })).toMatchObject({ status: 200 });
    await updateLeagueSettings(db(), { distanceUnit: "m" });
    const pots = await roundPots(db(), roundId);
    expect(pots[0]?.distanceUnit).toBe("m");
    expect(textOf(renderHtml(h(RoundPots, { pots })))).toContain(`Hole 3: ${nameOf(b)} 3.05 m`);
    const phone = textOf(renderHtml(h(CtpPanel, { pots, onCard: [a, b].map((p) => ({ entryId: p.entry.id, name: nameOf(p) })) })));
    expect(phone).toContain("Distance in metres (optional)");

    expect(await mark(roundId, potId, a, a, { distance: "2.35", unit: "m" })).toEqual({
      status: 200,
      said: `CTP on hole 3: ${nameOf(a)} at 2.35 m.`,
    });
    expect(await held(roundId, potId)).toEqual([[a.entry.id, 235]]);
    expect(await mark(roundId, potId, a, b, { distance: "100.5", unit: "m" })).toEqual({ status: 400, said: "Distance is at most 100 m" });
  });

  it("reads a form without a unit (drawn before the setting existed) in metres, as it asked", async () => {
    const { roundId, potId, a, b } = await ctpCard();
    expect(await mark(roundId, potId, a, b, { distance: "2" })).toEqual({ status: 200, said: `CTP on hole 3: ${nameOf(b)} at 6.6 ft.` });
    expect(await held(roundId, potId)).toEqual([[b.entry.id, 200]]);
  });
});
