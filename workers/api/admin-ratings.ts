import { adminSubApp } from "./context";
import { body } from "./validate";
import { queueRatingsFrom } from "~/.server/services/ratings/ratings-trigger";
import { RecomputeRatingsSchema } from "~/schemas/ratings";

/** Round ratings (ADR 17); mounted in ./admin.ts behind the admin guard. */
export const adminRatingsApi = adminSubApp()
  // Re-rating runs on the queue: the answer says it is queued, not done.
  .post("/ratings/recompute", body(RecomputeRatingsSchema), async (c) => {
    await queueRatingsFrom(c.var.db, c.env.JOBS, c.req.valid("json").round_id ?? null);
    return c.json({ success: true, queued: true }, 202);
  });
