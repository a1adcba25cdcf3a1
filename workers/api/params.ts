import { z } from "zod";
import { isDivision } from "~/lib/players/divisions";
import { idSchema } from "~/schemas/ids";
import { SearchTextSchema } from "~/schemas/players";
import { TagParamSchema } from "~/schemas/tags";

// Path parameters and query strings of the /api, each parsed by zValidator like bodies.

export const RoundIdParam = z.object({ id: idSchema("round id") });
export const PlayerIdParam = z.object({ id: idSchema("player id") });
export const EntriesRoundParam = z.object({ roundId: idSchema("round id") });
export const EntryIdParam = z.object({ id: idSchema("entry id") });
export const UserIdParam = z.object({ userId: idSchema("user id") });
export const UserPlayerParam = z.object({ userId: idSchema("user id"), playerId: idSchema("player id") });
export const CourseIdParam = z.object({ id: idSchema("course id") });
export const TagParam = z.object({ tag: TagParamSchema });
export const LayoutIdParam = z.object({ id: idSchema("layout id") });
export const LeagueIdParam = z.object({ leagueId: idSchema("league id") });
export const SearchParam = z.object({ text: SearchTextSchema });

export const RangeParam = z.object({ range: z.enum(["thisYear", "all"], { error: "Range must be thisYear or all" }) });

const MAX_MULTI = 500;

/** "1,2,3": one or more round ids (at most MAX_MULTI), empty items ignored. */
export const RoundIdListParam = z.object({
  ids: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .filter((item) => item !== "")
        .map((item) => item.trim()),
    )
    .pipe(z.array(z.string()).min(1, "Give one or more round ids, separated by commas").max(MAX_MULTI, `At most ${MAX_MULTI} round ids`))
    .pipe(z.array(idSchema("round id"))),
});

/** GET /api/ace?roundId=: optional; empty is the same as absent. */
export const AcePotQuery = z.object({
  roundId: z.preprocess((value) => (value === "" ? undefined : value), idSchema("round id").optional()),
});

/** GET /api/standings?season=&division=: both optional (empty is absent); a season is a year, a division one of the league's. */
export const StandingsQuery = z.object({
  season: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{4}$/, "Season must be a year such as 2026")
      .transform(Number)
      .pipe(z.number().min(2000, "Season must be a year from 2000 to 2100").max(2100, "Season must be a year from 2000 to 2100"))
      .optional(),
  ),
  division: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().refine(isDivision, "Unknown division: use one of the league's, such as MPO or MA1").optional(),
  ),
});

/** /api/live/{roundId} and the admin's /api/admin/live/{roundId}/…. */
export const LiveRoundParam = z.object({ roundId: idSchema("round id") });

/** GET /api/live/{roundId}/ws?as=spectator: watch only (no login); without it, a scorer's socket. */
export const LiveSocketQuery = z.object({
  as: z.enum(["spectator"], { error: 'as must be "spectator" (or left out, to score)' }).optional(),
});

/** GET /api/admin/live/{roundId}/log?after=: the changes after that seq (absent or empty: from the start). */
export const LiveLogQuery = z.object({
  after: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{1,15}$/, "after must be a change number (0 or more)")
      .transform(Number)
      .optional(),
  ),
});
