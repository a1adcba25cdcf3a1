import { z } from "zod";
import { rowLabel } from "../lib/round-dates";
import { zonedTimeToEpoch } from "../lib/time";
import { FormDateSchema, FormTimeSchema, dateText } from "./form-dates";
import { idSchema } from "./ids";
import { RoundValuesSchema } from "./rounds";

// The admin's round pages post forms: the round form (/admin/rounds/new, /admin/rounds/:id),
// the multi-editor's rows (ADR 9) and the list's registration toggle. Each field keeps the
// /api's rule (RoundValuesSchema); only the date arrives as a date and a time input, read
// in the league's zone.

type RoundValues = z.infer<typeof RoundValuesSchema>;

/** The round form's fields: the /api's, with `d` entered as `date` and `time`. */
export const RoundFormFieldsSchema = RoundValuesSchema.omit({ d: true }).extend({ date: FormDateSchema, time: FormTimeSchema });

type RoundFormFields = z.infer<typeof RoundFormFieldsSchema>;

/** The fields with their date and time placed in the league's zone: the /api's round values (UTC seconds). */
export function toRoundValues({ date, time, ...values }: RoundFormFields, timeZone: string): RoundValues {
  return { ...values, d: zonedTimeToEpoch({ ...date, ...time }, timeZone) };
}

/** The round form's save. */
export const roundFormSchema = (timeZone: string) => RoundFormFieldsSchema.transform((fields) => toRoundValues(fields, timeZone));

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

const DeleteRow = z.object({ delete: z.literal("1"), id: rowId, row: rowNumber, date: z.string().optional().default("") });
const SaveRow = RoundFormFieldsSchema.extend({ delete: z.literal("0"), id: rowId, row: rowNumber });

/** One change the multi-editor asks for, labelled as the editor shows its row ("Row 3 (Thu 11/26)"). */
export type RoundChange = { label: string } & ({ kind: "save"; id: number | null; values: RoundValues } | { kind: "delete"; id: number });

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
        seen.add(r.id);
      });
    })
    .transform(({ rows }): RoundChange[] =>
      rows.flatMap((r): RoundChange[] => {
        if (r.delete === "1") return r.id > 0 ? [{ kind: "delete", id: r.id, label: rowLabel(r.row, r.date) }] : [];
        const { delete: _, id, row, ...fields } = r;
        return [
          { kind: "save", id: id > 0 ? id : null, values: toRoundValues(fields, timeZone), label: rowLabel(row, dateText(fields.date)) },
        ];
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
