// The Web Push module (app/.server/push): a subscriber that decrypts what we send (the
// receiver's side of RFC 8291 in scripts/push-standin/decrypt.ts, apart from the module), RFC 8291's own example to
// the byte, the VAPID JWT (RFC 8292) checked with the public key, the request's headers, and
// every subscription the check must refuse.
import { describe, expect, it } from "vitest";
import {
  checkSubscription,
  encryptPayload,
  newVapidKeys,
  PUSH_ERRORS,
  pushRequest,
  VAPID_LIFETIME_SECONDS,
  vapidAuthorization,
} from "~/.server/push/web-push";
import { newSubscriber } from "../../scripts/push-standin/decrypt";

type Bytes = Uint8Array<ArrayBuffer>;
const b64u = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const unb64u = (text: string): Bytes => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const text = (s: string): Bytes => new TextEncoder().encode(s);
const join = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const ECDH = { name: "ECDH", namedCurve: "P-256" } as const;
const subtle = crypto.subtle;

/** A browser: an ECDH P-256 pair and a 16-byte auth secret, and RFC 8291's receiving side (scripts/push-standin/decrypt.ts). */
async function subscriber(pair?: CryptoKeyPair, authSecret?: Bytes) {
  const ua = await newSubscriber(pair, authSecret);
  return { ...ua.keys, decrypt: ua.decrypt };
}

// RFC 8291 §5 and Appendix A.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};
async function pairFrom(publicKey: string, privateKey: string): Promise<CryptoKeyPair> {
  const point = unb64u(publicKey);
  const jwk = { kty: "EC", crv: "P-256", x: b64u(point.slice(1, 33)), y: b64u(point.slice(33)), d: privateKey };
  return {
    privateKey: await subtle.importKey("jwk", jwk, ECDH, false, ["deriveBits"]),
    publicKey: await subtle.importKey("raw", point, ECDH, true, []),
  };
}

describe("encryptPayload", () => {
  it("makes RFC 8291's example body to the byte", async () => {
    const body = await encryptPayload({
      p256dh: RFC.uaPublic,
      auth: RFC.auth,
      payload: RFC.plaintext,
      salt: unb64u(RFC.salt),
      localKeys: await pairFrom(RFC.asPublic, RFC.asPrivate),
    });
    expect(b64u(body)).toBe(RFC.body);
    // and the example's receiver reads it back with its own private key
    const ua = await subscriber(await pairFrom(RFC.uaPublic, RFC.uaPrivate), unb64u(RFC.auth));
    expect(await ua.decrypt(unb64u(RFC.body))).toBe(RFC.plaintext);
  });

  it("a fresh subscriber decrypts what it is sent; fresh keys and salt every message", async () => {
    const ua = await subscriber();
    const payload = JSON.stringify({ title: "Round 7 cards are out", url: "/l/thursday/rounds/7", note: "Ünïcode ✓" });
    const first = await encryptPayload({ p256dh: ua.p256dh, auth: ua.auth, payload });
    const second = await encryptPayload({ p256dh: ua.p256dh, auth: ua.auth, payload });
    expect(await ua.decrypt(first)).toBe(payload);
    expect(await ua.decrypt(second)).toBe(payload);
    expect(b64u(first.slice(0, 16))).not.toBe(b64u(second.slice(0, 16)));
    expect(b64u(first.slice(21, 86))).not.toBe(b64u(second.slice(21, 86)));
    expect(first.length).toBe(86 + new TextEncoder().encode(payload).length + 1 + 16);
  });

  it("another subscriber's keys do not open it", async () => {
    const ua = await subscriber();
    const other = await subscriber();
    const body = await encryptPayload({ p256dh: ua.p256dh, auth: ua.auth, payload: "secret" });
    await expect(other.decrypt(body)).rejects.toThrow();
  });

  it("refuses a message over 3993 bytes, and bad keys", async () => {
    const ua = await subscriber();
    await expect(encryptPayload({ p256dh: ua.p256dh, auth: ua.auth, payload: "x".repeat(3993) })).resolves.toHaveLength(4096);
    await expect(encryptPayload({ p256dh: ua.p256dh, auth: ua.auth, payload: "x".repeat(3994) })).rejects.toThrow(/at most 3993/);
    await expect(encryptPayload({ p256dh: "AAAA", auth: ua.auth, payload: "x" })).rejects.toThrow(/p256dh/);
    await expect(encryptPayload({ p256dh: ua.p256dh, auth: "AAAA", payload: "x" })).rejects.toThrow(/auth/);
  });
});

async function readJwt(header: string, publicKey: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
  expect(match).not.toBeNull();
  const [, head, claims, signature, k] = match as RegExpExecArray;
  expect(k).toBe(publicKey);
  const key = await subtle.importKey("raw", unb64u(publicKey), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const sig = unb64u(signature);
  expect(sig).toHaveLength(64);
  const valid = await subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, sig, text(`${head}.${claims}`));
  const decode = (part: string) => JSON.parse(new TextDecoder().decode(unb64u(part)));
  return { valid, header: decode(head), claims: decode(claims) };
}

