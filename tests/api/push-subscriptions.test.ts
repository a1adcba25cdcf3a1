// "Notifications on this device" (ADR 49): POST and DELETE /api/push/subscriptions and
// GET /api/push/key. A device is its endpoint: it is kept for the account and session that
// posted it last, at most 20 per account; every subscription the check refuses is a 400 in
// its words and stores nothing; another account's device is never touched; logging out
// lets go of that session's devices, logging out everywhere of all the account's, deleting
// the account of all of them.
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushSubscriptions, users } from "~/.server/db/schema";
import { PUSH_ERRORS } from "~/.server/push/web-push";
import { MAX_PUSH_DEVICES, PUSH_INPUT_ERRORS, PUSH_WORDS } from "~/lib/accounts/push-words";
import { newSubscriber } from "../../scripts/push-standin/decrypt";
import { APP_ORIGIN, call, expectError, expectStatus, jwtParts, loginToken, makeUser, uniqueIp } from "../auth-fixtures";
import { testDb, uniq } from "../fixtures";

const PATH = "/api/push/subscriptions";
const ua = await newSubscriber();
const keys = ua.keys;
const fcm = () => `https://fcm.googleapis.com/fcm/send/${uniq("dev")}`;
const subscription = (endpoint = fcm(), k: object = keys) => ({ endpoint, keys: k, expirationTime: null });

