import { z } from "zod";
import { requireAdmin, requireUser } from "./auth";
import { subApp } from "./context";
import { adminClaimsJson, claimAnswerJson, claimDecidedJson, myClaimJson } from "./serializers/claims";
import { body, param, query } from "./validate";
import { claimsForUser, decideClaim, listClaims, myClaim, submitClaim, unclaim } from "~/.server/services/players/claims";
import { ClaimNoteSchema, ClaimSubmitSchema } from "~/schemas/claims";
import { idSchema } from "~/schemas/ids";

const ClaimIdParam = z.object({ id: idSchema("claim id") });
const ForUserQuery = z.object({ userId: idSchema("user id") });

// The admin's claim routes keep the spec's paths under /api/claims, outside the /api/admin
// mount, so each carries requireAdmin itself; tests/api/admin-guard.test.ts lists them.
const DecideParam = ClaimIdParam.extend({ action: z.enum(["approve", "reject", "conflict"]) });
// Grouped: Hono does not wrap a parameter's pattern, so a bare `approve|reject|conflict`
// also matched "approved", "xreject" or "approve%20" as the action.
const DECIDE_PATH = "/:id/:action{(?:approve|reject|conflict)}";

export const claimsApi = subApp()
  .post("/", requireUser, body(ClaimSubmitSchema), async (c) => {
    const { player_id, note } = c.req.valid("json");
    const { caller } = c.var;
    const isOperator = caller.session.then((s) => s.user.isOperator);
    const claim = await submitClaim(c.var.db, { id: caller.userId, isOperator }, { playerId: player_id, note });
    return c.json(claimAnswerJson(claim), 201);
  })
  .get("/mine", requireUser, async (c) => {
    const claim = await myClaim(c.var.db, c.var.caller.userId);
    return c.json(myClaimJson(claim));
  })
  .put("/:id/unclaim", requireUser, param(ClaimIdParam), async (c) => {
    const claim = await unclaim(c.var.db, c.var.caller.userId, c.req.valid("param").id);
    return c.json(claimAnswerJson(claim));
  })
  .get("/", requireAdmin, async (c) => c.json(adminClaimsJson(await listClaims(c.var.db))))
  .get("/for-user", requireAdmin, query(ForUserQuery), async (c) => {
    const list = await claimsForUser(c.var.db, c.req.valid("query").userId);
    return c.json(adminClaimsJson(list));
  })
  .put(DECIDE_PATH, requireAdmin, param(DecideParam), body(ClaimNoteSchema), async (c) => {
    const { id, action } = c.req.valid("param");
    const claim = await decideClaim(c.var.db, id, action, c.req.valid("json").note);
    return c.json(claimDecidedJson(claim));
  });
