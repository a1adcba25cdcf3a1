// The admin's claim decisions as the page says them (/admin/claims): "Claim updated:
// {action}." with the action done, as a person reads it.
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { makePlayer } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { decideClaim, submitClaim } from "~/.server/services/players/claims";
import { testDb } from "../fixtures";
import * as claimsPage from "~/routes/admin-claims";

const decide = async (claimId: number, intent: string, note = "") =>
  (await outcome(claimsPage.action(await argsFor("admin", "/admin/claims", { intent, claimId: String(claimId), note })))).data;

async function pendingClaim() {
  const [user, player] = await Promise.all([makeUser(), makePlayer()]);
  return submitClaim(testDb(), user, { playerId: player.id, note: "" });
}

describe("a claim decision's message", () => {
  it("says what was done: approved, rejected, marked in conflict, un-linked", async () => {
    expect(await decide((await pendingClaim()).id, "approve")).toEqual({ success: "Claim updated: approved." });
    expect(await decide((await pendingClaim()).id, "reject")).toEqual({ success: "Claim updated: rejected." });
    expect(await decide((await pendingClaim()).id, "conflict", "Two players by that name")).toEqual({
      success: "Claim updated: marked in conflict.",
    });
    const linked = await pendingClaim();
    await decideClaim(testDb(), linked.id, "approve", "");
    expect(await decide(linked.id, "unlink")).toEqual({ success: "Claim updated: un-linked." });
  });
});
