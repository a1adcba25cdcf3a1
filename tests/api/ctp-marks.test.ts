// Who holds a CTP hole (ADR 30 as amended): a mark is taken only while the round is scored
// live, from a cardmate of the marked player (or the admin), once that card has a score on
// the hole; a measured mark is beaten only by a shorter one or the organiser's settle; an
// unmeasured mark never replaces a measured one, and between two unmeasured the first
// stands. The night screen lists holes "to measure", Credit payouts asks before paying them,
// and a player taken out of a pot no longer holds its holes.
import { describe, expect, it } from "vitest";
import { call, expectStatus } from "../auth-fixtures";
import { DAY, makeTransfer, nowSec, refusal, testDb, uniq } from "../fixtures";
import { type LiveCardFixture, type LivePlayer, change, makeLiveRound, postOk } from "../live-fixtures";
import { h, renderHtml, textOf } from "../render-fixtures";
import { argsFor, argsWith, outcome } from "../route-fixtures";
import { marksOf } from "../sidepot-fixtures";
import { entries } from "~/.server/db/schema";
import type { Session } from "~/.server/auth/current-user";
import { roundPots } from "~/.server/services/sidepots/pot-view";
import { choosePot } from "~/.server/services/entries/pot-opt-in";
import { addPot } from "~/.server/services/sidepots/side-pots";
import { updateEntries } from "~/.server/services/entries/entry-admin";
import { creditPayouts } from "~/.server/services/entries/payouts";
import { SidePotsAdmin } from "~/components/sidepots/side-pots-admin";
import * as scorePage from "~/routes/round-score";
import * as nightPage from "~/routes/admin-round-night";
import { eq } from "drizzle-orm";

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

/** The phone's "Record CTP": `by` marks `who` on `hole`, at `feet` when measured (the league's default unit, ADR 39). */
async function mark(roundId: number, potId: number, by: LivePlayer | "admin", who: LivePlayer, hole: number, feet?: string) {
  const form = {
    intent: "ctp",
    pot_id: String(potId),
    hole: String(hole),
    entry_id: String(who.entry.id),
    unit: "ft",
    distance: feet ?? "",
  };
  const path = `/rounds/${roundId}/score`;
  const args =
    by === "admin"
      ? await argsFor("admin", path, form, { roundId: String(roundId) })
      : argsWith(sessionOf(by), new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(form) }), {
          roundId: String(roundId),
        });
  const res = await outcome(scorePage.action(args));
  return { status: res.status, said: (res.data?.success ?? res.data?.formError) as string };
}

/** A card's first player scores `hole` for everyone on it: the card has a score there. */
const play = (roundId: number, card: LiveCardFixture, hole: number) =>
  postOk(
    roundId,
    card.players[0].token,
    card.players.map((p) => change.strokes(p.entry.id, hole, 3)),
  );

/** Two published cards of two (A, B; C, D), all four in a $2 CTP on holes 3 and 7 from their credit. */
async function ctpNight(opts: { published?: boolean } = {}) {
  const f = await makeLiveRound([2, 2], opts);
  const [a, b] = f.cards[0].players;
  const [c, d] = f.cards[1].players;
  const potId = await addPot(db(), f.round.id, { name: `CTP ${uniq()}`, kind: "ctp", buyInCents: 200, holes: [3, 7] });
  for (const p of [a, b, c, d]) {
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.player.id, amountCents: 1_000 });
    await choosePot(db(), f.round.id, { potId, entryId: p.entry.id, join: true, fromCredit: true });
  }
  return { f, potId, a, b, c, d, one: f.cards[0], two: f.cards[1] };
}

const holders = async (roundId: number, potId: number, hole: number) =>
  (await roundPots(db(), roundId)).find((p) => p.id === potId)?.holders.find((x) => x.hole === hole)?.holders ?? [];

