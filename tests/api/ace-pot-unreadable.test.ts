// "Ace pot failure: pot shows 0." A real failure, not a mock: this file's own
// copy of the database (storage is isolated per test file) loses its aces table.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";

describe("GET /api/ace when the pot cannot be read", () => {
  it("answers a pot of 0, not an error, and that answer is not cached", async () => {
    const before = await call("GET", "/api/ace");
    expect(before.status).toBe(200);
    await env.DB.exec("DROP TABLE aces");
    const res = await call("GET", "/api/ace");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ pot: 0 });
    expect(res.headers.get("Cache-Control") ?? "").toContain("no-store");
  });
});
