// Every answer of the Worker leaves through one policy: security headers on all of them,
// `private, no-store` on everything not deliberately public, and bodies over the limit
// refused with 413 before anything reads them.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT } from "../../workers/body-limit";
import { call, expectError, expectStatus, makeUser } from "../auth-fixtures";

const fetchWorker = (url: string, init?: RequestInit) => exports.default.fetch(new Request(url, init));

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-inline");
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("Permissions-Policy")).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
}

describe("security headers", () => {
  it.each([
    ["a public read", "/api/rounds/all"],
    ["an API 404", "/api/nothing-here"],
    ["an auth failure", "/api/users/me"],
    ["a page", "/profile"],
  ])("on %s", async (_case, path) => {
    expectSecurityHeaders(await fetchWorker(`http://localhost${path}`));
  });

  it("a fresh nonce on every response", async () => {
    const nonce = async () =>
      (await fetchWorker("http://localhost/api/rounds/all")).headers.get("Content-Security-Policy")!.match(/'nonce-([^']+)'/)![1];
    expect(await nonce()).not.toBe(await nonce());
  });

  it("HSTS only over https", async () => {
    expect((await fetchWorker("https://league.example/api/rounds/all")).headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8}/);
    expect((await fetchWorker("http://localhost/api/rounds/all")).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("Cache-Control, set in one place", () => {
  it("a login's answer (Set-Cookie, the user's data) is private, no-store", async () => {
    const user = await makeUser();
    const res = await call("POST", "/api/users/login", { body: { email: user.email, password: user.password } });
    await expectStatus(res, 200);
    expect(res.headers.get("Set-Cookie")).toContain("__Host-session=");
  });

  it.each(["/api/nothing-here", "/api/players/999999", "/anything-else", "/api/users/me"])("%s is private, no-store", async (path) => {
    const res = await fetchWorker(`http://localhost${path}`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Cache-Tag")).toBeNull();
  });
});

describe("request body limit", () => {
  const big = (bytes: number) => JSON.stringify({ email: "a@example.com", password: "x".repeat(bytes) });

  it.each([
    ["a known API route", "/api/users/login"],
    ["an unknown API path", "/api/no-such-thing"],
    ["an admin route without a token", "/api/admin/user/add"],
  ])("413 for a 70 KB JSON body to %s, in the error envelope", async (_case, path) => {
    const body = await expectError(await call("POST", path, { body: big(70 * 1024) }), 413);
    expect(body.code).toBe("payload_too_large");
  });

  it("413 as text for a page action (a 20 MB form)", async () => {
    const res = await fetchWorker("http://localhost/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=a%40example.com&password=${"x".repeat(20 * 1024 * 1024)}`,
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.text()).toMatch(/too large/);
  });

  it("a body of unknown length (chunked) is cut off at the limit too", async () => {
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetchWorker("http://localhost/api/users/login", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("a small chunked body reaches the route whole", async () => {
    const user = await makeUser();
    const json = new TextEncoder().encode(JSON.stringify({ email: user.email, password: user.password }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(json.slice(0, 10));
        controller.enqueue(json.slice(10));
        controller.close();
      },
    });
    const res = await fetchWorker("http://localhost/api/users/login", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.77" },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(200);
  });

  it("a body just under the limit is read as usual (400 for its content, not 413)", async () => {
    const padding = DEFAULT_BODY_LIMIT - big(0).length - 10;
    await expectError(
      await call("POST", "/api/users/register", {
        body: JSON.stringify({ email: "a@", name: "n", password: "x", pad: "y".repeat(padding) }),
      }),
      400,
    );
  });

  it("malformed JSON is a 400, never a 500", async () => {
    await expectError(await call("POST", "/api/users/login", { body: "{not json" }), 400);
  });
});
