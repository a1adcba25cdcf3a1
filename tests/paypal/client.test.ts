import { describe, expect, it } from "vitest";
import { centsToValue, valueToCents } from "~/.server/paypal/amount";
import { PayPalError } from "~/.server/paypal/errors";
import { harness, order } from "./harness";

describe("PayPal client against the local stand-in", () => {
  it("asks for one token for several calls", async () => {
    const { client, standIn } = harness();
    const a = await client.createOrder(order());
    await client.getOrder(a.orderId);
    await client.createOrder(order());
    expect(standIn.stats.tokenRequests).toBe(1);
  });

  it("creates, the payer approves, captures: COMPLETED with PayPal's fee", async () => {
    const { client, standIn } = harness();
    const created = await client.createOrder(order(1234));
    expect(created.status).toBe("CREATED");
    standIn.approve(created.orderId);
    const capture = await client.captureOrder(created.orderId, crypto.randomUUID());
    // 3.49% of $12.34 = 43.07¢ → 43¢, + 49¢.
    expect(capture).toEqual({
      orderId: created.orderId,
      captureId: expect.any(String),
      status: "COMPLETED",
      amountCents: 1234,
      currency: "USD",
      feeCents: 92,
      customId: "entry:round-7:player-3",
    });
    const after = await client.getOrder(created.orderId);
    expect(after).toMatchObject({ status: "COMPLETED", amountCents: 1234, currency: "USD", customId: "entry:round-7:player-3" });
    expect(after.capture).toEqual(capture);
  });

  it("captures once: a retry with the same request id and a second capture give the same capture", async () => {
    const { client, standIn } = harness();
    const { orderId } = await client.createOrder(order(600));
    standIn.approve(orderId);
    const requestId = crypto.randomUUID();
    const first = await client.captureOrder(orderId, requestId);
    const retry = await client.captureOrder(orderId, requestId);
    const other = await client.captureOrder(orderId, crypto.randomUUID()); // 422 ORDER_ALREADY_CAPTURED → the order's capture
    expect(retry).toEqual(first);
    expect(other).toEqual(first);
    await standIn.settled();
    expect(standIn.stats.deliveries).toHaveLength(1);
  });

  it("refuses to capture an order the payer has not approved", async () => {
    const { client } = harness();
    const { orderId } = await client.createOrder(order());
    const error = await client.captureOrder(orderId, crypto.randomUUID()).catch((e) => e);
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ status: 422, issue: "ORDER_NOT_APPROVED", debugId: expect.any(String) });
  });

  it("answers a repeated create (same PayPal-Request-Id) with the same order", async () => {
    const { client } = harness();
    const requestId = crypto.randomUUID();
    const a = await client.createOrder(order(500, requestId));
    const b = await client.createOrder(order(500, requestId));
    const c = await client.createOrder(order(500));
    expect(b.orderId).toBe(a.orderId);
    expect(c.orderId).not.toBe(a.orderId);
  });

  it("sends amounts as decimal strings and reads them back by digits", async () => {
    expect(centsToValue(1234)).toBe("12.34");
    expect(centsToValue(5)).toBe("0.05");
    expect(centsToValue(0)).toBe("0.00");
    expect(centsToValue(100_000_07)).toBe("100000.07");
    expect(valueToCents("12.34")).toBe(1234);
    expect(valueToCents("0.05")).toBe(5);
    expect(valueToCents("7")).toBe(700);
    expect(valueToCents("0.5")).toBe(50);
    for (const bad of ["1.234", "-1.00", "1e3", "", " 1.00", "1,00"]) expect(() => valueToCents(bad)).toThrow(RangeError);
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => centsToValue(bad)).toThrow(RangeError);

    const { client, standIn } = harness();
    for (const cents of [5, 1234, 10_00, 99_999]) {
      const { orderId } = await client.createOrder(order(cents));
      expect((await client.getOrder(orderId)).amountCents).toBe(cents);
      standIn.approve(orderId);
      expect((await client.captureOrder(orderId, crypto.randomUUID())).amountCents).toBe(cents);
    }
  });

  it("turns bad credentials into a PayPalError 401 that does not carry the secret", async () => {
    const { clientWith } = harness();
    const error = await clientWith("wrong-secret-value")
      .createOrder(order())
      .catch((e) => e);
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ status: 401, issue: "invalid_client" });
    expect(error.message).not.toContain("wrong-secret-value");
    expect(error.message).not.toContain(btoa("local-standin-client:wrong-secret-value"));
  });

  it("reports an unknown order as a 404 PayPalError", async () => {
    const { client } = harness();
    await expect(client.getOrder("NOPE")).rejects.toMatchObject({ status: 404, issue: "INVALID_RESOURCE_ID" });
  });

  it("gets a fresh token when PayPal no longer knows the cached one (a restarted stand-in)", async () => {
    const first = harness();
    await first.client.createOrder(order());
    const restarted = harness();
    // Same API base and credentials as the first client, so its cached token is offered first.
    const { payPalClient } = await import("~/.server/paypal/client");
    const client = payPalClient(first.config, restarted.fetchImpl);
    const created = await client.createOrder(order());
    expect(restarted.standIn.hasOrder(created.orderId)).toBe(true);
    expect(restarted.standIn.stats.tokenRequests).toBe(1);
  });

  it("times out and unreachable hosts as PayPalError status 0", async () => {
    const { payPalClient } = await import("~/.server/paypal/client");
    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    const client = payPalClient({ apiBase: "https://down.test", clientId: "a", clientSecret: "b", webhookId: "c" }, down);
    await expect(client.getOrder("X")).rejects.toMatchObject({ name: "PayPalError", status: 0, issue: "NETWORK_ERROR" });
  });
});
