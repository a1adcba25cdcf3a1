import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_ORIGIN, PASSWORD, call, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, makePlayer, makeRound, nowSec } from "../fixtures";

// Every kind of /api error answers the one envelope { error, code, requestId } (ADR 43),
// its requestId the response's X-Request-Id, so an organiser's screenshot of the error can
// be matched to the log line of the request that failed.

type Envelope = { error: string; code: string; requestId: string };

async function expectEnvelope(res: Response, status: number, code: string): Promise<Envelope> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text) as Envelope;
  expect(body).toEqual({ error: expect.stringMatching(/\S/), code, requestId: res.headers.get("X-Request-Id") });
  expect(body.requestId).toMatch(/^\S{8,}$/);
  return body;
}

afterEach(() => vi.restoreAllMocks());

describe("the /api's one error envelope", () => {
  it("404 for a path no route answers", async () => {
    const body = await expectEnvelope(await call("GET", "/api/no-such-thing"), 404, "not_found");
    expect(body.error).toBe("Not found");
  });

  it("400 for input its schema refuses (zod)", async () => {
    await expectEnvelope(await call("POST", "/api/users/login", { body: { email: "not an email" } }), 400, "bad_request");
  });

  it("400 for a JSON body that does not parse (Hono's own 4xx)", async () => {
    await expectEnvelope(await call("POST", "/api/users/login", { body: "{not json" }), 400, "bad_request");
  });

  it("415 for a body that is not JSON", async () => {
    const sent = new Request("http://localhost/api/users/login", {
      method: "POST",
      body: "email=a",
      headers: { "Content-Type": "text/plain" },
    });
    await expectEnvelope(await exports.default.fetch(sent), 415, "unsupported_media_type");
  });

  it("413 for a body over the limit, refused by the Worker before any route", async () => {
    const res = await call("POST", "/api/users/login", { body: { email: "a@example.com", password: "x".repeat(70 * 1024) } });
    await expectEnvelope(res, 413, "payload_too_large");
  });

  it("403 for a cookie write from another site, refused by the Worker before any route", async () => {
    const res = await call("POST", "/api/users/logout", { cookie: "abc", origin: "https://evil.example" });
    expect((await expectEnvelope(res, 403, "forbidden")).error).toBe("Cross-site request refused");
  });

  it("401 for a guarded route without a session", async () => {
    await expectEnvelope(await call("GET", "/api/users/me"), 401, "unauthorized");
  });

  it("409 for a service's AppError (an ace the pot cannot pay)", async () => {
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    const round = await makeRound({ startsAt: nowSec() + 400 * DAY, aceCents: 100 });
    // No entry opted in, so the pot has nothing: any ace would take it below zero.
    const ace = { values: { d: round.startsAt, player: (await makePlayer()).id, amt: "5.00" } };
    const body = await expectEnvelope(await call("POST", "/api/ace/add", { token, body: ace }), 409, "conflict");
    expect(body.error).toMatch(/would take it below zero/);
  });

  it("400 with `valid: false` beside the envelope for a reset link that does not verify", async () => {
    const res = await call("POST", "/api/users/verify-reset-token", { body: { token: "a".repeat(64) } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({
      valid: false,
      error: "Invalid or expired reset link.",
      code: "bad_request",
      requestId: res.headers.get("X-Request-Id"),
    });
  });

  it("500 for an unexpected failure: the envelope, and the same id in the log line", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.exec("ALTER TABLE layout_holes RENAME TO layout_holes_away");
    try {
      const res = await call("GET", "/api/courses", { token: await tokenFor(await makeUser()) });
      const body = await expectEnvelope(res, 500, "internal");
      expect(body.error).toBe("An error occurred. Please try again.");
      const line = logged.mock.calls.find((args) => String(args[0]).startsWith("Unhandled API error"));
      expect(String(line?.[0])).toContain(body.requestId);
    } finally {
      await env.DB.exec("ALTER TABLE layout_holes_away RENAME TO layout_holes");
    }
  });
});

describe("the request id", () => {
  it("differs between two requests, and a success answer carries one too", async () => {
    const [a, b] = await Promise.all([call("GET", "/api/no-such-thing"), call("GET", "/api/no-such-thing")]);
    const [ea, eb] = [await expectEnvelope(a, 404, "not_found"), await expectEnvelope(b, 404, "not_found")];
    expect(ea.requestId).not.toBe(eb.requestId);
    const ok = await call("POST", "/api/users/login", { body: { email: (await makeUser()).email, password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("X-Request-Id")).toMatch(/^\S{8,}$/);
  });

  it("is Cloudflare's ray id when the request has one", async () => {
    const res = await call("GET", "/api/no-such-thing", { headers: { "cf-ray": "8f1c2d3e4a5b6c7d-SJC" } });
    expect((await expectEnvelope(res, 404, "not_found")).requestId).toBe("8f1c2d3e4a5b6c7d-SJC");
  });

  it("pages do not get one: X-Request-Id is the /api's", async () => {
    const res = await call("POST", "/login", { cookie: "abc", origin: APP_ORIGIN.replace("://", "://evil.") });
    expect(res.status).toBe(403);
    expect(res.headers.get("X-Request-Id")).toBeNull();
  });
});
