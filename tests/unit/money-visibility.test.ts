import { describe, expect, it } from "vitest";
import { ANONYMOUS, moneyViewFor, showsMoneyOf, shownBalances } from "~/lib/money/money-visibility";

const player = { signedIn: true, isAdmin: false, playerId: 7 };
const unclaimed = { signedIn: true, isAdmin: false, playerId: null };
const admin = { signedIn: true, isAdmin: true, playerId: null };
const rows = [
  { id: 7, balanceCents: 1250 },
  { id: 8, balanceCents: -300 },
];

describe("who sees the league's money (moneyVisibility)", () => {
  it("everyone: every viewer sees every balance, and the page says nothing", () => {
    for (const viewer of [ANONYMOUS, player, unclaimed, admin]) {
      const view = moneyViewFor("everyone", viewer);
      expect(view).toMatchObject({ all: true, hidden: null });
      expect(shownBalances(rows, view)).toEqual(rows);
    }
  });

  it("signed-in players: a visitor sees none and is told to log in; any signed-in user sees all", () => {
    const visitor = moneyViewFor("players", ANONYMOUS);
    expect(visitor).toMatchObject({ all: false, signedIn: false });
    expect(visitor.hidden).toMatch(/signed-in players: log in/);
    expect(shownBalances(rows, visitor).map((r) => r.balanceCents)).toEqual([null, null]);
    for (const viewer of [player, unclaimed, admin]) expect(moneyViewFor("players", viewer).all).toBe(true);
  });

  it("admins only: a player sees their own balance and no one else's; an admin sees all", () => {
    const view = moneyViewFor("admins", player);
    expect(view).toMatchObject({ all: false, signedIn: true, ownPlayerId: 7 });
    expect(view.hidden).toMatch(/admins only/);
    expect(shownBalances(rows, view)).toEqual([
      { id: 7, balanceCents: 1250 },
      { id: 8, balanceCents: null },
    ]);
    expect(showsMoneyOf(view, 7)).toBe(true);
    expect(showsMoneyOf(view, 8)).toBe(false);
    expect(showsMoneyOf(moneyViewFor("admins", unclaimed), null)).toBe(false);
    expect(shownBalances(rows, moneyViewFor("admins", ANONYMOUS)).map((r) => r.balanceCents)).toEqual([null, null]);
    expect(shownBalances(rows, moneyViewFor("admins", admin))).toEqual(rows);
  });
});
