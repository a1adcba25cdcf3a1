// "Ace pot failure: pot shows 0." A real failure, not a mock: the database loses its aces
// table for the test, and gets it back after (the files of a vitest worker share storage).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";

describe("GET /api/ace when the pot cannot be read", () => {
  it("answers a pot of 0, not an error, and that answer is not cached", async () => {
    const before = await call("GET", "/api/ace");
    expect(before.status).toBe(200);
    await env.DB.exec("ALTER TABLE aces RENAME TO aces_away");
    try {
      const res = await call("GET", "/api/ace");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ pot: 0 });
      expect(res.headers.get("Cache-Control") ?? "").toContain("no-store");
    } finally {
      await env.DB.exec("ALTER TABLE aces_away RENAME TO aces");
    }
  });
});
