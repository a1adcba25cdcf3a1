import { z } from "./zod";
import { NewEntryPlayerSchema } from "./api-wire";
import { AceFlagSchema, DivisionSchema, OverCapSchema } from "./entries";
import { bodyIdSchema, epochSecondsSchema } from "./ids";
import { MoreThanOwedSchema, NoteSchema, RequestKeySchema, walkUpDollarsSchema, walkUpPays } from "./money-actions";
import { versionSchema } from "./version";
import { CARD_MODES } from "../lib/cards/cards";
import { DRAW_MODES } from "../lib/doubles/doubles";
import { choiceValues } from "../lib/settings/league-settings";

// The league night's /api bodies (ADR 25), read into the domain's words: check-in, the
// walk-up, and the writes of a round's cards, each carrying the cards_version it read.

const entryId = bodyIdSchema("entry id");
const flag = (what: string) => z.boolean({ error: `${what} must be true or false` });

/** POST /api/rounds/{id}/check-in {use_credit?, entry_id?}: the signed-in player's own entry. */
export const PlayerCheckInSchema = z
  .object({ use_credit: flag("use_credit").optional(), entry_id: entryId.optional() })
  .transform((v) => ({ useCredit: v.use_credit ?? false, entryId: v.entry_id ?? null }));

/** POST /api/admin/rounds/{id}/check-in {entry_id}. */
export const AdminCheckInSchema = z.object({ entry_id: entryId }).transform((v) => ({ entryId: v.entry_id }));

/**
 * The walk-up's player and money, however they came (the /api's body or the night screen's
 * form): `amount` the cash taken, `credit` what the player's league credit pays (ADR 38);
 * either may be left out, not both.
 */
const walkUpMoney = {
  division: DivisionSchema,
  ace: AceFlagSchema.default(true),
  amount: walkUpDollarsSchema("Amount"),
  credit: walkUpDollarsSchema("Credit"),
  note: NoteSchema,
  request_key: RequestKeySchema,
  more_than_owed: MoreThanOwedSchema,
  over_cap: OverCapSchema,
};

/** POST /api/admin/rounds/{id}/walk-up: `player_id`, or `new_player` {fn, ln, pdga} to make one; the cash taken, the credit used, and its key. */
export const WalkUpSchema = z
  .object({ player_id: bodyIdSchema("player id").nullish(), new_player: NewEntryPlayerSchema.nullish(), ...walkUpMoney })
  .refine((v) => Boolean(v.player_id) !== Boolean(v.new_player), { message: "Send player_id or new_player", path: ["player_id"] })
  .superRefine(walkUpPays)
  .transform((v) => ({
    player: v.player_id ? { id: v.player_id } : (v.new_player as { firstName: string; lastName: string; pdga: string | null }),
    division: v.division,
    ace: v.ace,
    creditCents: v.credit,
    cash: { amountCents: v.amount, note: v.note, requestKey: v.request_key, moreThanOwed: v.more_than_owed },
    overCap: v.over_cap,
  }));

export const CardModeSchema = z.enum(CARD_MODES as [string, ...string[]], {
  error: "mode must be random, rating or division",
}) as z.ZodType<(typeof CARD_MODES)[number]>;
export const CardStartSchema = z.enum(choiceValues("cardStart"), { error: "start must be shotgun or tee_times" });
const cardsVersion = versionSchema("cards");

/** POST /api/admin/rounds/{id}/cards {version, mode?, start?}: make the cards (the league's settings when left out). */
export const MakeCardsSchema = z.object({ version: cardsVersion, mode: CardModeSchema.optional(), start: CardStartSchema.optional() });

/** Most cards and players a round's arrangement may hold: far above a league night (150 players make 38 cards). */
export const MAX_CARDS = 200;

const ArrangedCardSchema = z
  .object(
    {
      number: z.number({ error: "number must be a whole number" }).int("number must be a whole number").min(1).max(MAX_CARDS),
      start_hole: z.number({ error: "start_hole must be a hole number" }).int().min(1).max(27).nullish(),
      tee_time: epochSecondsSchema("tee_time").nullish(),
      entry_ids: z.array(entryId, { error: "entry_ids must be a list" }).max(MAX_CARDS),
    },
    { error: "Each card must be an object" },
  )
  .transform((c) => ({ number: c.number, startHole: c.start_hole ?? null, teeTime: c.tee_time ?? null, entryIds: c.entry_ids }));

/** PUT /api/admin/rounds/{id}/cards {version, cards: [{number, start_hole | tee_time, entry_ids}]}: the whole arrangement. */
export const SaveCardsSchema = z.object({
  version: cardsVersion,
  cards: z.array(ArrangedCardSchema, { error: "cards must be a list" }).max(MAX_CARDS, `At most ${MAX_CARDS} cards`),
});

/** POST /api/admin/rounds/{id}/cards/late {entry_id, version}: a late arrival on the smallest card. */
export const LateArrivalSchema = z
  .object({ entry_id: entryId, version: cardsVersion })
  .transform((v) => ({ entryId: v.entry_id, version: v.version }));

/** POST /api/admin/rounds/{id}/cards/publish {version}. */
export const PublishCardsSchema = z.object({ version: cardsVersion });

/** How a doubles round's teams are drawn (ADR 31). */
export const DrawModeSchema = z.enum(DRAW_MODES, { error: "mode must be random or balanced" });

/** POST /api/admin/rounds/{id}/teams {mode, version}: draw (or draw again) from the players checked in. */
export const DrawTeamsSchema = z.object({ version: versionSchema("teams"), mode: DrawModeSchema });

export { flag as flagSchema, walkUpMoney };
