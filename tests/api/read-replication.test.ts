import { describe, expect, it } from "vitest";
import { call, expectStatus, makeAdmin, tokenFor } from "../auth-fixtures";
import { makePlayer } from "../fixtures";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER } from "../../workers/d1-session";

// D1 read replication: every request runs in one D1 session; a request that
// wrote answers with the session's bookmark (header and cookie), and a request that sends
// it back reads a copy at least as new as that write. Locally there is one copy, so these
// tests prove the plumbing and read-your-own-write; production adds the replicas.

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

describe("D1 sessions and bookmarks", () => {
  it("a write answers with its bookmark; the next read sent with it sees the write", async () => {
    const admin = await makeAdmin();
    const token = await tokenFor(admin);
    const res = await call("POST", "/api/admin/player/", { token, body: { values: { fn: "Rita", ln: "Replica", division: "MA2" } } });
    const { id } = await expectStatus<{ id: number }>(res, 201);
    const bookmark = res.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toMatch(BOOKMARK);
    expect(res.headers.get("Set-Cookie")).toContain(`${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; Secure; SameSite=Lax`);

    const carriers: Record<string, string>[] = [{ [BOOKMARK_HEADER]: bookmark ?? "" }, { Cookie: `${BOOKMARK_COOKIE}=${bookmark}` }];
    for (const headers of carriers) {
      const read = await call("GET", `/api/players/player/${id}`, { headers });
      expect(read.status).toBe(200);
      expect(JSON.stringify(await read.json())).toContain("Replica");
    }
  });

  it("an anonymous write (a reset request, a failed login) never shows a bookmark: whether it wrote stays hidden", async () => {
    const admin = await makeAdmin();
    for (const res of [
      await call("POST", "/api/users/forgot-password", { body: { email: admin.email } }),
      await call("POST", "/api/users/login", { body: { email: admin.email, password: "wrong-password-1" } }),
    ]) {
      expect(res.headers.get(BOOKMARK_HEADER)).toBeNull();
      expect(res.headers.get("Set-Cookie") ?? "").not.toContain(BOOKMARK_COOKIE);
    }
  });

  it("a read answers without a bookmark and sets no cookie", async () => {
    const p = await makePlayer();
    const res = await call("GET", `/api/players/player/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get(BOOKMARK_HEADER)).toBeNull();
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("ignores a bookmark that is not one D1 gave out, and still answers", async () => {
    const p = await makePlayer();
    for (const bad of ["x", "00000000-0000000b", "'; drop table players; --", "0".repeat(5000)]) {
      const res = await call("GET", `/api/players/player/${p.id}`, {
        headers: { [BOOKMARK_HEADER]: bad, Cookie: `${BOOKMARK_COOKIE}=${encodeURIComponent(bad)}` },
      });
      expect(res.status, bad.slice(0, 20)).toBe(200);
    }
  });
});
