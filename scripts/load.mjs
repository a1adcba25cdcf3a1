// `npm run load [-- --seconds=60 --players=50 --admins=2] [-- --url=http://localhost:8787]`
//
// A write load test: simulated players browse and sign up for the open rounds —
// by credit, and some through PayPal (the local stand-in) — and withdraw from some again,
// while admins save scores, enter walk-ups and record their cash (and withdraw a few), and
// PayPal (the stand-in) refunds, replays and reverses some of the PayPal payments (ADR 22),
// for a minute. Then the money report must still say the books balance. Any 5xx, network
// error or unexpected refusal counts as an error; the run fails (exit 1) unless there are
// none. Without --url it serves the built app itself over a fresh demo league (as the e2e
// server does, on port 8797, state in .load-state); with --url it loads a running
// `npm start` (which must serve the demo league with the PayPal stand-in).
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

const { values: opts } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    players: { type: "string", default: "50" },
    admins: { type: "string", default: "2" },
    url: { type: "string" },
  },
});
const SECONDS = Number(opts.seconds);
const PLAYERS = Number(opts.players);
const ADMINS = Number(opts.admins);
const PORT = 8797;
const BASE = opts.url ?? `http://localhost:${PORT}`;
const STANDIN = `http://127.0.0.1:${Number(new URL(BASE).port || 80) + 1000}`;
const ADMIN = { username: "admin@league.test", password: "LeagueAdmin2026" };

const stats = new Map(); // kind → { times: number[], errors: number }
const errors = [];
let ipSeq = 0;
const newIp = () => `2001:db8:10ad:${(++ipSeq).toString(16)}::1`;

