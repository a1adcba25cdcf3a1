import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { authenticate } from "~/.server/auth/current-user";

describe("authenticate: the session's isAdmin", () => {
  it("is true only for an admin session of a user who is an admin", async () => {
    const [admin, user] = await Promise.all([makeAdmin(), makeUser()]);
    const asAdmin = await authenticate(testDb(), env, await tokenFor(admin));
    expect(asAdmin).toMatchObject({ role: "admin", isAdmin: true, user: { id: admin.id, isAdmin: true } });
    // An admin holding a user session (promoted after logging in) is not acting as an admin.
    const adminAsUser = await authenticate(testDb(), env, await tokenFor(admin, { role: "user" }));
    expect(adminAsUser).toMatchObject({ role: "user", isAdmin: false, user: { isAdmin: true } });
    expect(await authenticate(testDb(), env, await tokenFor(user))).toMatchObject({ role: "user", isAdmin: false });
  });

  it("gives no session at all for an admin token of a user who is no longer an admin", async () => {
    const user = await makeUser();
    expect(await authenticate(testDb(), env, await tokenFor(user, { role: "admin" }))).toBeNull();
  });
});
