import { describe, expect, it } from "vitest";
import { payPalCheckout, payPalConfig, STANDIN_CREDENTIALS as APP_SIDE, SANDBOX_API_BASE } from "~/.server/paypal/config";
import { STANDIN_CREDENTIALS, STANDIN_MARKER } from "../../scripts/paypal-standin/standin";

// The stand-in must never ship: the Worker bundle is what app/ and workers/ import, so no
// file there may import it (or anything under scripts/), nor carry its marker.
const sources = import.meta.glob(["/app/**/*.{ts,tsx}", "/app/.server/**/*.ts", "/workers/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

const IMPORTS_STANDIN = /(from\s+|import\s*\(\s*)["'][^"']*(paypal-standin|scripts\/)|PAYPAL-LOCAL-STANDIN/;

describe("the local PayPal stand-in stays out of the Worker", () => {
  it("is imported by nothing under app/ or workers/", () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain("/app/.server/paypal/client.ts");
    const offenders = Object.entries(sources)
      .filter(([, text]) => IMPORTS_STANDIN.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
    // The check itself catches the ways an import could be written.
    expect(IMPORTS_STANDIN.test('import { createStandIn } from "../../scripts/paypal-standin/standin";')).toBe(true);
    expect(IMPORTS_STANDIN.test('await import( "../scripts/other.ts")')).toBe(true);
  });

  it("accepts the credentials the app uses when none are set", () => {
    expect(APP_SIDE).toEqual(STANDIN_CREDENTIALS);
  });

  it("has the marker check-bundle.mjs looks for in the built Worker", () => {
    expect(STANDIN_MARKER).toBe("PAYPAL-LOCAL-STANDIN");
    expect(IMPORTS_STANDIN.test(STANDIN_MARKER)).toBe(true);
  });
});

describe("payPalConfig", () => {
  const local = { APP_URL: "http://localhost:8787" };
  const creds = { PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_WEBHOOK_ID: "wh" };

  it("uses PayPal (sandbox by default, PAYPAL_API_BASE when set) when credentials are set", () => {
    expect(payPalConfig({ ...local, ...creds }, "http://localhost:8787")).toEqual({
      apiBase: SANDBOX_API_BASE,
      clientId: "id",
      clientSecret: "secret",
      webhookId: "wh",
    });
    const live = payPalConfig(
      { APP_URL: "https://league.example", ...creds, PAYPAL_API_BASE: "https://api-m.paypal.com/" },
      "https://league.example",
    );
    expect(live?.apiBase).toBe("https://api-m.paypal.com");
  });

  it("uses the stand-in on the app's port + 1000 when served locally without credentials", () => {
    expect(payPalConfig(local, "http://localhost:9000")).toEqual({ apiBase: "http://127.0.0.1:10000", ...STANDIN_CREDENTIALS });
    expect(payPalConfig({ ...local, PAYPAL_CLIENT_ID: "id" }, "http://127.0.0.1:8788")?.apiBase).toBe("http://127.0.0.1:9788");
  });

  it("has no PayPal when deployed without credentials", () => {
    expect(payPalConfig({ APP_URL: "https://league.example" }, "https://league.example")).toBeNull();
    expect(payPalConfig(local, "https://league.example")).toBeNull();
  });
});

describe("payPalCheckout: what the sign-up dialog is given", () => {
  // The default league without a PayPal of its own: the deployment's (app/.server/paypal/config.ts).
  const DEFAULT = { id: 1, isDefault: true };
  const creds = { PAYPAL_CLIENT_ID: "public-id", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_WEBHOOK_ID: "wh" };

  it("gives PayPal's SDK the public client id and its environment, never the secret", () => {
    const sandbox = payPalCheckout({ APP_URL: "https://league.example", ...creds }, "https://league.example", DEFAULT, null);
    expect(sandbox).toEqual({ kind: "paypal", clientId: "public-id", environment: "sandbox" });
    const live = payPalCheckout(
      { APP_URL: "https://league.example", ...creds, PAYPAL_API_BASE: "https://api-m.paypal.com" },
      "https://league.example",
      DEFAULT,
      null,
    );
    expect(live).toEqual({ kind: "paypal", clientId: "public-id", environment: "production" });
    expect(JSON.stringify(live)).not.toContain("secret");
  });

  it("gives the local stand-in's origin locally without credentials, and nothing when deployed without them", () => {
    expect(payPalCheckout({ APP_URL: "http://localhost:8787" }, "http://localhost:8850", DEFAULT, null)).toEqual({
      kind: "standin",
      origin: "http://127.0.0.1:9850",
    });
    expect(payPalCheckout({ APP_URL: "https://league.example" }, "https://league.example", DEFAULT, null)).toBeNull();
  });
});
