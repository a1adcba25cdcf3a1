import type { Context } from "hono";
import type { ApiEnv } from "./context";
import { optionalSessionOf } from "./auth";
import { AppError } from "~/.server/errors";
import { moneyView } from "~/.server/services/money/money-view";
import { type MoneyView, showsMoneyOf } from "~/lib/money/money-visibility";

/** The request's view of the league's money: the setting and the token's session, read together. */
export function apiMoneyView(c: Context<ApiEnv>): Promise<MoneyView> {
  return moneyView(c.var.db, () => optionalSessionOf(c.req.raw, c.var.db, c.env, c.var.league.id));
}

/**
 * Transfers the view hides are refused, saying who may see them: 401 to a visitor (logging
 * in may be enough), 403 to a signed-in user. `playerId`: one player's transfers, which
 * that player always sees.
 */
export function requireMoneyShown(view: MoneyView, playerId: number | null = null) {
  if (showsMoneyOf(view, playerId)) return;
  throw new AppError(view.signedIn ? "forbidden" : "unauthorized", view.hidden ?? "Transfers are hidden");
}