const rowsOf = (userId: number) => testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const rowAt = async (endpoint: string) =>
  (await testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
const allRows = () => testDb().select({ id: pushSubscriptions.id }).from(pushSubscriptions);

const subscribe = (token: string, body: unknown = subscription()) => call("POST", PATH, { token, body });
const forget = (token: string, endpoint: string) => call("DELETE", PATH, { token, body: { endpoint } });

/** A user signed in on one device: its token and that session's id. */
async function signedIn() {
  const user = await makeUser();
  const token = await loginToken(user.email, user.password);
  return { user, token, sid: jwtParts(token).payload.sid as string };
}

/** A POST to the app served at `origin` (not this machine's, unless a loopback one). */
const subscribeAt = (origin: string, token: string, body: unknown) =>
  exports.default.fetch(
    new Request(`${origin}${PATH}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
      body: JSON.stringify(body),
    }),
  );

describe("GET /api/push/key", () => {
  it("answers the deployment's VAPID public key, to anyone", async () => {
    const res = await call("GET", "/api/push/key");
    expect(await expectStatus(res, 200)).toEqual({ publicKey: env.VAPID_PUBLIC_KEY });
  });
});

describe("POST /api/push/subscriptions", () => {
  it("keeps a new device for this account and session (201), then the same device again (200): one row, checked now", async () => {
    const { user, token, sid } = await signedIn();
    const body = subscription();
    expect(await expectStatus(await subscribe(token, body), 201)).toEqual({ subscribed: true });
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ endpoint: body.endpoint, p256dh: keys.p256dh, auth: keys.auth, sid, userId: user.id });
    await testDb().update(pushSubscriptions).set({ checkedAt: 1000 }).where(eq(pushSubscriptions.id, row.id));
    expect(await expectStatus(await subscribe(token, body), 200)).toEqual({ subscribed: true });
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].checkedAt).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it("takes a cookie session from the app's own pages", async () => {
    const { user, token } = await signedIn();
    await expectStatus(await call("POST", PATH, { cookie: token, origin: APP_ORIGIN, body: subscription() }), 201);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("a device moving between accounts: it becomes the new account's and session's (200), the old account has none", async () => {
    const [first, second] = [await signedIn(), await signedIn()];
    const body = subscription();
    await expectStatus(await subscribe(first.token, body), 201);
    await expectStatus(await subscribe(second.token, { ...body, keys: (await newSubscriber()).keys }), 200);
    expect(await rowsOf(first.user.id)).toEqual([]);
    expect(await rowAt(body.endpoint)).toMatchObject({ userId: second.user.id, sid: second.sid });
  });

  it(`at most ${MAX_PUSH_DEVICES} devices: the ${MAX_PUSH_DEVICES + 1}st lets go of the least recently checked one`, async () => {
    const { user, token } = await signedIn();
    const values = Array.from({ length: MAX_PUSH_DEVICES }, (_, i) => ({
      userId: user.id,
      endpoint: fcm(),
      p256dh: keys.p256dh,
      auth: keys.auth,
      checkedAt: 10_000 + i,
    }));
    // The oldest checked is not the first made.
    values[7].checkedAt = 5_000;
    for (const value of values) await testDb().insert(pushSubscriptions).values(value);
    const body = subscription();
    await expectStatus(await subscribe(token, body), 201);
    const kept = (await rowsOf(user.id)).map((r) => r.endpoint);
    expect(kept).toHaveLength(MAX_PUSH_DEVICES);
    expect(kept).toContain(body.endpoint);
    expect(kept).not.toContain(values[7].endpoint);
  });

  it("twenty identical posts at once make one row", async () => {
    const { user, token } = await signedIn();
    const body = subscription();
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(token, body)));
    expect(answers.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("a local stand-in's endpoint is taken only when the app is served on this machine", async () => {
    const { user, token } = await signedIn();
    const local = subscription("http://127.0.0.1:9788/push/dev-local");
    await expectError(await subscribeAt("https://league.example", token, local), 400, PUSH_ERRORS.endpointHttps);
    expect(await rowsOf(user.id)).toEqual([]);
    await expectStatus(await subscribeAt("http://localhost:8787", token, local), 201);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  const other = (endpoint: string) => subscription(endpoint);
  it.each([
    ["an http: endpoint", other("http://fcm.googleapis.com/fcm/send/x"), PUSH_ERRORS.endpointHttps],
    ["an unknown host", other("https://push.example.com/x"), PUSH_ERRORS.endpointHost],
    ["a look-alike host after", other("https://fcm.googleapis.com.evil.net/x"), PUSH_ERRORS.endpointHost],
    ["a look-alike host before", other("https://evilfcm.googleapis.com/x"), PUSH_ERRORS.endpointHost],
    ["a look-alike Apple host", other("https://evilpush.apple.com/x"), PUSH_ERRORS.endpointHost],
    ["userinfo before the host", other("https://fcm.googleapis.com@evil.net/x"), PUSH_ERRORS.endpointHost],
    ["userinfo on the host", other("https://user:pw@fcm.googleapis.com/x"), PUSH_ERRORS.endpointHost],
    ["a port", other("https://fcm.googleapis.com:8443/x"), PUSH_ERRORS.endpointHost],
    ["a trailing dot", other("https://fcm.googleapis.com./x"), PUSH_ERRORS.endpointHost],
    ["not a URL", other("not a url"), PUSH_ERRORS.endpointUrl],
    ["a blank endpoint", other("   "), PUSH_ERRORS.endpointUrl],
    ["an endpoint over 2048 characters", other(`https://fcm.googleapis.com/${"a".repeat(2048)}`), PUSH_ERRORS.endpointLong],
    ["p256dh off the curve", subscription(fcm(), { ...keys, p256dh: `${keys.p256dh.slice(0, -2)}AA` }), PUSH_ERRORS.p256dh],
    ["p256dh of 64 bytes", subscription(fcm(), { ...keys, p256dh: keys.p256dh.slice(0, 86) }), PUSH_ERRORS.p256dh],
    ["p256dh junk", subscription(fcm(), { ...keys, p256dh: "not+base64/at all==" }), PUSH_ERRORS.p256dh],
    ["auth of 15 bytes", subscription(fcm(), { ...keys, auth: "AAAAAAAAAAAAAAAAAAAA" }), PUSH_ERRORS.auth],
    ["auth of 17 bytes", subscription(fcm(), { ...keys, auth: "AAAAAAAAAAAAAAAAAAAAAAA" }), PUSH_ERRORS.auth],
    ["auth junk", subscription(fcm(), { ...keys, auth: "!!!!!!!!!!!!!!!!!!!!!!" }), PUSH_ERRORS.auth],
    ["no endpoint", { keys }, PUSH_ERRORS.shape],
    ["no keys", { endpoint: fcm() }, PUSH_ERRORS.shape],
    ["no auth", { endpoint: fcm(), keys: { p256dh: keys.p256dh } }, PUSH_ERRORS.shape],
    ["keys as a string", { endpoint: fcm(), keys: "x" }, PUSH_ERRORS.shape],
    ["a number endpoint", { endpoint: 5, keys }, PUSH_ERRORS.shape],
    ["an array", [subscription()], PUSH_ERRORS.shape],
  ])("refuses %s (400, checkSubscription's words) and keeps nothing", async (_, body, message) => {
    const { token } = await signedIn();
    const before = (await allRows()).length;
    await expectError(await subscribe(token, body), 400, message);
    expect((await allRows()).length).toBe(before);
  });

  it("the schema's words are checkSubscription's", () => {
    const { shape, endpointUrl, endpointLong, p256dh, auth } = PUSH_ERRORS;
    expect(PUSH_INPUT_ERRORS).toEqual({ shape, endpointUrl, endpointLong, p256dh, auth });
  });

  it("refuses junk JSON (400), a body of 100 KB (413), and text (415)", async () => {
    const { token } = await signedIn();
    const before = (await allRows()).length;
    await expectError(await call("POST", PATH, { token, body: "{not json" }), 400);
    await expectError(await call("POST", PATH, { token, body: { ...subscription(), padding: "p".repeat(100 * 1024) } }), 413);
    const asText = new Request(`http://localhost${PATH}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/plain", "CF-Connecting-IP": uniqueIp() },
      body: JSON.stringify(subscription()),
    });
    await expectError(await exports.default.fetch(asText), 415);
    expect((await allRows()).length).toBe(before);
  });

  it("no session: 401; a cookie session from another site: 403; nothing kept", async () => {
    const { user, token } = await signedIn();
    await expectError(await call("POST", PATH, { body: subscription() }), 401);
    await expectError(await call("POST", PATH, { token: "not.a.jwt", body: subscription() }), 401);
    await expectError(await call("POST", PATH, { cookie: token, origin: "https://evil.example", body: subscription() }), 403);
    await expectError(await call("POST", PATH, { cookie: token, body: subscription() }), 403);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("HEAD, GET, PUT and PATCH are not routes (404)", async () => {
    const { token } = await signedIn();
    for (const method of ["GET", "PUT", "PATCH"])
      await expectError(await call(method, PATH, { token, body: method === "GET" ? undefined : subscription() }), 404);
    const head = await call("HEAD", PATH, { token });
    expect(head.status).toBe(404);
  });
});

describe("DELETE /api/push/subscriptions", () => {
  it("forgets this account's device (204); again, 404", async () => {
    const { user, token } = await signedIn();
    const body = subscription();
    await expectStatus(await subscribe(token, body), 201);
    const res = await forget(token, body.endpoint);
    expect(res.status).toBe(204);
    expect(await rowsOf(user.id)).toEqual([]);
    await expectError(await forget(token, body.endpoint), 404, PUSH_WORDS.notYours);
  });

  it("another account's device: 404, and its row stays", async () => {
    const [owner, stranger] = [await signedIn(), await signedIn()];
    const body = subscription();
    await expectStatus(await subscribe(owner.token, body), 201);
    await expectError(await forget(stranger.token, body.endpoint), 404, PUSH_WORDS.notYours);
    expect(await rowAt(body.endpoint)).toMatchObject({ userId: owner.user.id });
  });

  it("refuses a missing or blank endpoint (400), no session (401), a foreign Origin (403)", async () => {
    const { user, token } = await signedIn();
    const body = subscription();
    await expectStatus(await subscribe(token, body), 201);
    await expectError(await call("DELETE", PATH, { token, body: {} }), 400);
    await expectError(await call("DELETE", PATH, { token, body: { endpoint: " " } }), 400, PUSH_INPUT_ERRORS.endpointUrl);
    await expectError(await call("DELETE", PATH, { body: { endpoint: body.endpoint } }), 401);
    await expectError(
      await call("DELETE", PATH, { cookie: token, origin: "https://evil.example", body: { endpoint: body.endpoint } }),
      403,
    );
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});

describe("devices end with their session", () => {
  // The page's logout (app/routes/logout.tsx) ends its session with the same endSession.
  it("logging out lets go of that session's devices only", async () => {
    const user = await makeUser();
    const [phone, laptop] = [await loginToken(user.email, user.password), await loginToken(user.email, user.password)];
    const [a, b] = [subscription(), subscription()];
    await expectStatus(await subscribe(phone, a), 201);
    await expectStatus(await subscribe(laptop, b), 201);
    await expectStatus(await call("POST", "/api/users/logout", { token: phone }), 200);
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([b.endpoint]);
  });

  it("logging out everywhere lets go of all the account's devices, no one else's", async () => {
    const [user, bystander] = [await signedIn(), await signedIn()];
    const other = await loginToken(user.user.email, user.user.password);
    await expectStatus(await subscribe(user.token), 201);
    await expectStatus(await subscribe(other), 201);
    await expectStatus(await subscribe(bystander.token), 201);
    await expectStatus(await call("POST", "/api/users/logout-everywhere", { token: user.token }), 200);
    expect(await rowsOf(user.user.id)).toEqual([]);
    expect(await rowsOf(bystander.user.id)).toHaveLength(1);
  });

  it("deleting the account deletes its devices", async () => {
    const { user, token } = await signedIn();
    await expectStatus(await subscribe(token), 201);
    await testDb().delete(users).where(eq(users.id, user.id));
    expect(await rowsOf(user.id)).toEqual([]);
  });
});
