// A league's PayPal secret at rest (app/.server/paypal/sealed-secret.ts) and which PayPal a
// request uses (app/.server/paypal/config.ts): the league's own once connected, the
// deployment's for the default league only, else none.
import { describe, expect, it } from "vitest";
import {
  LIVE_API_BASE,
  SANDBOX_API_BASE,
  STANDIN_API_BASE,
  STANDIN_CREDENTIALS,
  leaguePayPalConfig,
  payPalCheckout,
} from "~/.server/paypal/config";
import { credentialsKey, sealSecret, unsealSecret } from "~/.server/paypal/sealed-secret";

const KEY = btoa("k".repeat(32)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
const OTHER_KEY = btoa("o".repeat(40)).replace(/=+$/, "");
const key = () => credentialsKey(KEY) as Promise<CryptoKey>;

describe("sealing a league's PayPal secret", () => {
  it("round-trips, with a fresh IV each time, and never holds the secret in the clear", async () => {
    const a = await sealSecret(await key(), 7, "EJ-the-secret-42");
    const b = await sealSecret(await key(), 7, "EJ-the-secret-42");
    expect(a).not.toBe(b);
    expect(a).not.toContain("EJ-the-secret-42");
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await unsealSecret(await key(), 7, a)).toBe("EJ-the-secret-42");
  });

  it("refuses a tampered ciphertext, another league's row and another key", async () => {
    const sealed = await sealSecret(await key(), 7, "EJ-the-secret-42");
    const [v, iv, body] = sealed.split(".");
    const flipped = `${body.slice(0, 5)}${body[5] === "A" ? "B" : "A"}${body.slice(6)}`;
    expect(await unsealSecret(await key(), 7, `${v}.${iv}.${flipped}`)).toBeNull();
    expect(await unsealSecret(await key(), 7, `${v}.${iv}.${body}x`)).toBeNull();
    expect(await unsealSecret(await key(), 7, "not sealed at all")).toBeNull();
    expect(await unsealSecret(await key(), 8, sealed)).toBeNull();
    expect(await unsealSecret(await (credentialsKey(OTHER_KEY) as Promise<CryptoKey>), 7, sealed)).toBeNull();
  });

  it("has no key when PAYPAL_CREDENTIALS_KEY is missing, a placeholder or weak", () => {
    expect(credentialsKey(undefined)).toBeNull();
    expect(credentialsKey("")).toBeNull();
    expect(credentialsKey("change-me-to-32-random-bytes-base64url")).toBeNull(); // 28 bytes
    expect(credentialsKey(btoa("short-key"))).toBeNull();
    expect(credentialsKey("not base64url!*")).toBeNull();
    expect(credentialsKey(KEY)).not.toBeNull();
  });
});

describe("which PayPal a request uses", () => {
  const local = { APP_URL: "http://localhost:8787", PAYPAL_CREDENTIALS_KEY: KEY };
  const deployed = { APP_URL: "https://league.example", PAYPAL_CREDENTIALS_KEY: KEY };
  const envCreds = { PAYPAL_CLIENT_ID: "deployment-id", PAYPAL_CLIENT_SECRET: "deployment-secret", PAYPAL_WEBHOOK_ID: "deployment-wh" };
  const DEFAULT = { id: 1, isDefault: true };
  const OTHER = { id: 9, isDefault: false };
  const rowOf = async (leagueId: number, over: { apiBase?: string; webhookId?: string | null } = {}) => ({
    apiBase: over.apiBase ?? SANDBOX_API_BASE,
    clientId: "league-client",
    secretSealed: await sealSecret(await key(), leagueId, "league-secret"),
    webhookId: over.webhookId === undefined ? "WH-LEAGUE" : over.webhookId,
  });

  it("a league connected to its own PayPal uses it, the default league too", async () => {
    for (const league of [OTHER, DEFAULT]) {
      const row = await rowOf(league.id, { apiBase: LIVE_API_BASE });
      expect(await leaguePayPalConfig({ ...deployed, ...envCreds }, "https://league.example", league, row)).toEqual({
        apiBase: LIVE_API_BASE,
        clientId: "league-client",
        clientSecret: "league-secret",
        webhookId: "WH-LEAGUE",
      });
      expect(payPalCheckout({ ...deployed, ...envCreds }, "https://league.example", league, row)).toEqual({
        kind: "paypal",
        clientId: "league-client",
        environment: "production",
      });
    }
  });

  it("saved but not connected (no webhook yet): not the league's own", async () => {
    const row = await rowOf(OTHER.id, { webhookId: null });
    expect(await leaguePayPalConfig(deployed, "https://league.example", OTHER, row)).toBeNull();
    expect(payPalCheckout(deployed, "https://league.example", OTHER, row)).toBeNull();
    // The default league keeps the deployment's meanwhile.
    const own = await rowOf(DEFAULT.id, { webhookId: null });
    expect((await leaguePayPalConfig({ ...deployed, ...envCreds }, "https://league.example", DEFAULT, own))?.clientId).toBe(
      "deployment-id",
    );
  });

  it("the default league without its own keeps the deployment's credentials, or locally the stand-in's merchant A", async () => {
    expect((await leaguePayPalConfig({ ...deployed, ...envCreds }, "https://league.example", DEFAULT, null))?.clientId).toBe(
      "deployment-id",
    );
    expect(await leaguePayPalConfig(local, "http://localhost:8787", DEFAULT, null)).toEqual({
      apiBase: "http://127.0.0.1:9787",
      ...STANDIN_CREDENTIALS,
    });
    expect(await leaguePayPalConfig(deployed, "https://league.example", DEFAULT, null)).toBeNull();
  });

  it("any other league without its own has no PayPal, whatever the deployment has", async () => {
    expect(await leaguePayPalConfig({ ...deployed, ...envCreds }, "https://league.example", OTHER, null)).toBeNull();
    expect(await leaguePayPalConfig(local, "http://localhost:8787", OTHER, null)).toBeNull();
    expect(payPalCheckout({ ...local, ...envCreds }, "http://localhost:8787", OTHER, null)).toBeNull();
  });

  it("a league's stand-in works only when served locally", async () => {
    const row = await rowOf(OTHER.id, { apiBase: STANDIN_API_BASE });
    expect((await leaguePayPalConfig(local, "http://localhost:8787", OTHER, row))?.apiBase).toBe("http://127.0.0.1:9787");
    expect(payPalCheckout(local, "http://localhost:8787", OTHER, row)).toEqual({ kind: "standin", origin: "http://127.0.0.1:9787" });
    expect(await leaguePayPalConfig(deployed, "https://league.example", OTHER, row)).toBeNull();
  });

  it("a connected row that cannot be opened (no key, another key) is no PayPal, never a crash", async () => {
    const row = await rowOf(OTHER.id);
    expect(await leaguePayPalConfig({ APP_URL: "https://league.example" }, "https://league.example", OTHER, row)).toBeNull();
    expect(await leaguePayPalConfig({ ...deployed, PAYPAL_CREDENTIALS_KEY: OTHER_KEY }, "https://league.example", OTHER, row)).toBeNull();
  });
});