describe("vapidAuthorization", () => {
  it("signs an ES256 JWT the public key verifies, for the endpoint's origin, 12 h, with the subject", async () => {
    const vapid = await newVapidKeys();
    expect(unb64u(vapid.publicKey)).toHaveLength(65);
    expect(unb64u(vapid.privateKey)).toHaveLength(32);
    const now = 1_800_000_000;
    const header = await vapidAuthorization({
      endpoint: "https://fcm.googleapis.com/fcm/send/abc:def?x=1",
      subject: "mailto:ops@league.test",
      ...vapid,
      now,
    });
    const jwt = await readJwt(header, vapid.publicKey);
    expect(jwt.valid).toBe(true);
    expect(jwt.header).toEqual({ typ: "JWT", alg: "ES256" });
    expect(jwt.claims).toEqual({ aud: "https://fcm.googleapis.com", exp: now + 12 * 3600, sub: "mailto:ops@league.test" });
    expect(VAPID_LIFETIME_SECONDS).toBeLessThanOrEqual(24 * 3600);
  });

  it("another key pair's public key does not verify it", async () => {
    const [vapid, other] = await Promise.all([newVapidKeys(), newVapidKeys()]);
    const header = await vapidAuthorization({ endpoint: "https://web.push.apple.com/x", subject: "https://league.test", ...vapid });
    const token = header.replace(/, k=.*/, `, k=${other.publicKey}`);
    expect((await readJwt(token, other.publicKey)).valid).toBe(false);
  });

  it("refuses a subject that is not mailto: or https:, and a private key that does not fit", async () => {
    const vapid = await newVapidKeys();
    const endpoint = "https://fcm.googleapis.com/x";
    await expect(vapidAuthorization({ endpoint, subject: "http://league.test", ...vapid })).rejects.toThrow(/mailto: or https:/);
    await expect(vapidAuthorization({ endpoint, subject: "ops@league.test", ...vapid })).rejects.toThrow(/mailto: or https:/);
    await expect(vapidAuthorization({ endpoint, subject: "mailto:a@b.test", ...vapid, privateKey: "short" })).rejects.toThrow(
      /private key/,
    );
    const other = await newVapidKeys();
    await expect(vapidAuthorization({ endpoint, subject: "mailto:a@b.test", ...vapid, privateKey: other.privateKey })).rejects.toThrow(
      /private key/,
    );
  });
});

describe("pushRequest", () => {
  it("is a POST with TTL, Urgency, Topic, the content coding and VAPID; the body decrypts", async () => {
    const ua = await subscriber();
    const vapid = { ...(await newVapidKeys()), subject: "mailto:ops@league.test" };
    const endpoint = "https://updates.push.services.mozilla.com/wpush/v2/gAAAA";
    const { url, init } = await pushRequest({
      subscription: { endpoint, keys: ua },
      payload: "hi",
      ttl: 3600,
      urgency: "high",
      topic: "round-7_cards",
      vapid,
    });
    expect(url).toBe(endpoint);
    expect(init.method).toBe("POST");
    const { Authorization, ...rest } = init.headers;
    expect(rest).toEqual({
      TTL: "3600",
      Urgency: "high",
      Topic: "round-7_cards",
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
    });
    const jwt = await readJwt(Authorization, vapid.publicKey);
    expect(jwt.valid).toBe(true);
    expect(jwt.claims.aud).toBe("https://updates.push.services.mozilla.com");
    expect(await ua.decrypt(init.body)).toBe("hi");
    // the request fetch would send carries the same bytes
    const request = new Request(url, init);
    expect(await ua.decrypt(new Uint8Array(await request.arrayBuffer()))).toBe("hi");
  });

  it("urgency defaults to normal and no Topic is sent without one", async () => {
    const ua = await subscriber();
    const vapid = { ...(await newVapidKeys()), subject: "https://league.test" };
    const { init } = await pushRequest({
      subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: ua },
      payload: "",
      ttl: 0,
      vapid,
    });
    expect(init.headers.Urgency).toBe("normal");
    expect(init.headers.TTL).toBe("0");
    expect("Topic" in init.headers).toBe(false);
  });

  it.each([
    [{ topic: "x".repeat(33) }, /topic/],
    [{ topic: "has space" }, /topic/],
    [{ topic: "a+b/c=" }, /topic/],
    [{ topic: "" }, /topic/],
    [{ ttl: -1 }, /TTL/],
    [{ ttl: 1.5 }, /TTL/],
    [{ ttl: 28 * 86400 + 1 }, /TTL/],
    [{ urgency: "urgent" }, /Urgency/],
  ])("refuses %o", async (bad, error) => {
    const ua = await subscriber();
    const vapid = { ...(await newVapidKeys()), subject: "https://league.test" };
    const input = { subscription: { endpoint: "https://fcm.googleapis.com/x", keys: ua }, payload: "x", ttl: 60, vapid, ...bad };
    await expect(pushRequest(input as Parameters<typeof pushRequest>[0])).rejects.toThrow(error);
  });
});

