import { z } from "./zod";
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH, SEARCH_TOO_LONG } from "../lib/players/constants";
import { isDivision } from "../lib/players/divisions";
import { idSchema } from "./ids";

/** Player search text: spaces tidied, MIN_SEARCH_LENGTH to MAX_SEARCH_LENGTH characters. */
export const SearchTextSchema = z
  .string({ error: "Search text is required" })
  .transform((text) => text.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(MIN_SEARCH_LENGTH, `Search text must be at least ${MIN_SEARCH_LENGTH} characters`)
      .max(MAX_SEARCH_LENGTH, SEARCH_TOO_LONG),
  );

/**
 * A search page's `q`: searched once long enough, refused with a message when too long
 * (the page says so instead of failing).
 */
export function readSearchText(raw: string | null): { q: string; ready: boolean; error: string | null } {
  const q = (raw ?? "").slice(0, 200);
  const parsed = SearchTextSchema.safeParse(q);
  if (parsed.success) return { q, ready: true, error: null };
  const tooLong = q.trim().replace(/\s+/g, " ").length > MAX_SEARCH_LENGTH;
  return { q, ready: false, error: tooLong ? SEARCH_TOO_LONG : null };
}

const name = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(50, `${what} must be at most 50 characters`);

/**
 * A player's fields as the new-player form and the admin's edit dialog send them; the /api's
 * bodies name the two names fn and ln and are read into these (./api-wire.ts).
 */
export const PlayerValuesSchema = z.object(
  {
    firstName: name("First name"),
    lastName: name("Last name"),
    // Optional (the edit dialog's reading): digits only when given.
    pdga: z
      .union([z.string(), z.number()], { error: "PDGA number must be digits" })
      .nullish()
      .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
      .pipe(z.string().regex(/^\d{0,7}$/, "PDGA number must be up to 7 digits"))
      .transform((v) => v || null),
    division: z
      .string({ error: "Division is required" })
      .min(1, "Division is required")
      .refine(isDivision, "Choose a division from the list"),
    inactive: z
      .union([z.boolean(), z.literal("true"), z.literal("false"), z.literal("on")], { error: "Inactive must be true or false" })
      .optional()
      .transform((v) => v === true || v === "true" || v === "on"),
  },
  { error: "values is required" },
);

/** The admin's player forms (/admin/player, /players): save (add without an id) or delete. */
export const PlayerAdminFormSchema = z.discriminatedUnion(
  "intent",
  [
    PlayerValuesSchema.extend({ intent: z.literal("savePlayer"), id: idSchema("player id").optional() }),
    z.object({ intent: z.literal("deletePlayer"), id: idSchema("player id") }),
  ],
  { error: "Unknown action" },
);

/** The new-player form on /players: a user adds their own record (and claims it). */
export const NewPlayerFormSchema = PlayerValuesSchema.omit({ inactive: true }).extend({ intent: z.literal("addOwn") });
