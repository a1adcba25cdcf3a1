import { describe, expect, it } from "vitest";
import { applyResponsePolicy } from "../../workers/response-policy";

const policy = (response: Response, headers: Record<string, string> = {}) =>
  applyResponsePolicy(new Request("http://localhost/x", { headers }), response, "bm9uY2U=", { dev: false });

const PUBLIC = { "Cache-Control": "public, max-age=30", "Cache-Tag": "rounds" };

describe("applyResponsePolicy: what may be shared by a cache", () => {
  it("keeps a public anonymous 200 public, with its tag", () => {
    const res = policy(new Response("ok", { headers: PUBLIC }));
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=30");
    expect(res.headers.get("Cache-Tag")).toBe("rounds");
  });

  it.each([
    ["no Cache-Control at all (heuristic caching would store it)", new Response("ok"), {}],
    ["a redirect", new Response(null, { status: 302, headers: { Location: "/" } }), {}],
    ["a public answer that sets a cookie", new Response("ok", { headers: { ...PUBLIC, "Set-Cookie": "a=b" } }), {}],
    ["a public answer to a request with a session cookie", new Response("ok", { headers: PUBLIC }), { Cookie: "__Host-session=abc" }],
    ["a public answer to a Bearer request", new Response("ok", { headers: PUBLIC }), { Authorization: "Bearer x" }],
    ["a public error", new Response("no", { status: 404, headers: PUBLIC }), {}],
    ["'no-public' is not public", new Response("ok", { headers: { "Cache-Control": "max-age=30, no-public" } }), {}],
  ])("makes %s private, no-store", (_case, response, headers) => {
    const res = policy(response, headers);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Cache-Tag")).toBeNull();
  });

  it("works on responses whose headers are immutable (Response.redirect)", () => {
    const res = policy(Response.redirect("http://localhost/", 302));
    expect(res.status).toBe(302);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("dev mode allows Vite's injected styles; production does not", () => {
    const dev = applyResponsePolicy(new Request("http://localhost/"), new Response("x"), "n", { dev: true });
    expect(dev.headers.get("Content-Security-Policy")).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy(new Response("x")).headers.get("Content-Security-Policy")).toContain("style-src 'self' 'nonce-bm9uY2U=';");
  });

  it("lets the page reach the local PayPal stand-in only when it is the PayPal, and PayPal's hosts only when PayPal is", () => {
    const csp = (payPal: Parameters<typeof applyResponsePolicy>[3]["payPal"]) =>
      applyResponsePolicy(new Request("http://localhost/"), new Response("x"), "n", { dev: false, payPal }).headers.get(
        "Content-Security-Policy",
      ) ?? "";
    const none = csp(null);
    expect(none).toContain("connect-src 'self';");
    expect(none).not.toContain("paypal");
    expect(none).not.toContain("frame-src");
    const local = csp({ kind: "standin", origin: "http://127.0.0.1:9787" });
    expect(local).toContain("connect-src 'self' http://127.0.0.1:9787;");
    expect(local).toContain("script-src 'self' 'nonce-n';");
    const real = csp({ kind: "paypal", clientId: "id", environment: "sandbox" });
    for (const directive of ["script-src", "connect-src", "frame-src", "img-src"]) {
      expect(real).toMatch(new RegExp(`${directive} [^;]*https://\\*\\.paypal\\.com`));
    }
    expect(real).not.toContain("127.0.0.1");
    // A league page that offered no PayPal itself allows any league's: PayPal's hosts and, locally, the stand-in.
    const any = csp([
      { kind: "paypal", clientId: "", environment: "sandbox" },
      { kind: "standin", origin: "http://127.0.0.1:9787" },
    ]);
    expect(any).toMatch(/connect-src 'self'[^;]*https:\/\/\*\.paypal\.com[^;]* http:\/\/127\.0\.0\.1:9787;/);
    expect(any).toMatch(/frame-src 'self'[^;]*https:\/\/\*\.paypal\.com/);
  });
});
