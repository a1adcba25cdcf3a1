// Following a live round (ADR 26) beyond its scores: the round page's side pots (ADR 30)
// reach its spectators over the round's own socket when a phone marks a CTP or the admin
// settles a hole, without a reload.
import { describe, expect, it } from "vitest";
import { argsWith, argsFor, outcome } from "../route-fixtures";
import { DAY, makeTransfer, nowSec, uniq } from "../fixtures";
import { change, postOk, socketOf, twoOnACard } from "../live-fixtures";
import { ctpPot } from "../sidepot-fixtures";
import type { Session } from "~/.server/auth/current-user";
import * as scorePage from "~/routes/round-score";
import * as nightPage from "~/routes/admin-round-night";

const sessionOf = (user: { id: number; name: string; email: string }, playerId: number): Session => ({
  user: { id: user.id, name: user.name, email: user.email, isOperator: false, linkedPlayerId: playerId, claimStatus: "approved" },
  leagueId: 1,
  leagueRole: null,
  loginKind: "user",
  sessionId: uniq(),
  expiresAt: nowSec() + DAY,
});

const post = (path: string, form: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.append(k, v);
  return new Request(`http://localhost${path}`, { method: "POST", body });
};

type PotsFrame = { type: "pots"; pots: { id: number; holders: { hole: number; holders: { name: string }[] }[] }[] };

describe("the side pots of a live round", () => {
  it("a CTP marked on a phone and a hole settled by the admin reach the round page's socket", async () => {
    const { round, a, b } = await twoOnACard();
    for (const p of [a, b]) await makeTransfer({ fromPlayerId: null, toPlayerId: p.player.id, amountCents: 500 });
    const potId = await ctpPot(round.id, [a.entry.id, b.entry.id], { holes: [3] });
    // The card plays hole 3 first: a CTP is marked once the card has a score there (ADR 30).
    await postOk(round.id, a.token, [change.strokes(a.entry.id, 3, 3), change.strokes(b.entry.id, 3, 3)]);
    const spectator = await socketOf(round.id, { spectator: true });
    const from = spectator.frames.length;
    const marked = await outcome(
      scorePage.action(
        argsWith(
          sessionOf(a.user, a.player.id),
          post(`/rounds/${round.id}/score`, {
            intent: "ctp",
            pot_id: String(potId),
            hole: "3",
            entry_id: String(b.entry.id),
            distance: "2",
          }),
          { roundId: String(round.id) },
        ),
      ),
    );
    expect(marked.data).toMatchObject({ success: expect.stringContaining("CTP on hole 3") });
    const frame = (await spectator.next("pots" as never, from)) as unknown as PotsFrame;
    const holders = (f: PotsFrame) => f.pots.find((p) => p.id === potId)?.holders[0]?.holders.map((h) => h.name);
    expect(holders(frame)).toEqual([`${b.player.firstName} ${b.player.lastName}`]);

    const next = spectator.frames.length;
    const settled = await outcome(
      nightPage.action(
        await argsFor(
          "admin",
          `/admin/round/night/${round.id}`,
          { intent: "settleHole", pot_id: String(potId), hole: "3", winner: String(a.entry.id) },
          { roundId: String(round.id) },
        ),
      ),
    );
    expect(settled.data).toMatchObject({ success: expect.any(String) });
    expect(holders((await spectator.next("pots" as never, next)) as unknown as PotsFrame)).toEqual([
      `${a.player.firstName} ${a.player.lastName}`,
    ]);
    spectator.close();
  });
});
