import { z } from "./zod";
import { bodyIdSchema, epochSecondsSchema, optionalBodyIdSchema } from "./ids";
import { LedgerAmountSchema, TransferDescriptionSchema } from "./ledger";
import { PlayerValuesSchema } from "./players";
import { RoundValuesSchema, locationRule } from "./rounds";
import { missingVersion, versionSchema } from "./version";

// The /api's request bodies that name fields by the old spec's abbreviations (fn, ln, d, n,
// loc, amt). Each is checked under the wire's names, with the same rules and messages as
// the forms' fields, then handed on in the domain's words: Hono handlers and services
// never see a wire name. The only other place that speaks the wire is the serializers
// (workers/api/serializers/); scripts/check-names.mjs keeps it so.

const { firstName, lastName, pdga, division, inactive } = PlayerValuesSchema.shape;

/** A player's values as the /api sends them: the names as fn and ln. */
const PlayerWireSchema = z
  .object({ fn: firstName, ln: lastName, pdga, division, inactive }, { error: "values is required" })
  .transform(({ fn, ln, ...values }) => ({ firstName: fn, lastName: ln, ...values }));

/** POST /api/players/addNew {values}. */
export const NewPlayerSchema = z.object({ values: PlayerWireSchema });

/** POST /api/admin/player/ {id?, values}: saves the player with `id`, or adds one without. */
export const SavePlayerSchema = z.object({ id: bodyIdSchema("player id").nullish(), values: PlayerWireSchema });

/** The new player of POST /api/admin/entry/add's values ({fn, ln, pdga}), created with the entry. */
export const NewEntryPlayerSchema = z
  .object({ fn: firstName, ln: lastName, pdga }, { error: "values is required" })
  .transform(({ fn, ln, pdga }) => ({ firstName: fn, lastName: ln, pdga }));

const { startsAt, name, location, ...fees } = RoundValuesSchema.shape;

/**
 * POST /api/admin/round/ {id?, version?, d, n, loc, layout_id?, ...fees}: saves the round
 * with `id` over the `version` it was read at (required with an id, ADR 20), or creates one.
 * `layout_id` null clears the layout, left out keeps it; with one, `loc` may be left out.
 */
export const SaveRoundSchema = z
  .object({
    d: startsAt,
    n: name,
    loc: location,
    ...fees,
    id: bodyIdSchema("round id").nullish(),
    version: versionSchema("round").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.id && v.version === undefined) {
      ctx.addIssue({ code: "custom", path: ["version"], message: missingVersion("round") });
    }
  })
  .refine(...locationRule("loc"))
  .transform(({ d, n, loc, id, version, ...values }) => ({ id, version, values: { startsAt: d, name: n, location: loc, ...values } }));

/** POST /api/transfers/add {values: {d, fromPlayer, toPlayer, amt, description}}: date and amount required; an empty side is the league. */
export const TransferAddSchema = z.object({
  values: z
    .object(
      {
        d: epochSecondsSchema("Date"),
        fromPlayer: optionalBodyIdSchema("from player"),
        toPlayer: optionalBodyIdSchema("to player"),
        amt: LedgerAmountSchema,
        description: TransferDescriptionSchema,
      },
      { error: "values is required" },
    )
    .transform(({ d, fromPlayer, toPlayer, amt, description }) => ({
      date: d,
      fromPlayerId: fromPlayer,
      toPlayerId: toPlayer,
      amountCents: amt,
      description,
    })),
});

/** POST /api/ace/add {values: {d, player, amt, hole?}}: the first three required; the hole only tells the league (ADR 49). */
export const AceAddSchema = z.object({
  values: z
    .object(
      {
        d: epochSecondsSchema("Date"),
        player: bodyIdSchema("player"),
        amt: LedgerAmountSchema,
        hole: z.number({ error: "hole must be a whole number from 1 to 99" }).int().min(1).max(99).optional(),
      },
      { error: "values is required" },
    )
    .transform(({ d, player, amt, hole }) => ({ ace: { date: d, playerId: player, amountCents: amt }, hole })),
});
