// Each league takes PayPal into its own account: the owner's PayPal API and page
// (/admin/paypal, ADR 47's payPalCredentials), Test connection registering the league's
// webhook once, sign-up in a league with its own PayPal (the stand-in's merchant B), in one
// without PayPal, and in the default league (the deployment's: merchant A), and the webhook
// per league: verified with that league's PayPal, acting only on that league's payments.
// The secret never appears in an answer, a page's data, the audit log or a log line.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STANDIN_CREDENTIALS_B } from "../../scripts/paypal-standin/standin";
import { call, expectError, expectStatus, grantRole, makeUser, tokenFor } from "../auth-fixtures";
import { nowSec, testDb, uniq } from "../fixtures";
import { deliver } from "../job-fixtures";
import { argsWith, outcome } from "../route-fixtures";
import testWorker from "../worker";
import { createOrder, installPayPalApp, orderBody, paypal, recordingWorker } from "../paypal/app-harness";
import { forgetLeagues } from "../../workers/league-directory";
import { auditLog, claims, entries, leaguePaypal, leagues, payments, players, rounds } from "~/.server/db/schema";
import type { League } from "~/.server/league";
import type { Session } from "~/.server/auth/current-user";
import type { LeagueRole } from "~/lib/accounts/roles";
import { NO_PAYPAL_MESSAGE } from "~/lib/signup/paypal-checkout";
import { PAYPAL_CREDENTIAL_MESSAGES } from "~/.server/services/signup/league-paypal";
import { payPalClient } from "~/.server/paypal/client";
import * as page from "~/routes/admin-paypal";

const app = installPayPalApp();
const STANDIN_BASE = "http://127.0.0.1:1080";
const WRONG_SECRET = "wrong-secret-Zq81vLm";
const SECRETS = [STANDIN_CREDENTIALS_B.clientSecret, WRONG_SECRET];
const standinB = { client_id: STANDIN_CREDENTIALS_B.clientId, secret: STANDIN_CREDENTIALS_B.clientSecret, environment: "standin" };

// Every console line the app writes during the file: none may carry a secret.
const lines: string[] = [];
beforeAll(() => {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const real = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(
        args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "),
      );
      real(...args);
    });
  }
});
afterAll(() => vi.restoreAllMocks());

type Made = { id: number; slug: string; league: League; owner: { id: number; token: string; name: string } };

async function makeLeague(tag: string): Promise<Made> {
  const slug = `pp-${tag}-${uniq().slice(0, 5)}`;
  const [row] = await testDb()
    .insert(leagues)
    .values({ slug, name: `PayPal ${tag}`, timeZone: "America/Chicago" })
    .returning();
  forgetLeagues();
  const owner = await makeUser();
  await grantRole(owner.id, "owner", row.id);
  const league: League = {
    id: row.id,
    slug,
    name: `PayPal ${tag}`,
    timeZone: "America/Chicago",
    status: "active",
    epoch: 0,
    isDefault: false,
    suspendedAt: null,
    closedAt: null,
  };
  return { id: row.id, slug, league, owner: { id: owner.id, token: await tokenFor(owner), name: owner.name } };
}

/** A player with an approved claim and an open $6 round in `leagueId`. */
async function payerIn(leagueId: number) {
  const user = await makeUser();
  const [player] = await testDb()
    .insert(players)
    .values({ leagueId, firstName: "Pay", lastName: uniq("Er"), division: "MA2" })
    .returning();
  await testDb().insert(claims).values({ leagueId, userId: user.id, playerId: player.id, status: "approved" });
  const [round] = await testDb()
    .insert(rounds)
    .values({
      leagueId,
      startsAt: nowSec() + 86_400,
      name: `Night ${uniq()}`,
      location: "Park",
      feePdgaCents: 50,
      feeCourseCents: 0,
      feeOtherCents: 0,
      aceCents: 100,
      payoutCents: 450,
      openForRegistration: true,
    })
    .returning();
  return { user, player, round, token: await tokenFor(user) };
}

const api = (m: Made) => (path: string) => `/l/${m.slug}/api${path}`;
const rowOf = async (leagueId: number) => (await testDb().select().from(leaguePaypal).where(eq(leaguePaypal.leagueId, leagueId)))[0];
const auditOf = (leagueId: number) =>
  testDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.leagueId, leagueId), eq(auditLog.tableName, "league_paypal")))
    .orderBy(auditLog.id);
