// A cancelled round's PayPal payment on the player's home (ADR 50): given back as league
// credit, the home offers it back to PayPal until 30 days after the cancel, and its button
// posts to the home's own action, which asks as POST /api/rounds/{id}/paypal-back does. The
// round is cancelled by the cancel's own service; a cancel of long ago is that cancel moved back.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { RouterContextProvider, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, makeUser, uniqueIp } from "../auth-fixtures";
import { pages } from "../isolation/pages-build";
import { recordQueue } from "../registration-fixtures";
import { createWorker } from "../../workers/worker";
import { SESSION_COOKIE } from "~/.server/auth/session";
import { DAY, nowSec, testDb, uniq } from "../fixtures";
import { giveBacks, paidEntry, paymentRow } from "../money-fixtures";
import { h, renderHtml, textOf } from "../render-fixtures";
import { argsWith, outcome } from "../route-fixtures";
import { observeD1 } from "../../workers/d1-observer";
import { gatherReads } from "../../workers/read-runner";
import type { Session } from "~/.server/auth/current-user";
import { getDb } from "~/.server/db/client";
import { claims, paymentRefunds, payments, roundCancellations, rounds } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { takeFollowUps } from "~/.server/follow-ups";
import { leagueFromEnv } from "~/.server/league";
import { cancelRound } from "~/.server/services/rainouts/cancel";
import { PAYPAL_BACK_MESSAGES } from "~/.server/services/rainouts/paypal-back";
import { PlayerHome } from "~/components/players/player-home";
import { PayPalBackCard, type PayPalBackLine } from "~/components/rainouts/paypal-back-card";
import { paypalBackAsked, paypalBackLastDay, paypalBackSent, paypalBackUntil } from "~/lib/rainouts/paypal-back";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import * as home from "~/routes/home";

const TZ = leagueFromEnv(env).timeZone;

/** The session of a user whose approved claim links them to `playerId`. */
const sessionOf = (user: { id: number; name: string; email: string }, playerId: number | null): Session => ({
  user: { id: user.id, name: user.name, email: user.email, isOperator: false, linkedPlayerId: playerId, claimStatus: "approved" },
  leagueId: DEFAULT_LEAGUE_ID,
  leagueRole: null,
  loginKind: "user",
  sessionId: uniq(),
  expiresAt: nowSec() + DAY,
});

/**
 * A player entered with $2 of credit, $1 in cash and the rest by PayPal ($3.15 with its fee),
 * the round then cancelled by the cancel's service: all three given back as credit. `daysAgo`
 * moves the cancel back that many days, as a cancel of long ago left it.
 */
async function paidThenCancelled(daysAgo = 0) {
  const paid = await paidEntry({ creditCents: 200, cashCents: 100, paypal: true, startsIn: -3600 });
  await cancelRound(testDb(), paid.round.id, { reason: "weather", acesStand: false, userId: null });
  const at = nowSec() - daysAgo * DAY;
  if (daysAgo) {
    await testDb().update(rounds).set({ cancelledAt: at }).where(eq(rounds.id, paid.round.id));
    await testDb().update(roundCancellations).set({ at }).where(eq(roundCancellations.roundId, paid.round.id));
  }
  const [cancel] = await testDb().select().from(roundCancellations).where(eq(roundCancellations.roundId, paid.round.id));
  const paypal = paid.paypal!;
  expect(await giveBacks(paypal.id)).toMatchObject([{ amountCents: paypal.amountCents, cancelRoundId: paid.round.id }]);
  return { ...paid, paypal, cash: paid.cash!, cancelledAt: cancel!.at, session: sessionOf(paid.user, paid.player.id) };
}

const homeOf = async (session: Session | null) => outcome(home.loader(argsWith(session, new Request("http://localhost/"))));

/** The home's "Get it back to PayPal" form, posted as the browser posts it (to the index route). */
function post(session: Session | null, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return outcome(home.action(argsWith(session, new Request("http://localhost/?index", { method: "POST", body }))));
}
const ask = (session: Session | null, paymentId: number | string) => post(session, { intent: "paypalBack", paymentId: String(paymentId) });

