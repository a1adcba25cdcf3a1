import { cachePublic } from "./cache";
import { subApp } from "./context";
import { EntriesRoundParam, RoundIdListParam } from "./params";
import { entryJson } from "./serializers/entries";
import { requireUser } from "./auth";
import { body, param } from "./validate";
import { AppError } from "~/.server/errors";
import { entriesForRound, entriesForRounds, entryById } from "~/.server/services/entries";
import { signUpWithCredit } from "~/.server/services/signup";
import { toDollars } from "./serializers/money";
import { SignUpSchema } from "~/schemas/entries";

export const entriesApi = subApp()
  .get("/multi/:ids", param(RoundIdListParam), async (c) => {
    const list = await entriesForRounds(c.var.db, c.req.valid("param").ids);
    cachePublic(c, "entries", "players", "rounds");
    return c.json(list.map(entryJson));
  })
  .get("/:roundId", param(EntriesRoundParam), async (c) => {
    const list = await entriesForRound(c.var.db, c.req.valid("param").roundId);
    cachePublic(c, "entries", "players", "rounds");
    return c.json(list.map(entryJson));
  })
  // A user's sign-up (spec §7). Paid by credit here; the PayPal capture comes with issue 11's next step.
  .post("/", requireUser, body(SignUpSchema), async (c) => {
    const v = c.req.valid("json");
    if (v.method !== "credit") throw new AppError("bad_request", "PayPal sign-up is not available yet: use league credit.");
    const { entryId, quote } = await signUpWithCredit(c.var.db, {
      userId: c.var.session.user.id,
      playerId: v.player_id,
      roundId: v.round_id,
      division: v.division,
      ace: v.ace,
      creditRequestedCents: v.credit_used,
    });
    return c.json(
      {
        success: true,
        entry: entryJson(await entryById(c.var.db, entryId)),
        total: toDollars(quote.totalCents),
        credit_used: toDollars(quote.creditUsedCents),
      },
      201,
    );
  });
