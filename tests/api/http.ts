// Requests through the test Worker's real fetch (router, middleware, error handler, D1).
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { SESSION_COOKIE } from "~/.server/auth/session";

export type Credentials = "none" | "bearer" | "cookie";

export function get(path: string, creds: Credentials = "none"): Promise<Response> {
  if (creds === "bearer") return getWith(path, { Authorization: "Bearer x" });
  if (creds === "cookie") return getWith(path, { Cookie: `theme=dark; ${SESSION_COOKIE}=abc` });
  return getWith(path, {});
}

export function getWith(path: string, headers: Record<string, string>): Promise<Response> {
  return exports.default.fetch(new Request(`http://example.com${path}`, { headers }));
}

/** An anonymous public read: 200, JSON, shared-cacheable with a tag, and no cookie set. */
export async function getPublic<T = unknown>(path: string): Promise<T> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type"), path).toMatch(/^application\/json/);
  expectPublicCache(res, path);
  return (await res.json()) as T;
}

export function expectPublicCache(res: Response, path: string) {
  const cc = res.headers.get("Cache-Control") ?? "";
  expect(cc.split(/,\s*/), path).toContain("public");
  expect(cc, path).toMatch(/max-age=\d+/);
  expect(res.headers.get("Cache-Tag"), path).toMatch(/\S/);
  expect(res.headers.get("Set-Cookie"), path).toBeNull();
}

export function expectPrivateCache(res: Response, path: string) {
  const cc = res.headers.get("Cache-Control") ?? "";
  expect(cc, path).toContain("private");
  expect(cc, path).toContain("no-store");
  expect(cc, path).not.toContain("public");
}

/** The one error envelope (ADR 43), its request id the answer's X-Request-Id; the expected status (never a 500), and never cacheable. */
export async function expectError(path: string, status: number, code: string, creds: Credentials = "none") {
  const res = await get(path, creds);
  expect(res.status, path).toBe(status);
  expect(res.status, path).toBeLessThan(500);
  expectPrivateCache(res, path);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body, path).toEqual({ error: expect.any(String), code, requestId: res.headers.get("X-Request-Id") });
  expect((body.error as string).length, path).toBeGreaterThan(0);
  return body as { error: string; code: string };
}
