import { z } from "zod";
import { idSchema } from "~/schemas/ids";
import { SearchTextSchema } from "~/schemas/players";

// Path parameters and query strings of the /api, each parsed by zValidator like bodies.

export const RoundIdParam = z.object({ id: idSchema("round id") });
export const PlayerIdParam = z.object({ id: idSchema("player id") });
export const EntriesRoundParam = z.object({ roundId: idSchema("round id") });
export const UserIdParam = z.object({ userId: idSchema("user id") });
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
