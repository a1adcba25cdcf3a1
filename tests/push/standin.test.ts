// The local push stand-in (scripts/push-standin, ADR 49): what the app sends with pushRequest
// is taken as a push service takes it and decrypts to what was sent; a push without valid
// VAPID, TTL or content coding is refused as the big services refuse it; the fail and gone
// controls answer as an expired or busy service does; a Topic replaces a waiting push.
import { beforeEach, describe, expect, it } from "vitest";
import { newVapidKeys, pushRequest, vapidAuthorization } from "~/.server/push/web-push";
import { createPushStandIn, type PushStandIn } from "../../scripts/push-standin/standin";
import { newSubscriber, type TestSubscriber } from "../../scripts/push-standin/decrypt";

const ORIGIN = "http://127.0.0.1:9789";
const endpoint = (id: string) => `${ORIGIN}/push/${id}`;
const vapid = { ...(await newVapidKeys()), subject: "mailto:ops@league.test" };

let standIn: PushStandIn;
let ua: TestSubscriber;
beforeEach(async () => {
  standIn = createPushStandIn();
  ua = await newSubscriber();
});

/** pushRequest's request for `id`, as fetch would send it to the stand-in. */
async function push(id: string, payload: string, extra: Partial<Parameters<typeof pushRequest>[0]> = {}) {
  const { url, init } = await pushRequest({ subscription: { endpoint: endpoint(id), keys: ua.keys }, payload, ttl: 3600, vapid, ...extra });
  return new Request(url, init);
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

describe("a push through the stand-in", () => {
  it("is taken (201 with a Location), kept with its headers, and decrypts to the payload", async () => {
    const payload = JSON.stringify({ title: "Cards are out", url: "/rounds/7" });
    const res = await standIn.receive(await push("dev-1", payload, { urgency: "high", topic: "cards-7" }));
    expect(res.status).toBe(201);
    expect(res.headers.get("Location")).toMatch(/^http:\/\/127\.0\.0\.1:9789\/standin\/messages\/m\d+$/);
    const [stored] = standIn.pushesOf("dev-1");
    expect(stored).toMatchObject({ subscriptionId: "dev-1", ttl: 3600, urgency: "high", topic: "cards-7" });
    expect(await ua.decrypt(fromBase64(stored.body))).toBe(payload);
  });

  it("decrypts on the control route once the subscriber's keys are registered", async () => {
    await standIn.fetch(
      new Request(`${ORIGIN}/standin/subscribers`, {
        method: "POST",
        body: JSON.stringify({ id: "dev-2", privateKeyJwk: ua.privateKeyJwk, auth: ua.keys.auth }),
      }),
    );
    expect((await standIn.fetch(await push("dev-2", "hello"))).status).toBe(201);
    const res = await standIn.fetch(new Request(`${ORIGIN}/standin/pushes/dev-2?decrypt`));
    const body = (await res.json()) as { received: number; pushes: { payload: string }[] };
    expect(body.received).toBe(1);
    expect(body.pushes.map((p) => p.payload)).toEqual(["hello"]);
  });

  it("registered with the raw private scalar and p256dh, too", async () => {
    await standIn.registerSubscriber({ id: "dev-3", d: ua.privateKeyJwk.d, p256dh: ua.keys.p256dh, auth: ua.keys.auth });
    await standIn.receive(await push("dev-3", "raw d"));
    expect((await standIn.decrypted("dev-3")).map((p) => p.payload)).toEqual(["raw d"]);
  });
});

describe("refused pushes keep nothing", () => {
  const now = Math.floor(Date.now() / 1000);
  const withAuthorization = async (authorization: string | null) => {
    const request = await push("dev-x", "x");
    const headers = new Headers(request.headers);
    if (authorization === null) headers.delete("Authorization");
    else headers.set("Authorization", authorization);
    return new Request(request, { headers });
  };

  it.each([
    ["no Authorization", async () => null, 401],
    ["a Bearer token", async () => "Bearer abc", 401],
    [
      "a token signed by another key",
      async () => {
        const other = await newVapidKeys();
        const header = await vapidAuthorization({ endpoint: endpoint("dev-x"), subject: vapid.subject, ...other });
        return header.replace(/k=.*$/, `k=${vapid.publicKey}`);
      },
      401,
    ],
    ["a token for another audience", async () => vapidAuthorization({ endpoint: "https://fcm.googleapis.com/x", ...vapid }), 403],
    ["an expired token", async () => vapidAuthorization({ endpoint: endpoint("dev-x"), ...vapid, now: now - 13 * 3600 }), 403],
    ["a token over 24 h away", async () => vapidAuthorization({ endpoint: endpoint("dev-x"), ...vapid, now: now + 13 * 3600 }), 403],
  ])("%s: %i", async (_, header, status) => {
    const res = await standIn.receive(await withAuthorization(await header()));
    expect(res.status).toBe(status);
    expect(standIn.all().total).toBe(0);
  });

  it("a registered applicationServerKey other than k: 403", async () => {
    const other = await newVapidKeys();
    await standIn.registerSubscriber({
      id: "dev-x",
      privateKeyJwk: ua.privateKeyJwk,
      auth: ua.keys.auth,
      applicationServerKey: other.publicKey,
    });
    expect((await standIn.receive(await push("dev-x", "x"))).status).toBe(403);
  });

  it("no TTL: 400; another content coding: 415; a body over 4096 bytes: 413", async () => {
    const strip = async (name: string, value?: string) => {
      const request = await push("dev-x", "x");
      const headers = new Headers(request.headers);
      if (value === undefined) headers.delete(name);
      else headers.set(name, value);
      return new Request(request, { headers });
    };
    expect((await standIn.receive(await strip("TTL"))).status).toBe(400);
    expect((await standIn.receive(await strip("TTL", "soon"))).status).toBe(400);
    expect((await standIn.receive(await strip("Content-Encoding", "aesgcm"))).status).toBe(415);
    expect((await standIn.receive(await strip("Content-Encoding"))).status).toBe(415);
    const big = await push("dev-x", "x");
    const tooLong = new Request(big, { body: new Uint8Array(4097) });
    expect((await standIn.receive(tooLong)).status).toBe(413);
    expect(standIn.all().total).toBe(0);
  });
});

describe("the controls", () => {
  it("fail answers the status the next `times` pushes, then takes them again", async () => {
    for (const status of [404, 429, 500]) {
      standIn.fail("dev-f", status, 2);
      expect((await standIn.receive(await push("dev-f", "a"))).status).toBe(status);
      const second = await standIn.receive(await push("dev-f", "b"));
      expect(second.status).toBe(status);
      if (status === 429) expect(second.headers.get("Retry-After")).toBe("1");
      expect((await standIn.receive(await push("dev-f", "c"))).status).toBe(201);
    }
    expect(standIn.counts("dev-f").received).toBe(3);
  });

  it("fail with 410, or gone: that push and every later one answer 410; other subscriptions go on", async () => {
    standIn.fail("dev-g", 410, 1);
    expect((await standIn.receive(await push("dev-g", "a"))).status).toBe(410);
    expect((await standIn.receive(await push("dev-g", "b"))).status).toBe(410);
    standIn.gone("dev-h");
    expect((await standIn.receive(await push("dev-h", "a"))).status).toBe(410);
    expect((await standIn.receive(await push("dev-i", "a"))).status).toBe(201);
    expect(standIn.all().total).toBe(1);
  });

  it("the HTTP controls: fail refuses a bad status; reset forgets everything", async () => {
    const post = (path: string, body?: unknown) =>
      standIn.fetch(new Request(`${ORIGIN}${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) }));
    expect((await post("/standin/fail/dev-j", { status: 200 })).status).toBe(400);
    expect((await post("/standin/fail/dev-j", { status: 429, times: 1 })).status).toBe(200);
    expect((await standIn.fetch(await push("dev-j", "a"))).status).toBe(429);
    expect((await standIn.fetch(await push("dev-j", "b"))).status).toBe(201);
    expect((await post("/standin/reset")).status).toBe(200);
    const all = (await (await standIn.fetch(new Request(`${ORIGIN}/standin/pushes`))).json()) as { total: number };
    expect(all.total).toBe(0);
  });
});

describe("Topic (RFC 8030 §5.4)", () => {
  it("a push with a topic replaces the waiting one with that topic; a delivered one stays, other topics stay", async () => {
    await standIn.receive(await push("dev-t", "first", { topic: "cards-7" }));
    await standIn.receive(await push("dev-t", "other", { topic: "results-7" }));
    await standIn.receive(await push("dev-t", "second", { topic: "cards-7" }));
    expect(standIn.counts("dev-t")).toEqual({ received: 2, waiting: 2, replaced: 1 });
    const read = await Promise.all(standIn.pushesOf("dev-t").map((p) => ua.decrypt(fromBase64(p.body))));
    expect(read).toEqual(["other", "second"]);
    // Those were delivered: the next one with the topic is kept beside them.
    await standIn.receive(await push("dev-t", "third", { topic: "cards-7" }));
    expect(standIn.counts("dev-t")).toEqual({ received: 3, waiting: 1, replaced: 1 });
  });
});
