import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { grantRole, makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { authenticate } from "~/.server/auth/current-user";
import { DEFAULT_LEAGUE_ID, leagues } from "~/.server/db/schema";

// What a session may do comes from the rows, never the token (ADR 47): the operator flag on
// the account and the membership in the request's league. The token's role claim is only
// how the session was opened.
describe("authenticate: the session's standing", () => {
  it("carries the operator flag and the league's role from the rows, whatever kind of login the token says", async () => {
    const [admin, user, director] = await Promise.all([makeAdmin(), makeUser(), makeUser()]);
    await grantRole(director.id, "director");
    const asAdmin = await authenticate(testDb(), env, await tokenFor(admin), DEFAULT_LEAGUE_ID);
    expect(asAdmin).toMatchObject({ loginKind: "admin", leagueRole: null, user: { id: admin.id, isOperator: true } });
    // The operator who logged in at the player's form is the operator all the same.
    const adminAsUser = await authenticate(testDb(), env, await tokenFor(admin, { role: "user" }), DEFAULT_LEAGUE_ID);
    expect(adminAsUser).toMatchObject({ loginKind: "user", user: { isOperator: true } });
    expect(await authenticate(testDb(), env, await tokenFor(director), DEFAULT_LEAGUE_ID)).toMatchObject({
      leagueRole: "director",
      user: { isOperator: false },
    });
    expect(await authenticate(testDb(), env, await tokenFor(user), DEFAULT_LEAGUE_ID)).toMatchObject({ leagueRole: null });
  });

  it("an admin-kind token of a user with no role is an ordinary session: no role, not the operator", async () => {
    const user = await makeUser();
    const session = await authenticate(testDb(), env, await tokenFor(user, { role: "admin" }), DEFAULT_LEAGUE_ID);
    expect(session).toMatchObject({ loginKind: "admin", leagueRole: null, user: { id: user.id, isOperator: false } });
  });

  it("reads the role in the request's league only", async () => {
    const director = await makeUser();
    await grantRole(director.id, "director");
    const [other] = await testDb()
      .insert(leagues)
      .values({ slug: `other-${director.id}` })
      .returning();
    const token = await tokenFor(director);
    expect((await authenticate(testDb(), env, token, other!.id))?.leagueRole).toBeNull();
    expect((await authenticate(testDb(), env, token, DEFAULT_LEAGUE_ID))?.leagueRole).toBe("director");
  });
});
