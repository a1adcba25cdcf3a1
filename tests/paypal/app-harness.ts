// The whole app with PayPal in process, for tests that go through the Worker: the app's
// outgoing calls to the stand-in's address (http://127.0.0.1:{port + 1000} for a request
// to http://localhost) are answered by an in-process stand-in, which records the webhooks
// it would send; and a Worker whose queue records what a request enqueues.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { createStandIn, STANDIN_CREDENTIALS, type StandIn } from "../../scripts/paypal-standin/standin";
import { call, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makePlayer, makeRound, makeTransfer, testDb } from "../fixtures";
import { deliver } from "../job-fixtures";
import testWorker from "../worker";
import { claims, entries, payments } from "~/.server/db/schema";
import { payPalClient } from "~/.server/paypal/client";
import type { Received } from "./harness";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const STANDIN_BASE = "http://127.0.0.1:1080";

type OrderWithCaptures = { purchase_units: { payments: { captures: { amount: { value: string } }[] } }[] };

/**
 * Installs the stand-in for the calling test file (beforeAll/afterAll swap the global
 * fetch). `capturedValue`, when set, makes PayPal answer every capture with that amount
 * instead: a PayPal that charged something else.
 */
export function installPayPalApp() {
  let standIn: StandIn | undefined;
  const webhooks: Received[] = [];
  const realFetch = globalThis.fetch;
  const app = {
    capturedValue: null as string | null,
    webhooks,
    get standIn(): StandIn {
      if (!standIn) throw new Error("installPayPalApp: the stand-in starts in beforeAll");
      return standIn;
    },
  };
  beforeAll(() => {
    standIn = createStandIn({
      ...STANDIN_CREDENTIALS,
      baseUrl: STANDIN_BASE,
      webhookTarget: async (body, headers, url) => {
        webhooks.push({ body, headers, url });
        return new Response(null, { status: 200 });
      },
    });
    const inProcess = standIn;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      if (!req.url.startsWith(`${STANDIN_BASE}/`)) return realFetch(req);
      const res = await inProcess.fetch(req);
      if (!app.capturedValue || !new URL(req.url).pathname.endsWith("/capture")) return res;
      const order = await res.json<OrderWithCaptures>();
      const capture = order.purchase_units[0]?.payments.captures[0];
      if (capture) capture.amount.value = app.capturedValue;
      return Response.json(order, { status: res.status });
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });
  return app;
}

/** The real PayPal client, talking to the stand-in the way the app does. */
export const paypal = () => payPalClient({ ...STANDIN_CREDENTIALS, apiBase: STANDIN_BASE });

/** A user whose approved claim holds `credit` cents, and an open $6 round (with the ace fund). */
export async function payingPlayer(credit = 200) {
  const [user, p, round] = await Promise.all([makeUser(), makePlayer({ division: "MA2" }), makeRound({ openForRegistration: true })]);
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: p.id, status: "approved" });
  if (credit) await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: credit });
  return { user, player: p, round, token: await tokenFor(user) };
}

export type Payer = Awaited<ReturnType<typeof payingPlayer>>;

export const orderBody = (w: Payer, extra: Record<string, unknown> = {}) => ({
  round_id: w.round.id,
  division: "MA2",
  ace: true,
  credit_used: 2,
  ...extra,
});

/** POST /api/entries/paypal-order for `w` ($6 less $2 of credit unless `extra` says otherwise). */
export const createOrder = (w: Payer, extra: Record<string, unknown> = {}, token: string | undefined = w.token) =>
  call("POST", "/api/entries/paypal-order", { token, body: orderBody(w, extra) });

/** The browser's capture: POST /api/entries with method paypal and the order id. */
export const capture = (w: Payer, orderID: string, token = w.token) =>
  call("POST", "/api/entries", {
    token,
    body: {
      ace: true,
      amount: 0,
      credit_used: 2,
      division: "MA2",
      method: "paypal",
      payment_data: { orderID },
      player_id: w.player.id,
      round_id: w.round.id,
      score: 0,
    },
  });

export const paymentsOf = (roundId: number) => testDb().select().from(payments).where(eq(payments.roundId, roundId));
export const entriesOf = (roundId: number) => testDb().select().from(entries).where(eq(entries.roundId, roundId));

/** A recording queue, and the Worker run with it: what a request enqueues is kept. */
export function recordingWorker() {
  const sent: unknown[] = [];
  const JOBS = { send: async (body: unknown) => void sent.push(body), sendBatch: async () => {} } as unknown as Queue;
  const fetch = (req: Request) => testWorker.fetch(req, { ...env, JOBS } as Env, createExecutionContext());
  return { sent, fetch };
}

export const webhookRequest = (body: string, headers: Headers) =>
  new Request("http://localhost/api/paypal/webhook", { method: "POST", body, headers: new Headers(headers) });

type App = ReturnType<typeof installPayPalApp>;

/** An order made through the app for `w` and approved by the payer in the stand-in. */
export async function approvedOrder(app: App, w: Payer): Promise<string> {
  const { orderID } = await expectStatus<{ orderID: string }>(await createOrder(w), 201);
  app.standIn.approve(orderID);
  return orderID;
}

/**
 * The order captured at PayPal (the browser's answer lost) and `count` deliveries of its
 * capture event as PayPal replays it: the same event, each with a new transmission.
 */
export async function capturedWithReplays(app: App, orderID: string, count: number): Promise<Received[]> {
  await paypal().captureOrder(orderID, `capture-${orderID}`);
  await app.standIn.settled();
  const original = app.webhooks.find((h) => h.body.includes(orderID));
  expect(original, `the capture webhook of ${orderID}`).toBeDefined();
  const before = app.webhooks.length;
  for (let i = 1; i < count; i++) await app.standIn.replayWebhook(orderID);
  const replays = [original!, ...app.webhooks.slice(before)];
  expect(replays).toHaveLength(count);
  return replays;
}

/** Queue jobs delivered in batches of ten at once, the first ten twice (the queue is at-least-once). */
export async function deliverAllAtOnce(sent: unknown[]) {
  const bodies = [...sent, ...sent.slice(0, 10)].map((body) => ({ body }));
  return Promise.all(Array.from({ length: Math.ceil(bodies.length / 10) }, (_, i) => deliver(bodies.slice(i * 10, i * 10 + 10))));
}
