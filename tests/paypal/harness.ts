import { type PayPal, payPalClient } from "~/.server/paypal/client";
import { createStandIn, STANDIN_CREDENTIALS, type StandInOptions } from "../../scripts/paypal-standin/standin";

// The real client against the stand-in, in process: the client's fetch is the stand-in's
// handler. Each harness gets its own API base, so the client's module-level token cache
// never hands one stand-in's token to another.

let harnesses = 0;

/** A webhook the stand-in sent: `url` the one its merchant registered, null for merchant A's root fallback. */
export type Received = { body: string; headers: Headers; url?: string | null };

export function harness(overrides: Partial<StandInOptions> & { clientSecret?: string } = {}) {
  const received: Received[] = [];
  const standIn = createStandIn({
    ...STANDIN_CREDENTIALS,
    webhookTarget: async (body, headers, url) => {
      received.push({ body, headers, url });
      return new Response(null, { status: 200 });
    },
    ...overrides,
  });
  const calls: string[] = [];
  const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(url, init);
    calls.push(`${req.method} ${new URL(req.url).pathname}`);
    return standIn.fetch(req);
  }) as typeof fetch;
  const config = { ...STANDIN_CREDENTIALS, apiBase: `https://standin-${++harnesses}.test` };
  const client: PayPal = payPalClient(config, fetchImpl);
  const clientWith = (secret: string) => payPalClient({ ...config, clientSecret: secret }, fetchImpl);
  return { standIn, client, clientWith, calls, received, config, fetchImpl };
}

export const order = (amountCents = 1234, requestId: string = crypto.randomUUID()) => ({
  amountCents,
  currency: "USD" as const,
  customId: "entry:round-7:player-3",
  description: "Round 7 entry",
  requestId,
});