const paymentsIn = (leagueId: number, roundId: number) =>
  testDb()
    .select()
    .from(payments)
    .where(and(eq(payments.leagueId, leagueId), eq(payments.roundId, roundId)));
const expectNoSecret = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
};
/** A request through the test Worker with the env changed (a deployment without the key). */
const withEnv = (over: Partial<Env>, method: string, path: string, token: string, body?: unknown) =>
  testWorker.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "CF-Connecting-IP": `10.9.${Math.floor(Math.random() * 250)}.1`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { ...env, ...over } as Env,
    createExecutionContext(),
  );

let B: Made;
let C: Made;
beforeAll(async () => {
  [B, C] = await Promise.all([makeLeague("b"), makeLeague("c")]);
});

describe("/api/admin/paypal: who may", () => {
  it("refuses everyone but the league's owner and the operator, and changes nothing", async () => {
    const roleIn = async (role: LeagueRole) => {
      const u = await makeUser();
      await grantRole(u.id, role, B.id);
      return tokenFor(u, { role: "admin" });
    };
    const [director, admin, player, otherOwner] = await Promise.all([
      roleIn("director"),
      roleIn("admin"),
      roleIn("player"),
      Promise.resolve(C.owner.token),
    ]);
    const url = api(B);
    await expectError(await call("GET", url("/admin/paypal")), 401);
    await expectError(await call("PUT", url("/admin/paypal"), { body: standinB }), 401);
    for (const token of [director, admin]) {
      await expectError(await call("GET", url("/admin/paypal"), { token }), 403, "Your role in this league does not allow this.");
      await expectError(await call("PUT", url("/admin/paypal"), { token, body: standinB }), 403);
      await expectError(await call("POST", url("/admin/paypal/test"), { token }), 403);
      await expectError(await call("DELETE", url("/admin/paypal"), { token }), 403);
    }
    for (const token of [player, otherOwner]) {
      await expectError(await call("GET", url("/admin/paypal"), { token }), 403);
      await expectError(await call("PUT", url("/admin/paypal"), { token, body: standinB }), 403);
    }
    expect(await rowOf(B.id)).toBeUndefined();
    expect(await auditOf(B.id)).toEqual([]);
    // The operator may.
    const operator = await makeUser({ isAdmin: true });
    expect(await expectStatus(await call("GET", url("/admin/paypal"), { token: await tokenFor(operator) }), 200)).toEqual({
      configured: false,
      connected: false,
    });
  });
});

