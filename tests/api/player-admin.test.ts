import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeAce, makeEntry, makePlayer, makeRound, makeTransfer, testDb, uniq } from "../fixtures";
import { claims, players } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));
const playerRow = async (id: number) => (await testDb().select().from(players).where(eq(players.id, id)))[0];
const values = (extra: Record<string, unknown> = {}) => ({ fn: `Fn${uniq()}`, ln: `Ln${uniq()}`, pdga: "", division: "MA2", ...extra });

describe("POST /api/players/addNew", () => {
  it("a user's new record comes with their pending claim on it, in one step", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const v = values({ pdga: "123456" });
    const body = await expectStatus(await call("POST", "/api/players/addNew", { token, body: { values: v } }), 201);
    expect(body).toMatchObject({ success: true, newId: expect.any(Number), claim: { status: "pending", player: `${v.fn} ${v.ln}` } });
    expect(await playerRow(body.newId)).toMatchObject({
      firstName: v.fn,
      lastName: v.ln,
      pdga: "123456",
      division: "MA2",
      inactive: false,
    });
    // The old client's next step, the claim, is the same claim again: not an error.
    const again = await expectStatus(await call("POST", "/api/claims", { token, body: { player_id: body.newId } }), 201);
    expect(again.claim.id).toBe(body.claim.id);
  });

  it("a user with an open claim gets 409 and no stray player is left behind", async () => {
    const [user, existing] = await Promise.all([makeUser(), makePlayer()]);
    const token = await tokenFor(user);
    await expectStatus(await call("POST", "/api/claims", { token, body: { player_id: existing.id } }), 201);
    const v = values();
    await expectError(await call("POST", "/api/players/addNew", { token, body: { values: v } }), 409);
    expect(await testDb().select().from(players).where(eq(players.firstName, v.fn))).toHaveLength(0);
    expect(await testDb().select().from(claims).where(eq(claims.userId, user.id))).toHaveLength(1);
  });

  it("an admin just adds the player; visitors get 401", async () => {
    const token = await adminToken();
    const body = await expectStatus(await call("POST", "/api/players/addNew", { token, body: { values: values() } }), 201);
    expect(body).toEqual({ success: true, newId: expect.any(Number) });
    expect(await testDb().select().from(claims).where(eq(claims.playerId, body.newId))).toHaveLength(0);
    await expectError(await call("POST", "/api/players/addNew", { body: { values: values() } }), 401);
  });

  it.each([
    ["no first name", { fn: " " }, "First name is required"],
    ["no last name", { ln: undefined }, "Last name is required"],
    ["no division", { division: "" }, "Division is required"],
    ["a division not on the list", { division: "PRO" }, "Choose a division from the list"],
    ["a PDGA number with letters", { pdga: "12a" }, "PDGA number must be up to 7 digits"],
    ["a name too long", { fn: "x".repeat(51) }, "First name must be at most 50 characters"],
  ])("answers 400 for %s", async (_, extra, message) => {
    const token = await tokenFor(await makeUser());
    await expectError(await call("POST", "/api/players/addNew", { token, body: { values: values(extra) } }), 400, message);
  });
});

describe("POST /api/admin/player/ and /delete", () => {
  it("saves a player's fields, adds one without an id, and needs an admin", async () => {
    const [token, p] = await Promise.all([adminToken(), makePlayer()]);
    const v = values({ pdga: 98765, division: "FA1", inactive: true });
    await expectStatus(await call("POST", "/api/admin/player/", { token, body: { id: p.id, values: v } }), 200);
    expect(await playerRow(p.id)).toMatchObject({ firstName: v.fn, lastName: v.ln, pdga: "98765", division: "FA1", inactive: true });
    const added = await expectStatus(await call("POST", "/api/admin/player", { token, body: { values: values() } }), 201);
    expect(await playerRow(added.id)).toBeTruthy();
    await expectError(await call("POST", "/api/admin/player/", { token, body: { id: 987654321, values: values() } }), 404);
    const user = await tokenFor(await makeUser());
    await expectError(await call("POST", "/api/admin/player/", { token: user, body: { id: p.id, values: values() } }), 403);
    expect((await playerRow(p.id))?.firstName).toBe(v.fn);
  });

  it("deletes a player with no history; refuses one with rounds, aces, transfers or a linked user (409)", async () => {
    const token = await adminToken();
    const [clean, played, aced, moved, linked] = await Promise.all(Array.from({ length: 5 }, () => makePlayer()));
    await makeEntry({ roundId: (await makeRound()).id, playerId: played.id });
    await makeAce({ playerId: aced.id, amountCents: 100 });
    await makeTransfer({ fromPlayerId: null, toPlayerId: moved.id, amountCents: 100 });
    const owner = await makeUser();
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: owner.id, playerId: linked.id, status: "approved" });

    await expectStatus(await call("POST", "/api/admin/player/delete", { token, body: { id: clean.id } }), 200);
    expect(await playerRow(clean.id)).toBeUndefined();
    for (const [p, what] of [
      [played, "1 round"],
      [aced, "1 ace"],
      [moved, "1 transfer"],
      [linked, "a linked user"],
    ] as const) {
      const body = await expectError(await call("POST", "/api/admin/player/delete", { token, body: { id: p.id } }), 409);
      expect(body.error).toBe(
        `${p.firstName} ${p.lastName} has league history (${what}), so the record cannot be deleted. Mark the player inactive instead.`,
      );
      expect(await playerRow(p.id)).toBeTruthy();
    }
    await expectError(await call("POST", "/api/admin/player/delete", { token, body: { id: clean.id } }), 404);
    await expectError(await call("POST", "/api/admin/player/delete", { token, body: { id: "seven" } }), 400, "Invalid player id");
  });
});
