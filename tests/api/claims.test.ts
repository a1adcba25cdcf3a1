import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makePlayer, testDb } from "../fixtures";
import { claims } from "~/.server/db/schema";

async function userWithToken(isAdmin = false) {
  const user = await makeUser({ isAdmin });
  return { user, token: await tokenFor(user) };
}

const claimRows = (userId: number) => testDb().select().from(claims).where(eq(claims.userId, userId));

describe("POST /api/claims", () => {
  it("files a pending claim for the caller and answers it", async () => {
    const [{ user, token }, player] = await Promise.all([userWithToken(), makePlayer()]);
    const body = await expectStatus(await call("POST", "/api/claims", { token, body: { player_id: player.id, note: "me" } }), 201);
    expect(body).toEqual({
      success: true,
      claim: {
        id: expect.any(Number),
        player_id: player.id,
        player: `${player.firstName} ${player.lastName}`,
        status: "pending",
        note: "me",
      },
    });
    expect(await claimRows(user.id)).toHaveLength(1);
    const mine = await expectStatus(await call("GET", "/api/claims/mine", { token }), 200);
    expect(mine.claim).toEqual(body.claim);
  });

  it("needs a login (401), refuses admins (403) and cookie writes from foreign origins (403)", async () => {
    const [player, admin, { user, token }] = await Promise.all([makePlayer(), userWithToken(true), userWithToken()]);
    await expectError(await call("POST", "/api/claims", { body: { player_id: player.id } }), 401);
    await expectError(
      await call("POST", "/api/claims", { token: admin.token, body: { player_id: player.id } }),
      403,
      "Admins do not claim player records.",
    );
    // A cookie-authenticated write from another site (the CSRF case).
    const foreign = await call("POST", "/api/claims", { cookie: token, body: { player_id: player.id }, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await claimRows(user.id)).toHaveLength(0);
    expect(await claimRows(admin.user.id)).toHaveLength(0);
  });

  it.each([
    ["no player id", {}, "Invalid player id"],
    ["a text player id", { player_id: "abc" }, "Invalid player id"],
    ["a negative player id", { player_id: -4 }, "Invalid player id"],
    ["a fractional player id", { player_id: 1.5 }, "Invalid player id"],
    ["a note too long", { player_id: 1, note: "x".repeat(501) }, "Note must be at most 500 characters"],
    ["a note that is not text", { player_id: 1, note: 42 }, "Note must be text"],
  ])("answers 400 for %s, and files nothing", async (_, body, message) => {
    const { user, token } = await userWithToken();
    await expectError(await call("POST", "/api/claims", { token, body }), 400, message);
    expect(await claimRows(user.id)).toHaveLength(0);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const { token } = await userWithToken();
    await expectError(await call("POST", "/api/claims", { token, body: "{not json" }), 400);
  });

  it("404 for a missing player, 400 for an inactive one, 409 for a second open claim", async () => {
    const [{ user, token }, a, b, inactive] = await Promise.all([
      userWithToken(),
      makePlayer(),
      makePlayer(),
      makePlayer({ inactive: true }),
    ]);
    await expectError(await call("POST", "/api/claims", { token, body: { player_id: 987_654_321 } }), 404);
    await expectError(await call("POST", "/api/claims", { token, body: { player_id: inactive.id } }), 400);
    await expectStatus(await call("POST", "/api/claims", { token, body: { player_id: String(a.id) } }), 201);
    await expectError(await call("POST", "/api/claims", { token, body: { player_id: b.id } }), 409);
    expect(await claimRows(user.id)).toHaveLength(1);
  });
});

describe("PUT /api/claims/{id}/unclaim", () => {
  it("withdraws the caller's own claim; another user's is 403 and stays", async () => {
    const [owner, stranger, player] = await Promise.all([userWithToken(), userWithToken(), makePlayer()]);
    const { claim } = await expectStatus(await call("POST", "/api/claims", { token: owner.token, body: { player_id: player.id } }), 201);
    await expectError(await call("PUT", `/api/claims/${claim.id}/unclaim`, { token: stranger.token }), 403);
    expect((await claimRows(owner.user.id))[0]?.status).toBe("pending");
    await expectError(await call("PUT", `/api/claims/${claim.id}/unclaim`), 401);
    await expectError(await call("PUT", "/api/claims/abc/unclaim", { token: owner.token }), 400, "Invalid claim id");
    const done = await expectStatus(await call("PUT", `/api/claims/${claim.id}/unclaim`, { token: owner.token }), 200);
    expect(done.claim.status).toBe("withdrawn");
    expect((await expectStatus(await call("GET", "/api/claims/mine", { token: owner.token }), 200)).claim).toBeNull();
    await expectError(await call("PUT", `/api/claims/${claim.id}/unclaim`, { token: owner.token }), 409);
  });
});

describe("the admin's claim review", () => {
  it("lists claims with the admin fields; users get 403, visitors 401", async () => {
    const [admin, { user, token }, player] = await Promise.all([userWithToken(true), userWithToken(), makePlayer()]);
    const { claim } = await expectStatus(await call("POST", "/api/claims", { token, body: { player_id: player.id } }), 201);
    await expectError(await call("GET", "/api/claims"), 401);
    await expectError(await call("GET", "/api/claims", { token }), 403, "Not an admin");
    const { claims: list } = await expectStatus(await call("GET", "/api/claims", { token: admin.token }), 200);
    expect(list.find((c: { id: number }) => c.id === claim.id)).toEqual({
      id: claim.id,
      player_id: player.id,
      player: `${player.firstName} ${player.lastName}`,
      status: "pending",
      note: null,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      approvedAt: null,
      rejectedAt: null,
      user_id: user.id,
      user_name: user.name,
      player_fn: player.firstName,
      player_ln: player.lastName,
    });
    const forUser = await expectStatus(await call("GET", `/api/claims/for-user?userId=${user.id}`, { token: admin.token }), 200);
    expect(forUser.claims.map((c: { id: number }) => c.id)).toEqual([claim.id]);
    await expectError(await call("GET", "/api/claims/for-user?userId=abc", { token: admin.token }), 400, "Invalid user id");
    await expectError(await call("GET", "/api/claims/for-user", { token: admin.token }), 400);
    await expectError(await call("GET", "/api/claims/for-user?userId=987654321", { token: admin.token }), 404);
  });

  it("approve, conflict (note required) and reject move the claim; users cannot", async () => {
    const [admin, owner, player] = await Promise.all([userWithToken(true), userWithToken(), makePlayer()]);
    const { claim } = await expectStatus(await call("POST", "/api/claims", { token: owner.token, body: { player_id: player.id } }), 201);
    const url = (action: string) => `/api/claims/${claim.id}/${action}`;
    await expectError(await call("PUT", url("approve"), { token: owner.token }), 403);
    await expectError(await call("PUT", url("approve")), 401);
    await expectError(
      await call("PUT", url("conflict"), { token: admin.token, body: { note: "" } }),
      400,
      "A note is required to mark a conflict.",
    );
    await expectError(await call("PUT", url("conflict"), { token: admin.token }), 400, "A note is required to mark a conflict.");
    expect((await claimRows(owner.user.id))[0]?.status).toBe("pending");
    const conflicted = await expectStatus(await call("PUT", url("conflict"), { token: admin.token, body: { note: "Which Kevin?" } }), 200);
    expect(conflicted.claim).toMatchObject({ status: "conflict", note: "Which Kevin?" });
    const approved = await expectStatus(await call("PUT", url("approve"), { token: admin.token }), 200);
    expect(approved).toMatchObject({ success: true, claim: { status: "approved" } });
    const me = await expectStatus(await call("GET", "/api/users/me", { token: owner.token }), 200);
    expect(me.user ?? me).toMatchObject({ linked_player: player.id, claimStatus: "approved" });
    const rejected = await expectStatus(await call("PUT", url("reject"), { token: admin.token, body: {} }), 200);
    expect(rejected.claim.status).toBe("rejected");
    await expectError(await call("PUT", url("approve"), { token: admin.token }), 409);
    await expectError(await call("PUT", "/api/claims/987654321/approve", { token: admin.token }), 404);
    await expectError(await call("PUT", `/api/claims/${claim.id}/promote`, { token: admin.token }), 404);
  });

  it("approving a second claim on a linked player is 409 and leaves it pending", async () => {
    const [admin, a, b, player] = await Promise.all([userWithToken(true), userWithToken(), userWithToken(), makePlayer()]);
    const first = (await expectStatus(await call("POST", "/api/claims", { token: a.token, body: { player_id: player.id } }), 201)).claim;
    const second = (await expectStatus(await call("POST", "/api/claims", { token: b.token, body: { player_id: player.id } }), 201)).claim;
    await expectStatus(await call("PUT", `/api/claims/${first.id}/approve`, { token: admin.token }), 200);
    await expectError(
      await call("PUT", `/api/claims/${second.id}/approve`, { token: admin.token, origin: APP_ORIGIN }),
      409,
      "This player record is already claimed by another user.",
    );
    expect((await claimRows(b.user.id))[0]?.status).toBe("pending");
  });
});

// Found by the hostile-input suite (tests/hostile): each once approved or rejected a claim.
describe("the decision is read from exactly the path and the JSON body", () => {
  it("a path that only starts or ends with an action (approved, xreject, 'approve ') is 404 and moves nothing", async () => {
    const [admin, owner, player] = await Promise.all([userWithToken(true), userWithToken(), makePlayer()]);
    const { claim } = await expectStatus(await call("POST", "/api/claims", { token: owner.token, body: { player_id: player.id } }), 201);
    for (const action of ["approved", "xreject", "approve%20", "rejected", "conflicts"]) {
      await expectError(await call("PUT", `/api/claims/${claim.id}/${action}`, { token: admin.token, body: {} }), 404);
    }
    expect((await claimRows(owner.user.id))[0]?.status).toBe("pending");
  });

  it("a body sent as anything but JSON is 415, not a decision without its note; no body at all still decides", async () => {
    const [admin, owner, player] = await Promise.all([userWithToken(true), userWithToken(), makePlayer()]);
    const { claim } = await expectStatus(await call("POST", "/api/claims", { token: owner.token, body: { player_id: player.id } }), 201);
    const note = JSON.stringify({ note: "Not this player" });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "text/html; charset=utf-8"]) {
      // call() always sends a body as JSON: the same bytes with another type go straight to the Worker.
      const sent = await exports.default.fetch(
        new Request(`http://localhost/api/claims/${claim.id}/reject`, {
          method: "PUT",
          headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": type },
          body: note,
        }),
      );
      await expectError(sent, 415, "Send the body as JSON (Content-Type: application/json)");
    }
    expect((await claimRows(owner.user.id))[0]).toMatchObject({ status: "pending", note: null });
    await expectStatus(await call("PUT", `/api/claims/${claim.id}/approve`, { token: admin.token }), 200);
    expect((await claimRows(owner.user.id))[0]?.status).toBe("approved");
  });
});
