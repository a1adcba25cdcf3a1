import { z } from "./zod";
import { bodyIdSchema } from "./ids";

/** POST /api/admin/ratings/recompute: re-rate from this round on, or (absent or null) every round. */
export const RecomputeRatingsSchema = z.object({ round_id: bodyIdSchema("round id").nullish() });
