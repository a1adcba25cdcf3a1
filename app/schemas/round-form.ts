import { z } from "./zod";
import { rowLabel } from "../lib/rounds/round-dates";
import { zonedTimeToEpoch } from "../lib/shared/time";
import { FormDateSchema, FormTimeSchema, dateText } from "./form-dates";
import { idSchema } from "./ids";
import { RoundValuesSchema, locationRule } from "./rounds";
import { missingVersion, versionSchema } from "./version";

// The admin's round pages post forms: the round form (/admin/rounds/new, /admin/rounds/:id),
// the multi-editor's rows (ADR 9) and the list's registration toggle. Each field keeps the
// /api's rule (RoundValuesSchema); only the start arrives as a date and a time input, read
// in the league's zone.

type RoundValues = z.infer<typeof RoundValuesSchema>;

/** The round form's fields: the round's values, with `startsAt` entered as `date` and `time`. */
export const RoundFormFieldsSchema = RoundValuesSchema.omit({ startsAt: true }).extend({ date: FormDateSchema, time: FormTimeSchema });

/** The round form's own fields: its "Counts for tags" box is always shown, so left out means unticked. */
const RoundPageFieldsSchema = RoundFormFieldsSchema.extend({
  tags: z
    .literal("on", { error: "Tick the box or leave it empty" })
    .optional()
    .transform((v) => v === "on"),
  doubles: z
    .literal("on", { error: "Tick the box or leave it empty" })
    .optional()
    .transform((v) => v === "on"),
});

type RoundFormFields = z.infer<typeof RoundFormFieldsSchema>;

/** The fields with their date and time placed in the league's zone: the round's values (UTC seconds). */
export function toRoundValues({ date, time, ...values }: RoundFormFields, timeZone: string): RoundValues {
  return { ...values, startsAt: zonedTimeToEpoch({ ...date, ...time }, timeZone) };
}

/** The round form's save. */
export const roundFormSchema = (timeZone: string) =>
  RoundPageFieldsSchema.refine(...locationRule("location")).transform((fields) => toRoundValues(fields, timeZone));

/** The round form's save of a stored round: its values and the version the form read (ADR 20). */
export const roundEditFormSchema = (timeZone: string) =>
  RoundPageFieldsSchema.extend({ version: versionSchema("round") })
    .refine(...locationRule("location"))
    .transform(({ version, ...fields }) => ({
      version,
      values: toRoundValues(fields, timeZone),
    }));

/** The round form's confirmed Delete. */
export const RoundDeleteFormSchema = z.object({ intent: z.literal("delete") });

/** /admin/rounds: open or close one round's registration. */
export const RegistrationFormSchema = z.object({
  intent: z.literal("registration"),
  id: idSchema("round id"),
  open: z.enum(["true", "false"], { error: "open must be true or false" }).transform((v) => v === "true"),
});

/** The most rows one save takes (a season of weekly rounds twice over), well inside the 64 KB body limit. */
export const MAX_EDITOR_ROWS = 100;
/** The most rounds the editor opens at once (its URL stays short). */
const MAX_OPEN_ROUNDS = 500;

const rowNumber = z.coerce.number({ error: "Invalid row" }).int("Invalid row").min(1, "Invalid row").max(1000, "Invalid row");
/** A stored round's id, or a new row's temporary negative one. */
const rowId = z.coerce
  .number({ error: "Invalid round id" })
  .int("Invalid round id")
  .refine((id) => id !== 0 && Math.abs(id) <= Number.MAX_SAFE_INTEGER, "Invalid round id");

// A stored round's row carries the version it was read at (ADR 20); a new row has none.
const version = versionSchema("round").optional();
const DeleteRow = z.object({ delete: z.literal("1"), id: rowId, version, row: rowNumber, date: z.string().optional().default("") });
const SaveRow = RoundFormFieldsSchema.extend({ delete: z.literal("0"), id: rowId, version, row: rowNumber }).refine(
  ...locationRule("location"),
);

/**
 * One change the multi-editor asks for, labelled as the editor shows its row ("Row 3 (Thu
 * 11/26)"); a stored round's with the version the editor read.
 */
export type RoundChange = { label: string } & (
  | { kind: "save"; id: null; values: RoundValues }
  | { kind: "save"; id: number; version: number; values: RoundValues }
  | { kind: "delete"; id: number; version: number }
);

/**
 * The multi-editor's post: only its new, changed and deleted rows, each `rows[i].field`
 * (ADR 9) with its id (negative for a new row), its row number on screen and `delete`
 * "1" or "0". Deleted rows skip the field rules; a new row deleted before it was saved is
 * dropped. A round may appear once.
 */
export const multiRoundsSchema = (timeZone: string) =>
  z
    .object({
      rows: z
        .array(z.discriminatedUnion("delete", [DeleteRow, SaveRow], { error: "Each row must say whether it is deleted" }))
        .max(MAX_EDITOR_ROWS, `Save at most ${MAX_EDITOR_ROWS} rounds at a time`)
        .optional()
        .default([]),
    })
    .superRefine(({ rows }, ctx) => {
      const seen = new Set<number>();
      rows.forEach((r, i) => {
        if (r.id > 0 && seen.has(r.id)) ctx.addIssue({ code: "custom", path: ["rows", i, "id"], message: `Round ${r.id} appears twice` });
        if (r.id > 0 && r.version === undefined)
          ctx.addIssue({ code: "custom", path: ["rows", i, "version"], message: missingVersion("round") });
        seen.add(r.id);
      });
    })
    .transform(({ rows }): RoundChange[] =>
      rows.flatMap((r): RoundChange[] => {
        const stored = r.id > 0 ? { id: r.id, version: r.version ?? 0 } : null;
        if (r.delete === "1") return stored ? [{ kind: "delete", ...stored, label: rowLabel(r.row, r.date) }] : [];
        const { delete: _, id, version: __, row, ...fields } = r;
        const label = rowLabel(row, dateText(fields.date));
        const values = toRoundValues(fields, timeZone);
        return [stored ? { kind: "save", ...stored, values, label } : { kind: "save", id: null, values, label }];
      }),
    );

/**
 * The rounds to open in the multi-editor: `?ids=1,2,3`, or `ids` repeated as the rounds
 * list's checkboxes send it (empty values ignored); each a round id, duplicates dropped.
 */
export const RoundIdsSchema = z
  .array(z.string())
  .transform((values) => values.flatMap((v) => v.split(",")).flatMap((v) => (v.trim() ? [v.trim()] : [])))
  .pipe(z.array(idSchema("round id")).max(MAX_OPEN_ROUNDS, `Open at most ${MAX_OPEN_ROUNDS} rounds at a time`))
  .transform((ids) => [...new Set(ids)]);
