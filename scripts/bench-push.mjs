#!/usr/bin/env node
// `npm run bench:push [count]`: the CPU one push message costs the sender (app/.server/push):
// a fresh ECDH key pair, ECDH, HKDF, AES-GCM and an ES256 VAPID JWT per message, for
// `count` (1,000) different subscribers, in Node's Web Crypto (workerd's is the same
// BoringSSL-class work). CPU from process.cpuUsage() (user + system), wall from
// performance.now(). A second loop builds the same requests with no crypto (empty body, no
// JWT) as the baseline. Budget: 2 ms of CPU per message.
import { tsImport } from "tsx/esm/api";

const count = Number(process.argv[2] ?? 1000);
const BUDGET_MS = 2;
const { newVapidKeys, pushRequest } = await tsImport("../app/.server/push/web-push.ts", import.meta.url);

const b64u = (bytes) => Buffer.from(bytes).toString("base64url");
const ECDH = { name: "ECDH", namedCurve: "P-256" };
const subscribers = [];
for (let i = 0; i < count; i++) {
  const pair = await crypto.subtle.generateKey(ECDH, true, ["deriveBits"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  subscribers.push({
    endpoint: `https://fcm.googleapis.com/fcm/send/bench-${i}`,
    keys: { p256dh: b64u(raw), auth: b64u(crypto.getRandomValues(new Uint8Array(16))) },
  });
}
const vapid = { ...(await newVapidKeys()), subject: "mailto:ops@league.test" };
const payload = JSON.stringify({ title: "Round 7: cards are out", body: "Your card starts on hole 4", url: "/l/thursday/rounds/7" });

async function baseline(subscription) {
  const headers = {
    TTL: "3600",
    Urgency: "normal",
    Topic: "round-7",
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
  };
  return { url: subscription.endpoint, init: { method: "POST", headers, body: new Uint8Array(0) } };
}
const real = (subscription) => pushRequest({ subscription, payload, ttl: 3600, urgency: "normal", topic: "round-7", vapid });

async function measure(make) {
  for (let i = 0; i < Math.min(50, count); i++) await make(subscribers[i]); // warm up
  let bytes = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const subscription of subscribers) bytes += (await make(subscription)).init.body.length;
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000 / count, wall: wall / count, bytes: bytes / count };
}

const empty = await measure(baseline);
const signed = await measure(real);
console.log(`Node ${process.version}, ${count} messages to ${count} subscribers, a ${payload.length}-byte payload`);
console.log(
  `  encrypt + VAPID  CPU ${signed.cpu.toFixed(3)} ms/message  wall ${signed.wall.toFixed(3)} ms/message  body ${signed.bytes} B`,
);
console.log(`  baseline (none)  CPU ${empty.cpu.toFixed(4)} ms/message  wall ${empty.wall.toFixed(4)} ms/message`);
console.log(`  ratio            ${(signed.cpu / Math.max(empty.cpu, 1e-6)).toFixed(0)}× the baseline's CPU`);
console.log(`  within ${BUDGET_MS} ms CPU per message: ${signed.cpu <= BUDGET_MS ? "yes" : "NO"}`);
process.exitCode = signed.cpu <= BUDGET_MS ? 0 : 1;
