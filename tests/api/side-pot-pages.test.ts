// The side pots' pages (ADR 30): the night screen's forms add a pot, put a player in from
// their credit, settle a hole; the phone's card records a CTP for a cardmate, refuses one
// for a player on another card; the round page shows the holders to everyone.
import { describe, expect, it } from "vitest";
import { argsFor, argsWith, outcome } from "../route-fixtures";
import { makeLiveRound } from "../live-fixtures";
import { DAY, balanceOf, makeTransfer, nowSec, testDb, uniq } from "../fixtures";
import { marksOf, playHole } from "../sidepot-fixtures";
import { expectBooksBalance } from "../money-fixtures";
import type { Session } from "~/.server/auth/current-user";
import { sidePots } from "~/.server/db/schema";
import { eq } from "drizzle-orm";
import * as roundPage from "~/routes/round";
import * as scorePage from "~/routes/round-score";
import * as nightPage from "~/routes/admin-round-night";

function playerSession(user: { id: number; name: string; email: string }, playerId: number): Session {
  return {
    user: { id: user.id, name: user.name, email: user.email, isOperator: false, linkedPlayerId: playerId, claimStatus: "approved" },
    leagueId: 1,
    leagueRole: null,
    loginKind: "user",
    sessionId: uniq(),
    expiresAt: nowSec() + DAY,
  };
}

const night = async (roundId: number, form: Record<string, string>) =>
  outcome(nightPage.action(await argsFor("admin", `/admin/round/night/${roundId}`, form, { roundId: String(roundId) })));

const ctpPost = (session: Session, roundId: number, form: Record<string, string>) =>
  outcome(
    scorePage.action(
      argsWith(session, new Request(`http://localhost/rounds/${roundId}/score`, { method: "POST", body: new URLSearchParams(form) }), {
        roundId: String(roundId),
      }),
    ),
  );

describe("side pots on the night screen and the card", () => {
  it("runs a CTP from the admin's pot to a cardmate's mark, shown on the round page", async () => {
    const live = await makeLiveRound([2, 1]);
    const [a, b] = live.cards[0].players;
    const [c] = live.cards[1].players;
    const roundId = live.round.id;
    const name = `CTP ${uniq()}`;
    expect((await night(roundId, { intent: "addPot", name, kind: "ctp", buy_in: "2", holes: "3, 7" })).data.success).toContain(name);
    const [pot] = await testDb().select().from(sidePots).where(eq(sidePots.name, name));
    for (const x of [a, b, c]) {
      await makeTransfer({ fromPlayerId: null, toPlayerId: x.player.id, amountCents: 500 });
      const joined = await night(roundId, {
        intent: "potPlayer",
        pot_id: String(pot.id),
        entry_id: String(x.entry.id),
        join: "1",
        from_credit: "on",
      });
      expect(joined.data.success).toContain("paid from credit");
    }
    expect(await balanceOf(a.player.id)).toBe(300);

    // Once their card has played hole 3, A marks their cardmate B; C, on another card, cannot mark B.
    await playHole(roundId, live.cards[0], 3);
    const marked = await ctpPost(playerSession(a.user, a.player.id), roundId, {
      intent: "ctp",
      pot_id: String(pot.id),
      hole: "3",
      entry_id: String(b.entry.id),
      unit: "ft",
      distance: "4",
    });
    expect(marked.data.success).toBe(`CTP on hole 3: ${b.player.firstName} ${b.player.lastName} at 4.0 ft.`);
    const foreign = await ctpPost(playerSession(c.user, c.player.id), roundId, {
      intent: "ctp",
      pot_id: String(pot.id),
      hole: "3",
      entry_id: String(b.entry.id),
    });
    expect(foreign.status).toBe(403);
    expect((await marksOf(pot.id)).map((m) => [m.entryId, m.distanceCm])).toEqual([[b.entry.id, 122]]);

    // The admin settles hole 7 as a tie; the round page shows both holes to a visitor.
    const settled = await night(roundId, {
      intent: "settleHole",
      pot_id: String(pot.id),
      hole: "7",
      winner: String(a.entry.id),
      tie_with: String(c.entry.id),
    });
    expect(settled.status).toBe(200);
    const page = await outcome(roundPage.loader(await argsFor("nobody", `/rounds/${roundId}`, undefined, { roundId: String(roundId) })));
    const shown = page.data.sidePots.find((p: { id: number }) => p.id === pot.id);
    expect(shown.prizeCents).toBe(600);
    expect(shown.holders.map((h: { holders: { entryId: number }[] }) => h.holders.map((x) => x.entryId))).toEqual([
      [b.entry.id],
      [a.entry.id, c.entry.id],
    ]);
    await expectBooksBalance();
  });

  it("refuses the night screen's pot forms to a player and a visitor", async () => {
    const live = await makeLiveRound([1]);
    for (const who of ["player", "nobody"] as const) {
      const res = await outcome(
        nightPage.action(
          await argsFor(
            who,
            `/admin/round/night/${live.round.id}`,
            { intent: "addPot", name: "X", kind: "custom", buy_in: "1" },
            { roundId: String(live.round.id) },
          ),
        ),
      );
      // A player is sent home, a visitor to the login.
      expect(res.status).toBe(302);
      expect(res.location).toMatch(who === "player" ? /^\/$/ : /login/);
    }
    expect(await testDb().select().from(sidePots).where(eq(sidePots.roundId, live.round.id))).toEqual([]);
  });
});