/** A refund of the payment recorded as PayPal's webhook records one, at `at`. */
const refunded = (paymentId: number, amountCents: number, at: number) =>
  testDb()
    .insert(paymentRefunds)
    .values({ leagueId: DEFAULT_LEAGUE_ID, paymentId, kind: "refund", providerRefundId: `REF-${uniq()}`, amountCents, createdAt: at });

/** The card as the page renders it. */
function cardText(lines: PayPalBackLine[]) {
  const html = renderHtml(h(PayPalBackCard, { lines }));
  return { html, text: textOf(html) };
}

/** The card as the page renders it after a post the action answered with `answer`. */
function renderCardWithAnswer(lines: PayPalBackLine[], answer: object) {
  const Stub = createRoutesStub([{ id: "root", path: "*", Component: () => h(PayPalBackCard, { lines }), loader: () => null }]);
  const root = { league: { name: "Test League", timeZone: TZ }, user: null, role: null, isAdmin: false, can: [] };
  return renderToString(h(Stub, { initialEntries: ["/"], hydrationData: { loaderData: { root }, actionData: { root: answer } } }));
}

describe("the player's home offers a cancelled round's PayPal payment back", () => {
  it("shows the PayPal payment (not the cash) with its amount, round and last day; the button posts the payment", async () => {
    const c = await paidThenCancelled();
    const { status, data } = await homeOf(c.session);
    expect(status).toBe(200);
    expect(c.paypal.amountCents).toBe(315);
    expect(data.paypalBack).toEqual([
      {
        paymentId: c.paypal.id,
        credited: `Your $3.15 for ${c.round.name} is back as league credit.`,
        offer: "Get $3.15 back to PayPal instead of credit",
        until: paypalBackLastDay(paypalBackUntil(c.cancelledAt), TZ),
        asked: null,
      },
    ]);
    expect(data.paypalBack[0].until).toMatch(/^Until \d\d\/\d\d\/\d\d$/);

    // On the page: inside the player's part, above the next round; a labelled, thumb-sized button in a plain form.
    const html = renderHtml(h(PlayerHome, { home: data.me, beforeNext: h(PayPalBackCard, { lines: data.paypalBack }) }));
    const text = textOf(html);
    expect(text).toContain(`Your $3.15 for ${c.round.name} is back as league credit.`);
    expect(text).toContain("Get $3.15 back to PayPal instead of credit");
    expect(text).toContain(data.paypalBack[0].until);
    expect(html).toMatch(/<form[^>]* method="post"/);
    expect(html).toContain(`name="paymentId" value="${c.paypal.id}"`);
    expect(html).toContain('name="intent" value="paypalBack"');
    const button = html.match(/<button[^>]*type="submit"[^>]*>[^<]*<\/button>/)?.[0] ?? "";
    expect(button).toContain("min-h-11");
    expect(button).toContain(`aria-describedby="paypal-back-${c.paypal.id} paypal-back-${c.paypal.id}-until"`);
    expect(text).not.toContain("$1.00");

    // Someone else's home shows none of it.
    const other = await paidThenCancelled();
    expect((await homeOf(other.session)).data.paypalBack.map((l: PayPalBackLine) => l.paymentId)).toEqual([other.paypal.id]);
  });

  it("shows nothing 30 days after the cancel, for a round not cancelled, or for a player without an approved claim", async () => {
    const late = await paidThenCancelled(31);
    expect((await homeOf(late.session)).data.paypalBack).toEqual([]);
    // On the 29th day it is still there.
    const inTime = await paidThenCancelled(29);
    expect((await homeOf(inTime.session)).data.paypalBack).toHaveLength(1);

    const open = await paidEntry({ creditCents: 200, paypal: true });
    expect((await homeOf(sessionOf(open.user, open.player.id))).data.paypalBack).toEqual([]);

    const c = await paidThenCancelled();
    await testDb().update(claims).set({ status: "withdrawn" }).where(eq(claims.userId, c.user.id));
    expect((await homeOf(c.session)).data.paypalBack).toEqual([]);
    // A visitor's (cached) page has no player's part.
    expect((await homeOf(null)).data.paypalBack).toEqual([]);
  });

  it("asks: the credit goes back, the refund job is handed over, and the home then says asked", async () => {
    const c = await paidThenCancelled();
    const { status, data } = await ask(c.session, c.paypal.id);
    expect(status).toBe(200);
    expect(data).toEqual({ success: paypalBackSent(c.paypal.amountCents) });
    expect(await giveBacks(c.paypal.id)).toEqual([]);
    const row = await paymentRow(c.paypal.id);
    expect(row?.refundAskedAt).toEqual(expect.any(Number));
    expect(takeFollowUps(testDb().$client)).toEqual([
      expect.objectContaining({ kind: "refund-payment", paymentId: c.paypal.id, amountCents: c.paypal.amountCents }),
    ]);

    // The page reloads the server's state: asked, on the day it was asked, and no button.
    const after = await homeOf(c.session);
    const asked = `${paypalBackAsked(315, row!.refundAskedAt!, TZ)}.`;
    expect(after.data.paypalBack).toEqual([expect.objectContaining({ paymentId: c.paypal.id, asked })]);
    const { html, text } = cardText(after.data.paypalBack);
    expect(text).toContain("Refund of $3.15 to PayPal asked on ");
    expect(text).toContain(asked);
    expect(html).not.toContain("<button");
  });

  it("a payment PayPal partly refunded before the cancel: the rest is offered, asked, and stays the asked amount once refunded", async () => {
    const paid = await paidEntry({ creditCents: 200, cashCents: 100, paypal: true, startsIn: -3600 });
    const payment = paid.paypal!;
    // $1 refunded in PayPal's dashboard a minute before the cancel.
    await refunded(payment.id, 100, nowSec() - 60);
    await cancelRound(testDb(), paid.round.id, { reason: "weather", acesStand: false, userId: null });
    const session = sessionOf(paid.user, paid.player.id);
    expect((await homeOf(session)).data.paypalBack).toEqual([
      expect.objectContaining({ offer: "Get $2.15 back to PayPal instead of credit" }),
    ]);

    expect(await ask(session, payment.id)).toMatchObject({ status: 200, data: { success: paypalBackSent(215) } });
    takeFollowUps(testDb().$client);
    const askedAt = (await paymentRow(payment.id))!.refundAskedAt!;
    const asked = `${paypalBackAsked(215, askedAt, TZ)}.`;
    expect((await homeOf(session)).data.paypalBack).toEqual([expect.objectContaining({ asked })]);
    // The job's refund of the $2.15, recorded after the ask: the line still says what was asked.
    await refunded(payment.id, 215, askedAt + 5);
    await testDb().update(payments).set({ status: "refunded" }).where(eq(payments.id, payment.id));
    expect((await homeOf(session)).data.paypalBack).toEqual([expect.objectContaining({ asked })]);
  });

  it("shows the service's refusal: asked twice, too late; nothing changes", async () => {
    const c = await paidThenCancelled();
    await ask(c.session, c.paypal.id);
    takeFollowUps(testDb().$client);
    const again = await ask(c.session, c.paypal.id);
    expect(again).toMatchObject({ status: 409, data: { formError: PAYPAL_BACK_MESSAGES.asked } });
    expect(takeFollowUps(testDb().$client)).toEqual([]);

    const late = await paidThenCancelled(31);
    const refused = await ask(late.session, late.paypal.id);
    expect(refused).toMatchObject({ status: 409, data: { formError: PAYPAL_BACK_MESSAGES.late } });
    expect(await giveBacks(late.paypal.id)).toHaveLength(1);
    expect((await paymentRow(late.paypal.id))?.refundAskedAt).toBeNull();

    // The cash payment is not PayPal's to send back.
    const cash = await ask(c.session, c.cash.id);
    expect(cash).toMatchObject({ status: 409, data: { formError: PAYPAL_BACK_MESSAGES.notPayPal } });
    expect(await giveBacks(c.cash.id)).toHaveLength(1);
  });

  it("the card shows the action's answer, a refusal as an alert, even with no payment left to list", () => {
    const refused = renderCardWithAnswer([], { formError: PAYPAL_BACK_MESSAGES.late });
    expect(refused).toContain('role="alert"');
    expect(textOf(refused)).toContain(PAYPAL_BACK_MESSAGES.late);
    const done = renderCardWithAnswer([], { success: paypalBackSent(417) });
    expect(textOf(done)).toContain(paypalBackSent(417));
    expect(renderHtml(h(PayPalBackCard, { lines: [] }))).not.toContain("<section");
  });

  it("refuses another player's payment (403) and a logged-out post (to log in): nothing changes", async () => {
    const c = await paidThenCancelled();
    const stranger = await paidThenCancelled();
    const theirs = await ask(stranger.session, c.paypal.id);
    expect(theirs).toMatchObject({ status: 403, data: { formError: PAYPAL_BACK_MESSAGES.notYours } });

    // A signed-in user with no player at all.
    const nobody = await makeUser();
    expect(await ask(sessionOf(nobody, null), c.paypal.id)).toMatchObject({ status: 403 });

    const loggedOut = await ask(null, c.paypal.id);
    expect(loggedOut).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent("/?index")}` });

    expect(await ask(c.session, 9_007_199_254_740_991)).toMatchObject({ status: 404, data: { formError: PAYPAL_BACK_MESSAGES.notFound } });
    expect(await ask(c.session, "abc")).toMatchObject({ status: 400, data: { fieldErrors: { paymentId: "Invalid payment id" } } });
    expect(await post(c.session, { intent: "withdraw", paymentId: String(c.paypal.id) })).toMatchObject({ status: 400 });

    expect(await giveBacks(c.paypal.id)).toHaveLength(1);
    expect((await paymentRow(c.paypal.id))?.refundAskedAt).toBeNull();
    expect(takeFollowUps(testDb().$client)).toEqual([]);
  });

  it("without scripts: the plain form's post through the Worker answers the home page, the payment asked", async () => {
    const c = await paidThenCancelled();
    const worker = createWorker(pages);
    const { jobs, queue } = recordQueue();
    const send = async (method: string, path: string, body?: string, cookie = true) => {
      const headers = new Headers({ "CF-Connecting-IP": uniqueIp(), Origin: APP_ORIGIN });
      if (cookie) headers.set("Cookie", `${SESSION_COOKIE}=${c.token}`);
      if (body) headers.set("Content-Type", "application/x-www-form-urlencoded");
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`${APP_ORIGIN}${path}`, { method, headers, body, redirect: "manual" }),
        { ...env, JOBS: queue } as Env,
        ctx,
      );
      const text = await res.text();
      await waitOnExecutionContext(ctx);
      return { status: res.status, location: res.headers.get("Location"), text: textOf(text), html: text };
    };
    // The page's form posts to the index route, as React Router writes its action.
    const page = await send("GET", "/");
    expect(page.status).toBe(200);
    expect(page.html).toContain('action="/?index"');
    expect(page.html).toMatch(/<button[^>]*type="submit"[^>]*>Get \$3\.15 back to PayPal instead of credit<\/button>/);

    const form = `intent=paypalBack&paymentId=${c.paypal.id}`;
    const loggedOut = await send("POST", "/?index", form, false);
    expect(loggedOut.status).toBe(302);
    expect(loggedOut.location).toContain("/login?redirectTo=");

    const answered = await send("POST", "/?index", form);
    expect(answered.status).toBe(200);
    expect(answered.text).toContain(paypalBackSent(315));
    expect(answered.text).toContain("Refund of $3.15 to PayPal asked on ");
    // No button any more (the words are still in the page's data for hydration, not on a button).
    expect(answered.html).not.toMatch(/<button[^>]*>Get \$3\.15 back to PayPal/);
    expect(jobs).toEqual([expect.objectContaining({ type: "refund-payment", paymentId: c.paypal.id, amountCents: 315 })]);

    const again = await send("POST", "/?index", form);
    expect(again.status).toBe(409);
    expect(again.text).toContain(PAYPAL_BACK_MESSAGES.asked);
  });

  it("reads the offers in the home's one trip (ADR 41)", async () => {
    const c = await paidThenCancelled();
    const { binding, seen } = observeD1(env.DB);
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env: { ...env, DB: binding }, ctx: {} as ExecutionContext });
    context.set(servicesContext, { db: getDb(gatherReads(binding), DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
    context.set(sessionContext, c.session);
    const answer = await home.loader({ request: new Request("http://localhost/"), context, params: {}, unstable_pattern: "/" } as never);
    expect((answer as { paypalBack: PayPalBackLine[] }).paypalBack).toHaveLength(1);
    expect(seen.roundTrips).toBe(1);
  });
});
