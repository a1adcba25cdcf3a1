import { z } from "./zod";
import { EmailSchema } from "./auth";
import { isSlug } from "../lib/shared/league-url";
import { isTimeZone } from "../lib/shared/time";
import { idSchema } from "./ids";

// A new league (ADR 46): what the operator gives `npm run league:create` and POST
// /api/admin/leagues. The slug is its address (/l/{slug}), stored in lower case.

export const SLUG_RULE = "The address must be 3 to 40 letters, digits and single hyphens, and not a word the site uses itself.";

/** What every new league is given: its name, its address and its time zone. */
const leagueFields = {
  name: z.string().trim().min(1, "Give the league a name").max(80, "The league's name can be at most 80 characters"),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .refine((s) => isSlug(s), SLUG_RULE),
  time_zone: z.string().refine(isTimeZone, "The time zone must be an IANA zone, such as America/Chicago").default("America/Chicago"),
};

export const NewLeagueSchema = z.object({ ...leagueFields, owner_email: EmailSchema });
export type NewLeague = z.output<typeof NewLeagueSchema>;

export const TOWN_MAX = 80;

// A signed-in user starts a league (/leagues/new, POST /api/leagues): they are its owner. A
// form posts the town empty when it is not given; empty is none.
export const StartLeagueSchema = z.object({
  ...leagueFields,
  town: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(TOWN_MAX, `The town can be at most ${TOWN_MAX} characters`).optional(),
  ),
});
export type StartLeague = z.output<typeof StartLeagueSchema>;

// The operator's change of a league (ADR 46): a new slug, or the league made the deployment's
// default (served at the root); suspended or not (its pages and /api answer 403 to all but
// its owner and the operator, and it takes no changes); hidden from the front door or not.
// Every page of the league is purged after a change.
export const LeagueChangeSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .refine((s) => isSlug(s), SLUG_RULE)
      .optional(),
    default: z.literal(true, "Only true: a league is made the default, the one it replaces stops being it").optional(),
    suspended: z.boolean("suspended is true or false").optional(),
    hidden: z.boolean("hidden is true or false").optional(),
  })
  .strict()
  .refine(
    (c) => c.slug !== undefined || c.default !== undefined || c.suspended !== undefined || c.hidden !== undefined,
    "Give a new slug, default: true, suspended or hidden",
  );
export type LeagueChange = z.output<typeof LeagueChangeSchema>;

// The operator's buttons on /operator, one league each: the same change as the PATCH above.
export const OPERATOR_LEAGUE_INTENTS = ["suspend", "unsuspend", "hide", "show"] as const;
export const OperatorLeagueActionSchema = z.object({
  intent: z.enum(OPERATOR_LEAGUE_INTENTS, "Choose suspend, unsuspend, hide or show"),
  leagueId: idSchema("league id"),
});
export type OperatorLeagueAction = z.output<typeof OperatorLeagueActionSchema>;
