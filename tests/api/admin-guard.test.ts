// Every route under /api/admin but the login needs an admin, because of where it is
// mounted. The routes are read from the app itself, so one added later is checked too.
import { describe, expect, it } from "vitest";
import { api } from "../../workers/api";
import { call, expectError, makeUser, tokenFor, userRow } from "../auth-fixtures";

const LOGIN = "/api/admin/login";

/**
 * Admin routes that keep the spec's paths outside /api/admin, each with requireAdmin of
 * its own. A new one must be added here, and is then checked like the mounted ones.
 */
const OUTSIDE_THE_MOUNT = ["GET /api/claims", "GET /api/claims/for-user", "PUT /api/claims/:id/:action{(?:approve|reject|conflict)}"];

/** The app's own admin routes: method and path, middleware ("ALL") and the login left out. */
function adminRoutes(): { method: string; path: string }[] {
  const found = new Map<string, { method: string; path: string }>();
  for (const { method, path } of api.routes) {
    if (method === "ALL" || path === LOGIN) continue;
    const outside = OUTSIDE_THE_MOUNT.includes(`${method} ${path}`);
    if (!outside && path !== "/api/admin" && !path.startsWith("/api/admin/")) continue;
    found.set(`${method} ${path}`, { method, path });
  }
  return [...found.values()];
}

describe("the admin API is guarded by where it is mounted", () => {
  it("finds at least the user-administration routes", () => {
    const names = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /api/admin/users",
        "GET /api/admin/users/:userId",
        "DELETE /api/admin/users/:userId",
        "GET /api/admin/users/:userId/players",
        "DELETE /api/admin/users/:userId/players/:playerId",
        "POST /api/admin/users/:userId/lock",
        "POST /api/admin/users/:userId/unlock",
        "POST /api/admin/users/:userId/reset-password",
        "POST /api/admin/user/add",
        "GET /api/admin/audit",
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  it("finds every admin route kept outside the mount", () => {
    const names = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(expect.arrayContaining(OUTSIDE_THE_MOUNT));
  });

  it("answers 401 without a token and 403 to a user's token on every one, and changes nothing", async () => {
    const [target, user] = await Promise.all([makeUser(), makeUser()]);
    const userToken = await tokenFor(user);
    for (const { method, path } of adminRoutes()) {
      // Parameters get the target's id; a pattern's first choice stands for its action.
      const url = path.replace(/:\w+\{(?:\(\?:)?([^|}()]*)[^}]*\}/g, "$1").replace(/:\w+/g, String(target.id));
      await expectError(await call(method, url), 401);
      await expectError(await call(method, url, { token: userToken }), 403, "Not an admin");
    }
    expect(await userRow(target.id)).toMatchObject({
      locked: false,
      passwordHash: target.passwordHash,
      sessionVersion: target.sessionVersion,
    });
  });

  it("guards paths that match no route too, so the guard does not reveal which exist", async () => {
    await expectError(await call("GET", "/api/admin/no-such-thing"), 401);
    await expectError(await call("GET", LOGIN), 401);
  });

  it("leaves the login open to everyone", async () => {
    await expectError(
      await call("POST", LOGIN, { body: { username: "nobody@example.com", password: "x" } }),
      401,
      "Login failed. Please try again.",
    );
  });
});