describe("the owner's PayPal", () => {
  it("refuses bad input with a clear 400 and stores nothing", async () => {
    const url = api(B)("/admin/paypal");
    const token = B.owner.token;
    await expectError(await call("PUT", url, { token, body: { ...standinB, secret: "" } }), 400);
    await expectError(await call("PUT", url, { token, body: { ...standinB, client_id: "has space" } }), 400);
    await expectError(await call("PUT", url, { token, body: { ...standinB, environment: "moon" } }), 400);
    await expectError(await call("PUT", url, { token, body: "not json" }), 400);
    await expectError(await call("POST", `${url}/test`, { token }), 404, PAYPAL_CREDENTIAL_MESSAGES.notSaved);
    expect(await rowOf(B.id)).toBeUndefined();
  });

  it("cannot save on a deployment without a key (or a weak one): a clear 400, never a 500", async () => {
    for (const key of [undefined, "", "short"]) {
      const res = await withEnv({ PAYPAL_CREDENTIALS_KEY: key }, "PUT", api(B)("/admin/paypal"), B.owner.token, standinB);
      await expectError(res, 400, PAYPAL_CREDENTIAL_MESSAGES.noKey);
    }
    expect(await rowOf(B.id)).toBeUndefined();
  });

  it("saves, tests (one webhook however often), shows no secret, and audits each change with its actor", async () => {
    const url = api(B)("/admin/paypal");
    const token = B.owner.token;
    const saved = await call("PUT", url, { token, body: standinB });
    const savedText = await saved.clone().text();
    expectNoSecret(savedText);
    expect(await expectStatus(saved, 200)).toMatchObject({
      configured: true,
      client_id: STANDIN_CREDENTIALS_B.clientId,
      secret_saved: true,
      connected: false,
    });
    const row = await rowOf(B.id);
    expect(row).toMatchObject({ clientId: STANDIN_CREDENTIALS_B.clientId, webhookId: null, connectedAt: null, updatedBy: B.owner.id });
    expectNoSecret(row?.secretSealed ?? "");

    const first = await expectStatus(await call("POST", `${url}/test`, { token }), 200);
    expect(first).toMatchObject({ connected: true, webhook_url: `http://localhost/l/${B.slug}/api/paypal/webhook` });
    const second = await expectStatus(await call("POST", `${url}/test`, { token }), 200);
    expect(second.connected).toBe(true);
    const hooks = app.standIn.webhooksOf("B").filter((w) => w.url.includes(`/l/${B.slug}/`));
    expect(hooks).toHaveLength(1);
    const connected = await rowOf(B.id);
    expect(connected?.webhookId).toBe(hooks[0]?.id);
    expect(connected?.connectedAt).toBeGreaterThan(0);

    const got = await call("GET", url, { token });
    expectNoSecret(await got.clone().text());
    expect(await expectStatus(got, 200)).toMatchObject({ configured: true, connected: true, secret_saved: true });

    const audit = await auditOf(B.id);
    expect(audit.map((a) => a.action)).toEqual(["insert", "update", "update"]);
    for (const a of audit) {
      expect(a).toMatchObject({ actorUserId: B.owner.id, actorName: B.owner.name, rowId: row?.id });
      expectNoSecret(JSON.stringify(a));
    }
    expect(JSON.parse(audit[1]?.after ?? "{}")).toEqual({
      client_id: STANDIN_CREDENTIALS_B.clientId,
      environment: "standin",
      connected: true,
    });
  });

  it("credentials PayPal refuses: 400 'PayPal refused these credentials', the connection cleared by the save", async () => {
    const url = api(C)("/admin/paypal");
    const token = C.owner.token;
    await expectStatus(await call("PUT", url, { token, body: { ...standinB, secret: WRONG_SECRET } }), 200);
    const refused = await call("POST", `${url}/test`, { token });
    expectNoSecret(await refused.clone().text());
    await expectError(refused, 400, "PayPal refused these credentials");
    expect(await rowOf(C.id)).toMatchObject({ webhookId: null, connectedAt: null });
    // Right ones, tested, then saved again: the connection is cleared until tested again.
    await expectStatus(await call("PUT", url, { token, body: standinB }), 200);
    await expectStatus(await call("POST", `${url}/test`, { token }), 200);
    expect((await rowOf(C.id))?.webhookId).toBeTruthy();
    await expectStatus(await call("PUT", url, { token, body: standinB }), 200);
    expect(await rowOf(C.id)).toMatchObject({ webhookId: null, connectedAt: null });
  });
});

