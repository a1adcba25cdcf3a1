import { adminSubApp } from "./context";
import { RoundIdParam } from "./params";
import { postponedJson } from "./serializers/rainouts";
import { body, param } from "./validate";
import { handOver } from "~/.server/follow-ups";
import { postponeRound } from "~/.server/services/rainouts/postpone";
import { PostponeSchema } from "~/schemas/rainouts";

// Rain-outs (ADR 50): an organiser moves, cancels, ends early or restores a round the weather
// stopped. Mounted in ./admin.ts behind the admin guard; each call's line in ./admin-access.ts
// (the night's capability: directors and up run the night).

const roundParam = param(RoundIdParam);

/** The rain-out calls on a round, together in one sub-app. */
export const adminRainoutsApi = adminSubApp().post("/rounds/:id/postpone", roundParam, body(PostponeSchema), async (c) => {
  const done = await postponeRound(c.var.db, c.req.valid("param").id, c.req.valid("json"));
  // The players are told, the ratings and tags follow, after the answer (ADR 44, 49).
  handOver(c.var.db, done.followUps);
  return c.json(postponedJson(done.value));
});