describe("a CTP mark", () => {
  it("is taken only while the round is live and once the marked player's card has a score on the hole", async () => {
    const draft = await ctpNight({ published: false });
    expect(await mark(draft.f.round.id, draft.potId, draft.a, draft.a, 3, "1.0")).toMatchObject({ status: 409 });

    const { f, potId, a, b, one } = await ctpNight();
    expect(await mark(f.round.id, potId, a, b, 3, "1.2")).toEqual({
      status: 409,
      said: "Card 1 has no score on hole 3 yet: mark the CTP once the card has played it.",
    });
    expect(await mark(f.round.id, potId, "admin", b, 3, "1.2")).toMatchObject({ status: 409 });
    await play(f.round.id, one, 3);
    expect(await mark(f.round.id, potId, a, b, 3, "1.2")).toEqual({ status: 200, said: `CTP on hole 3: ${nameOf(b)} at 1.2 ft.` });
    expect(await marksOf(potId)).toHaveLength(1);
  });

  it("comes from a cardmate of the marked player or the admin, not from another card", async () => {
    const { f, potId, a, c, one } = await ctpNight();
    await play(f.round.id, one, 3);
    expect(await mark(f.round.id, potId, c, a, 3, "1.0")).toMatchObject({ status: 403 });
    expect(await mark(f.round.id, potId, "admin", a, 3, "1.0")).toMatchObject({ status: 200 });
  });

  it("with a distance is beaten only by a shorter one; one without never replaces it", async () => {
    const { f, potId, a, c, one, two } = await ctpNight();
    await play(f.round.id, two, 3);
    expect(await mark(f.round.id, potId, c, c, 3, "2.0")).toMatchObject({ status: 200 });
    await play(f.round.id, one, 3);
    const held = `Hole 3 is held by ${nameOf(c)} at 2.0 ft: only a shorter distance beats it.`;
    expect(await mark(f.round.id, potId, a, a, 3)).toEqual({ status: 409, said: held });
    expect(await mark(f.round.id, potId, a, a, 3, "2.5")).toEqual({ status: 409, said: held });
    expect(await mark(f.round.id, potId, a, a, 3, "2.0")).toEqual({ status: 409, said: held });
    expect((await holders(f.round.id, potId, 3)).map((h) => [h.entryId, h.distanceCm])).toEqual([[c.entry.id, 61]]);
    expect(await mark(f.round.id, potId, a, a, 3, "1.5")).toMatchObject({ status: 200 });
    expect((await holders(f.round.id, potId, 3)).map((h) => [h.entryId, h.distanceCm])).toEqual([[a.entry.id, 46]]);
  });

  it("without a distance: the first stands against another without until the organiser settles", async () => {
    const { f, potId, a, c, one, two } = await ctpNight();
    await play(f.round.id, one, 7);
    await play(f.round.id, two, 7);
    expect(await mark(f.round.id, potId, a, a, 7)).toMatchObject({ status: 200 });
    expect(await mark(f.round.id, potId, c, c, 7)).toEqual({
      status: 409,
      said: `Hole 7 is held by ${nameOf(a)}, marked first without a distance: measure it to beat it, or ask the organiser to settle it.`,
    });
    // A measured mark beats an unmeasured one.
    expect(await mark(f.round.id, potId, c, c, 7, "3.1")).toMatchObject({ status: 200 });
    expect((await holders(f.round.id, potId, 7)).map((h) => h.entryId)).toEqual([c.entry.id]);
  });
});

describe("holes to measure", () => {
  it("are listed on the night screen, and Credit payouts asks before paying them", async () => {
    const { f, potId, a, b, one } = await ctpNight();
    await play(f.round.id, one, 7);
    await mark(f.round.id, potId, a, b, 7);
    const pots = await roundPots(db(), f.round.id);
    const night = textOf(renderHtml(h(SidePotsAdmin, { pots, entries: [] })));
    expect(night).toContain(`Hole 7: ${nameOf(b)} · to measure`);

    // Scores in; Credit payouts asks first, then pays as it stands when told to.
    const rows = await db().select().from(entries).where(eq(entries.roundId, f.round.id));
    await updateEntries(
      db(),
      rows.map((e, i) => ({ id: e.id, version: e.version, value: { score: 50 + i } })),
    );
    const asked = await refusal(creditPayouts(db(), f.round.id));
    expect(asked).toMatchObject({ status: 409 });
    expect(asked.message).toBe(
      `Not measured yet: ${pots[0]?.name} hole 7 (${nameOf(b)}). Measure it or settle it on the night screen, or confirm to pay it as it stands.`,
    );
    expect((await marksOf(potId)).length).toBe(1);
    const api = await call("POST", "/api/admin/entry/creditPayouts", { token: f.adminToken, body: { round_id: f.round.id } });
    expect(api.status).toBe(409);
    await expectStatus(
      await call("POST", "/api/admin/entry/creditPayouts", {
        token: f.adminToken,
        body: { round_id: f.round.id, confirm_unmeasured: true },
      }),
      200,
    );
  });
});

describe("a player taken out of a pot", () => {
  it("no longer holds its holes", async () => {
    const { f, potId, a, one } = await ctpNight();
    await play(f.round.id, one, 3);
    await mark(f.round.id, potId, a, a, 3, "0.9");
    expect((await holders(f.round.id, potId, 3)).map((h) => h.entryId)).toEqual([a.entry.id]);
    await choosePot(db(), f.round.id, { potId, entryId: a.entry.id, join: false, fromCredit: false });
    expect(await holders(f.round.id, potId, 3)).toEqual([]);
    expect(await marksOf(potId)).toEqual([]);
    const page = await outcome(
      nightPage.loader(await argsFor("admin", `/admin/round/night/${f.round.id}`, undefined, { roundId: String(f.round.id) })),
    );
    expect(textOf(renderHtml(h(SidePotsAdmin, { pots: page.data.sidePots, entries: [] })))).not.toContain(`${nameOf(a)} 0.90 m`);
  });
});