describe("paying a league with its own PayPal", () => {
  it("the order is merchant B's, its webhook verified with B's PayPal, and the job acts in the league", async () => {
    const w = await payerIn(B.id);
    const made = await call("POST", api(B)("/entries/paypal-order"), { token: w.token, body: orderBody(w as never, { credit_used: 0 }) });
    const { orderID } = await expectStatus<{ orderID: string }>(made, 201);
    expect(app.standIn.orderInfo(orderID)).toMatchObject({ merchant: "B", status: "CREATED" });
    app.standIn.approve(orderID);
    // The browser's answer lost: PayPal captures and sends the webhook to B's URL.
    const b = payPalClient({ ...STANDIN_CREDENTIALS_B, webhookId: "", apiBase: STANDIN_BASE });
    await b.captureOrder(orderID, `capture-${orderID}`);
    await app.standIn.settled();
    const hook = app.webhooks.find((h) => h.body.includes(orderID) && h.url?.includes(`/l/${B.slug}/`));
    expect(hook, "the capture webhook at B's URL").toBeDefined();
    // Merchant A's token cannot see it: 404 RESOURCE_NOT_FOUND, as PayPal answers.
    await expect(paypal().getOrder(orderID)).rejects.toMatchObject({ status: 404, issue: "INVALID_RESOURCE_ID" });
    // Sent to the default league's URL, signed by merchant B: refused, nothing queued.
    const worker = recordingWorker();
    const atRoot = await worker.fetch(
      new Request("http://localhost/api/paypal/webhook", { method: "POST", body: hook!.body, headers: hook!.headers }),
    );
    expect(atRoot.status).toBe(400);
    expect(worker.sent).toEqual([]);

    const atB = await worker.fetch(new Request(hook!.url!, { method: "POST", body: hook!.body, headers: hook!.headers }));
    expect(atB.status, await atB.clone().text()).toBe(200);
    expect(worker.sent).toHaveLength(1);
    expect(worker.sent[0]).toMatchObject({ type: "paypal-event", leagueId: B.id });
    await deliver([{ body: worker.sent[0] }]);
    const [payment] = await paymentsIn(B.id, w.round.id);
    expect(payment).toMatchObject({ status: "completed", transactionId: orderID });
    const made1 = await testDb()
      .select()
      .from(entries)
      .where(and(eq(entries.leagueId, B.id), eq(entries.roundId, w.round.id)));
    expect(made1).toHaveLength(1);
  });

  it("league B's order at another league's URL (the same merchant): 404, nothing changed, nothing queued", async () => {
    // League D connects merchant B too: PayPal then sends B's events to both leagues' webhooks.
    const D = await makeLeague("d");
    await expectStatus(await call("PUT", api(D)("/admin/paypal"), { token: D.owner.token, body: standinB }), 200);
    await expectStatus(await call("POST", api(D)("/admin/paypal/test"), { token: D.owner.token }), 200);
    const w = await payerIn(B.id);
    const { orderID } = await expectStatus<{ orderID: string }>(
      await call("POST", api(B)("/entries/paypal-order"), { token: w.token, body: orderBody(w as never, { credit_used: 0 }) }),
      201,
    );
    app.standIn.approve(orderID);
    await payPalClient({ ...STANDIN_CREDENTIALS_B, webhookId: "", apiBase: STANDIN_BASE }).captureOrder(orderID, `capture-${orderID}`);
    await app.standIn.settled();
    const atD = app.webhooks.find((h) => h.body.includes(orderID) && h.url?.includes(`/l/${D.slug}/`));
    expect(atD, "B's event sent to D's webhook as well").toBeDefined();
    const before = await paymentsIn(B.id, w.round.id);
    const worker = recordingWorker();
    const res = await worker.fetch(new Request(atD!.url!, { method: "POST", body: atD!.body, headers: atD!.headers }));
    expect(res.status, await res.clone().text()).toBe(404);
    expect(worker.sent).toEqual([]);
    expect(await paymentsIn(B.id, w.round.id)).toEqual(before);
    expect(before[0]?.status).toBe("created");
  });
});

describe("a league without PayPal", () => {
  it("refuses a PayPal order with the dialog's words and writes nothing; its webhook is refused", async () => {
    const E = await makeLeague("e");
    const w = await payerIn(E.id);
    const res = await call("POST", api(E)("/entries/paypal-order"), { token: w.token, body: orderBody(w as never, { credit_used: 0 }) });
    await expectError(res, 400, NO_PAYPAL_MESSAGE);
    expect(NO_PAYPAL_MESSAGE).toBe("This league takes league credit and cash only: no PayPal.");
    expect(await paymentsIn(E.id, w.round.id)).toEqual([]);
    const capture = await call("POST", api(E)("/entries"), {
      token: w.token,
      body: {
        ace: true,
        amount: 0,
        credit_used: 0,
        division: "MA2",
        method: "paypal",
        payment_data: { orderID: "ORDER-X" },
        player_id: w.player.id,
        round_id: w.round.id,
        score: 0,
      },
    });
    await expectError(capture, 400, NO_PAYPAL_MESSAGE);
    const hook = await recordingWorker().fetch(
      new Request(`http://localhost/l/${E.slug}/api/paypal/webhook`, { method: "POST", body: "{}" }),
    );
    expect(hook.status).toBe(400);
  });

  it("the default league without its own keeps the deployment's PayPal: the stand-in's merchant A", async () => {
    const w = await payerIn(1);
    const { orderID } = await expectStatus<{ orderID: string }>(await createOrder(w as never, { credit_used: 0 }), 201);
    expect(app.standIn.orderInfo(orderID)?.merchant).toBe("A");
  });
});