describe("checkSubscription", async () => {
  const ua = await subscriber();
  const keys = { p256dh: ua.p256dh, auth: ua.auth };
  const check = (endpoint: string, k: object = keys, allowLocal = false) => checkSubscription({ endpoint, keys: k }, { allowLocal });

  it.each([
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/abc",
    "https://web.push.apple.com/QGx",
    "https://wns2-by3p.notify.windows.com/w/?token=abc",
    "https://FCM.googleapis.com/fcm/send/abc",
  ])("takes %s", async (endpoint) => {
    expect(await check(endpoint)).toEqual({ ok: true, subscription: { endpoint: new URL(endpoint).href, keys } });
  });

  it("takes a local stand-in only when allowed", async () => {
    expect((await check("http://127.0.0.1:8788/push/1", keys, true)).ok).toBe(true);
    expect((await check("http://localhost:9000/push/1", keys, true)).ok).toBe(true);
    expect(await check("http://127.0.0.1:8788/push/1")).toEqual({ ok: false, error: PUSH_ERRORS.endpointHttps });
    expect(await check("http://10.0.0.1:8788/push/1", keys, true)).toEqual({ ok: false, error: PUSH_ERRORS.endpointHttps });
  });

  it.each([
    ["http://fcm.googleapis.com/fcm/send/abc", PUSH_ERRORS.endpointHttps],
    ["ftp://fcm.googleapis.com/x", PUSH_ERRORS.endpointHttps],
    ["javascript:alert(1)", PUSH_ERRORS.endpointHttps],
    ["not a url", PUSH_ERRORS.endpointUrl],
    ["https://push.example.com/abc", PUSH_ERRORS.endpointHost],
    ["https://evilfcm.googleapis.com.attacker.net/x", PUSH_ERRORS.endpointHost],
    ["https://fcm.googleapis.com.evil/x", PUSH_ERRORS.endpointHost],
    ["https://evilfcm.googleapis.com/x", PUSH_ERRORS.endpointHost],
    ["https://evilpush.apple.com/x", PUSH_ERRORS.endpointHost],
    ["https://push.apple.com/x", PUSH_ERRORS.endpointHost],
    ["https://web.push.apple.com.attacker.net/x", PUSH_ERRORS.endpointHost],
    ["https://attacker.net/web.push.apple.com", PUSH_ERRORS.endpointHost],
    ["https://web.push.apple.com@attacker.net/x", PUSH_ERRORS.endpointHost],
    ["https://user:pw@web.push.apple.com/x", PUSH_ERRORS.endpointHost],
    ["https://fcm.googleapis.com:8443/x", PUSH_ERRORS.endpointHost],
    ["https://fcm.googleapis.com./x", PUSH_ERRORS.endpointHost],
    ["https://127.0.0.1/x", PUSH_ERRORS.endpointHost],
    [`https://fcm.googleapis.com/${"a".repeat(2048)}`, PUSH_ERRORS.endpointLong],
  ])("refuses the endpoint %s", async (endpoint, error) => {
    expect(await check(endpoint)).toEqual({ ok: false, error });
  });

  const good = "https://fcm.googleapis.com/fcm/send/abc";
  const point = unb64u(ua.p256dh);
  const offCurve = point.slice();
  offCurve[64] ^= 1;
  const compressed = join(Uint8Array.of(2 + (point[64] & 1)), point.slice(1, 33));
  it.each([
    ["a point off the curve", b64u(offCurve)],
    ["a compressed point", b64u(compressed)],
    ["a 0x05 prefix", b64u(join(Uint8Array.of(5), point.slice(1)))],
    ["64 bytes", b64u(point.slice(1))],
    ["66 bytes", b64u(join(point, Uint8Array.of(0)))],
    ["junk base64", "not+base64/at all=="],
    ["padding", `${ua.p256dh}=`],
    ["empty", ""],
  ])("refuses p256dh as %s", async (_, p256dh) => {
    expect(await check(good, { p256dh, auth: ua.auth })).toEqual({ ok: false, error: PUSH_ERRORS.p256dh });
  });

  it.each([
    ["15 bytes", b64u(new Uint8Array(15))],
    ["17 bytes", b64u(new Uint8Array(17))],
    ["junk base64", "!!!!!!!!!!!!!!!!!!!!!!"],
    ["standard base64", "ab+/ab+/ab+/ab+/ab+/aQ=="],
    ["a lone character too many", "AAAAAAAAAAAAAAAAAAAAAAA"],
  ])("refuses auth as %s", async (_, auth) => {
    expect(await check(good, { p256dh: ua.p256dh, auth })).toEqual({ ok: false, error: PUSH_ERRORS.auth });
  });

  it.each([[null], ["x"], [{}], [{ endpoint: good }], [{ endpoint: good, keys: { p256dh: 1, auth: ua.auth } }], [{ endpoint: 5, keys }]])(
    "refuses the shape %o",
    async (input) => {
      expect(await checkSubscription(input)).toEqual({ ok: false, error: PUSH_ERRORS.shape });
    },
  );
});