async function call(kind, method, path, { token, body, ip, expect = [200, 201], base = BASE } = {}) {
  const headers = { "CF-Connecting-IP": ip ?? "2001:db8:10ad::1" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const started = performance.now();
  let res;
  let text = "";
  try {
    res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    text = await res.text();
  } catch (error) {
    res = { status: 0, error };
  }
  const ms = performance.now() - started;
  const s = stats.get(kind) ?? { times: [], errors: 0 };
  stats.set(kind, s);
  s.times.push(ms);
  if (!expect.includes(res.status)) {
    s.errors++;
    if (errors.length < 20) errors.push(`${kind}: ${method} ${path} → ${res.status} ${text.slice(0, 160)}`);
    return null;
  }
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return { text };
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function serve() {
  if (opts.url) return null;
  const child = spawn(process.execPath, ["scripts/e2e-server.mjs", String(PORT)], {
    env: { ...process.env, LEAGUE_PERSIST: ".load-state" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/`)).ok) return child;
    } catch {}
    await sleep(1000);
  }
  throw new Error("the app did not start");
}

/** A player who can sign up: a new user, a new player with $20 of credit, the claim approved. */
async function makePlayer(admin, i) {
  const ip = newIp();
  const tag = `${Date.now().toString(36)}${i}`;
  const reg = await call("setup", "POST", "/api/users/register", {
    ip,
    body: { email: `load-${tag}@example.com`, name: `Load ${tag}`, password: "Fairway-Drive-42" },
  });
  const player = await call("setup", "POST", "/api/admin/player/", {
    token: admin,
    body: { values: { fn: "Load", ln: `Tester ${tag}`, division: "MA2" } },
  });
  if (!reg || !player) return null;
  const claim = await call("setup", "POST", "/api/claims", { token: reg.token, ip, body: { player_id: player.id, note: "" } });
  await call("setup", "PUT", `/api/claims/${claim?.claim?.id}/approve`, { token: admin });
  // Half of them hold too little for a whole entry: they pay the rest with PayPal.
  const dollars = i % 2 === 0 ? 20 : 2;
  await call("setup", "POST", "/api/transfers/add", {
    token: admin,
    body: { values: { d: Math.floor(Date.now() / 1000), fromPlayer: null, toPlayer: player.id, amt: dollars, description: "load test" } },
  });
  return { token: reg.token, ip, playerId: player.id };
}

/** What the run did with money besides sign-ups, for the summary. */
const money = { withdrawals: 0, walkUps: 0, cash: 0, refunds: 0, replays: 0, reversals: 0 };
/** PayPal orders of entries, for PayPal to refund: order id → cents left to refund. */
const paypalOrders = new Map();

/** Signs the player up for `round` (credit, else PayPal for the rest); their entry, or null. */
async function signUp(p, round) {
  const choice = { round_id: round.id, player_id: p.playerId, division: "MA2", ace: true };
  const credit = await call("signup-credit", "POST", "/api/entries", {
    token: p.token,
    ip: p.ip,
    body: { ...choice, credit_used: 100, method: "credit", payment_data: null, amount: 0, score: 0 },
    expect: [201, 400],
  });
  if (credit?.success) return { entryId: credit.entry.id, round };
  // Not enough credit (400): PayPal for the rest, approved in the stand-in.
  // An admin's withdrawal of another entry may have given credit back in between: then the
  // order is refused (400, "Your credit covers the whole entry") and credit is tried again.
  const order = await call("paypal-order", "POST", "/api/entries/paypal-order", {
    token: p.token,
    ip: p.ip,
    body: { ...choice, credit_used: 100 },
    expect: [200, 201, 400],
  });
  if (order && !order.orderID) {
    const again = await call("signup-credit", "POST", "/api/entries", {
      token: p.token,
      ip: p.ip,
      body: { ...choice, credit_used: 100, method: "credit", payment_data: null, amount: 0, score: 0 },
      expect: [201],
    });
    return again ? { entryId: again.entry.id, round } : null;
  }
  if (!order) return null;
  await call("paypal-approve", "POST", `/standin/approve/${order.orderID}`, { base: STANDIN });
  const paid = await call("signup-paypal", "POST", "/api/entries", {
    token: p.token,
    ip: p.ip,
    body: { ...choice, credit_used: 100, method: "paypal", payment_data: { orderID: order.orderID }, amount: 0, score: 0 },
    expect: [201],
  });
  if (!paid) return null;
  paypalOrders.set(order.orderID, Math.round(order.amount * 100));
  return { entryId: paid.entry.id, round };
}

/** A player withdraws from a round that has not started: what they paid comes back as credit. */
async function withdraw(p, entered) {
  const e = entered.shift();
  if (!e || e.round.d * 1000 <= Date.now() + 60_000) return;
  if (await call("withdraw (player)", "DELETE", `/api/entries/${e.entryId}`, { token: p.token, ip: p.ip })) money.withdrawals++;
}

async function playerLoop(p, openRounds, until, playerIds) {
  const toSign = [...openRounds];
  const entered = [];
  while (performance.now() < until) {
    const roll = Math.random();
    if (toSign.length && roll < 0.15) {
      const e = await signUp(p, toSign.shift());
      // About a third of sign-ups are withdrawn again later.
      if (e && Math.random() < 0.35) entered.push(e);
    } else if (entered.length && roll < 0.2) await withdraw(p, entered);
    else if (roll < 0.45) await call("page /rounds/{id}", "GET", `/rounds/${pick(openRounds).id}`, { ip: p.ip });
    else if (roll < 0.6) await call("page /", "GET", "/", { ip: p.ip });
    else if (roll < 0.7) await call("page /players-all", "GET", "/players-all", { ip: p.ip });
    else if (roll < 0.8) await call("page /players/{id}", "GET", `/players/${pick(playerIds)}`, { ip: p.ip });
    else if (roll < 0.9) await call("api /api/players", "GET", "/api/players", { ip: p.ip, token: p.token });
    else await call("api /api/ace", "GET", "/api/ace", { ip: p.ip });
    await sleep(50 + Math.random() * 250);
  }
}

/** A walk-up at the course: the admin enters a new player and records their cash; now and then withdraws one again. */
async function walkUp(token, round) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const player = await call("walk-up player", "POST", "/api/admin/player/", {
    token,
    body: { values: { fn: "Walk", ln: `Up ${tag}`, division: "MA3" } },
  });
  if (!player) return;
  const added = await call("walk-up entry", "POST", "/api/admin/entry/add", {
    token,
    body: { values: { round_id: round.id, player: player.id, division: "MA3", ace: Math.random() < 0.7 } },
  });
  if (!added) return;
  money.walkUps++;
  const cash = await call("cash", "POST", "/api/admin/entry/cash", {
    token,
    body: { id: added.newEntry.id, amount: pick([5, 6, 6, 10]), note: "paid at the course" },
  });
  if (cash) money.cash++;
  if (Math.random() < 0.2 && (await call("withdraw (admin)", "DELETE", `/api/entries/${added.newEntry.id}`, { token })))
    money.withdrawals++;
}

async function adminLoop(token, round, openRounds, until) {
  while (performance.now() < until) {
    if (Math.random() < 0.15) await walkUp(token, pick(openRounds));
    const entries = await call("admin read entries", "GET", `/api/entries/${round.id}`, { token });
    if (entries?.length) {
      const e = pick(entries);
      await call("admin save score", "POST", "/api/admin/entry/update", {
        token,
        body: { id: e.id, version: e.version, values: { score: 45 + Math.floor(Math.random() * 20) } },
        // A sign-up between the read and the save changes the entries' payouts: 409, as for an admin in a browser (ADR 20).
        expect: [200, 409],
      });
    }
    await sleep(200 + Math.random() * 300);
  }
}

/** PayPal refunding: a dollar of a payment (sometimes sent twice), or reversing what is left of one. */
async function payPalLoop(until) {
  while (performance.now() < until) {
    await sleep(500 + Math.random() * 1000);
    const open = [...paypalOrders].filter(([, left]) => left > 0);
    if (!open.length) continue;
    const [orderId, left] = pick(open);
    if (Math.random() < 0.2) {
      if (await call("paypal reversal", "POST", `/standin/reverse/${orderId}`, { base: STANDIN })) money.reversals++;
      paypalOrders.set(orderId, 0);
      continue;
    }
    const cents = Math.min(left, 100);
    const refund = await call("paypal refund", "POST", `/standin/refund/${orderId}`, { base: STANDIN, body: { amount: cents / 100 } });
    if (!refund) continue;
    money.refunds++;
    paypalOrders.set(orderId, left - cents);
    if (Math.random() < 0.3 && (await call("paypal refund replay", "POST", `/standin/replay/${refund.id}`, { base: STANDIN })))
      money.replays++;
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const server = await serve();
try {
  const login = await call("setup", "POST", "/api/admin/login", { body: ADMIN });
  if (!login) throw new Error(`admin login failed: ${errors.join("; ")}`);
  const rounds = await call("setup", "GET", "/api/rounds/all");
  const openRounds = rounds.filter((r) => r.openForRegistration === true || r.openForRegistration === 1);
  const played = rounds.filter((r) => r.d * 1000 < Date.now()).sort((a, b) => b.d - a.d)[0];
  const playerIds = (await call("setup", "GET", "/api/players/simpleList")).map((p) => p.id);
  if (!openRounds.length || !played) throw new Error("the league needs open rounds and a played round");
  const players = [];
  for (let i = 0; i < PLAYERS; i++) players.push(await makePlayer(login.token, i));
  const ready = players.filter(Boolean);
  console.log(
    `${ready.length} players ready, ${openRounds.length} open rounds; ${ADMINS} admins saving scores in "${played.n}" — ${SECONDS} s…`,
  );
  stats.delete("setup");

  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all([
    ...ready.map((p) => playerLoop(p, openRounds, until, playerIds)),
    ...Array.from({ length: ADMINS }, () => adminLoop(login.token, played, openRounds, until)),
    payPalLoop(until),
  ]);
  const seconds = (performance.now() - started) / 1000;

  // Let the stand-in's webhooks and the queue settle, then the books.
  await sleep(3000);
  const res = await fetch(`${BASE}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__Host-session="))
    ?.split(";")[0];
  const report = await (await fetch(`${BASE}/admin/reports`, { headers: { Cookie: cookie ?? "" } })).text();
  const balanced = (report.match(/>Balanced</g) ?? []).length;
  const out = /Out by/.test(report);
  // Refunds of entries still standing wait for the admin's decision: listed, not out of balance.
  const toSortOut = /Nothing to sort out/.test(report) ? 0 : Number(/>(\d+) things? to sort out</.exec(report)?.[1] ?? 0);

  console.log(`\n| kind | requests | errors | p50 ms | p95 ms |\n| --- | ---: | ---: | ---: | ---: |`);
  let total = 0;
  let failed = 0;
  for (const [kind, s] of [...stats].sort()) {
    const sorted = [...s.times].sort((a, b) => a - b);
    total += s.times.length;
    failed += s.errors;
    console.log(`| ${kind} | ${s.times.length} | ${s.errors} | ${pct(sorted, 50).toFixed(0)} | ${pct(sorted, 95).toFixed(0)} |`);
  }
  console.log(`\n${total} requests in ${seconds.toFixed(0)} s (${(total / seconds).toFixed(1)}/s), ${failed} errors.`);
  console.log(
    `Money: ${money.withdrawals} withdrawals, ${money.walkUps} walk-ups with ${money.cash} paid in cash, ` +
      `${money.refunds} PayPal refunds (${money.replays} sent twice), ${money.reversals} reversals.`,
  );
  console.log(`Money report: ${balanced === 2 && !out ? "balanced (balances and ace pot)" : "NOT BALANCED"}; ${toSortOut} to sort out.`);
  for (const e of errors) console.log(`  ${e}`);
  process.exitCode = failed === 0 && balanced === 2 && !out ? 0 : 1;
} finally {
  if (server) process.kill(-server.pid, "SIGTERM");
}