describe("/admin/paypal, the page", () => {
  const sessionIn = async (league: Made, role: LeagueRole | null, operator = false): Promise<Session> => {
    const user = await makeUser({ isAdmin: operator });
    if (role) await grantRole(user.id, role, league.id);
    return {
      user: { id: user.id, name: user.name, email: user.email, isOperator: operator, linkedPlayerId: null, claimStatus: null },
      leagueId: league.id,
      leagueRole: role,
      loginKind: "admin",
      sessionId: uniq(),
      expiresAt: nowSec() + 86_400,
    };
  };
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return body;
  };
  const get = (m: Made, s: Session | null) =>
    page.loader(argsWith(s, new Request(`http://localhost/l/${m.slug}/admin/paypal`), {}, m.league));
  const post = (m: Made, s: Session | null, fields: Record<string, string>) =>
    page.action(
      argsWith(s, new Request(`http://localhost/l/${m.slug}/admin/paypal`, { method: "POST", body: form(fields) }), {}, m.league),
    );

  it("shows the owner the client id and 'secret saved', never the secret; saves, tests and removes", async () => {
    const F = await makeLeague("f");
    const owner = await sessionIn(F, "owner");
    const empty = await outcome(get(F, owner));
    expect(empty.data).toMatchObject({ settings: null, keyReady: true, standInAllowed: true });
    const saved = await outcome(post(F, owner, { intent: "save", ...standinB }));
    expect(saved).toMatchObject({ status: 200, data: { success: PAYPAL_CREDENTIAL_MESSAGES.saved } });
    const tested = await outcome(post(F, owner, { intent: "test" }));
    expect(tested).toMatchObject({ status: 200, data: { success: PAYPAL_CREDENTIAL_MESSAGES.connected } });
    const shown = await outcome(get(F, owner));
    expectNoSecret(JSON.stringify(shown.data));
    expect(shown.data.settings).toMatchObject({ clientId: STANDIN_CREDENTIALS_B.clientId, secretSaved: true, connected: true });
    expect(shown.data.webhookUrl).toBe(`http://localhost/l/${F.slug}/api/paypal/webhook`);
    const bad = await outcome(post(F, owner, { intent: "save", client_id: "x", secret: "", environment: "sandbox" }));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.secret).toBeTruthy();
    expect((await rowOf(F.id))?.webhookId).toBeTruthy();
    const removed = await outcome(post(F, owner, { intent: "remove" }));
    expect(removed.data).toMatchObject({ success: PAYPAL_CREDENTIAL_MESSAGES.removed });
    expect(await rowOf(F.id)).toBeUndefined();
    expect((await auditOf(F.id)).map((a) => a.action)).toEqual(["insert", "update", "delete"]);
    // Removed: the league takes no PayPal again.
    const w = await payerIn(F.id);
    await expectError(
      await call("POST", api(F)("/entries/paypal-order"), { token: w.token, body: orderBody(w as never, { credit_used: 0 }) }),
      400,
      NO_PAYPAL_MESSAGE,
    );
  });

  it("refuses a director and an admin (403), sends a player home and a visitor to log in, and changes nothing", async () => {
    const G = await makeLeague("g");
    for (const role of ["director", "admin"] as const) {
      const s = await sessionIn(G, role);
      expect((await outcome(get(G, s))).status).toBe(403);
      expect((await outcome(post(G, s, { intent: "save", ...standinB }))).status).toBe(403);
    }
    expect(await outcome(get(G, await sessionIn(G, "player")))).toMatchObject({ status: 302, location: `/l/${G.slug}` });
    expect(await outcome(post(G, null, { intent: "save", ...standinB }))).toMatchObject({ status: 302, location: "/login" });
    expect(await rowOf(G.id)).toBeUndefined();
    expect((await outcome(get(G, await sessionIn(G, null, true)))).status).toBe(200);
  });
});

describe("the secret", () => {
  it("appears in no log line of this file", () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expectNoSecret(line);
  });
});
