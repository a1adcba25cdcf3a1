// Who sees the league's balances and transfers (the `moneyVisibility` setting, ADR 25):
// everyone, signed-in players, or admins only; a signed-in player always sees their own.
// The pages, the /api and the home page decide it here. No zod, no server code: pages
// that hide money import the wording too.
import type { MoneyVisibility } from "../settings/league-settings";

/** Who is looking: signed in or not, in an admin session, and the player their approved claim links them to. */
export type Viewer = { signedIn: boolean; isAdmin: boolean; playerId: number | null };

export const ANONYMOUS: Viewer = { signedIn: false, isAdmin: false, playerId: null };

/**
 * What a request may see: `all` every balance and transfer; otherwise only the money of
 * `ownPlayerId`, and `hidden` says on the page who may see the rest.
 */
export type MoneyView = { all: boolean; signedIn: boolean; ownPlayerId: number | null; hidden: string | null };

/** A row whose balance may be hidden from the viewer (null). */
export type WithShownBalance<T extends { balanceCents: number }> = Omit<T, "balanceCents"> & { balanceCents: number | null };

const HIDDEN: Record<Exclude<MoneyVisibility, "everyone">, string> = {
  players: "Balances and transfers are shown to signed-in players: log in to see them.",
  admins: "Balances and transfers are shown to the league's admins only.",
};

export function moneyViewFor(visibility: MoneyVisibility, viewer: Viewer): MoneyView {
  const base = { signedIn: viewer.signedIn, ownPlayerId: viewer.playerId };
  if (visibility === "everyone") return { ...base, all: true, hidden: null };
  const all = visibility === "players" ? viewer.signedIn : viewer.isAdmin;
  return { ...base, all, hidden: all ? null : HIDDEN[visibility] };
}

/** Whether the view shows this player's money: every player's, or their own. */
export const showsMoneyOf = (view: MoneyView, playerId: number | null): boolean =>
  view.all || (playerId !== null && view.ownPlayerId === playerId);

/** A player's balance as the view shows it: null where it is hidden. */
export function shownBalance<T extends { id: number; balanceCents: number }>(row: T, view: MoneyView): WithShownBalance<T> {
  return showsMoneyOf(view, row.id) ? row : { ...row, balanceCents: null };
}

export const shownBalances = <T extends { id: number; balanceCents: number }>(rows: readonly T[], view: MoneyView) =>
  rows.map((row) => shownBalance(row, view));
