// One run of the live bench against a server (the app, or the bare floor): 200 spectator
// sockets from 10 addresses (a course's Wi-Fi is one), two phones per card scoring 18 holes
// in `seconds` (a 2-hour round compressed), a few planted disagreements that the first phone
// then settles, and at the end the phone that was offline all round sending its 18 holes at
// once, then again; with `flood`, an abuser's frames beside it all the while (./flood.mjs).
// Every frame's ack latency is timed; every spectator's updates are checked to cover the
// whole sequence.
import { startFlood } from "./flood.mjs";

/** The scores the round is meant to end with: card, player and hole give 2–5 strokes. */
export const truth = (cardIndex, playerIndex, hole) => 2 + ((playerIndex * 7 + hole * 3 + cardIndex) % 4);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let ids = 0;
const changeId = (tag) => `bench-${tag}-${++ids}-${Math.random().toString(36).slice(2, 8)}`;
const UPDATE = /"fromSeq":(\d+),"seq":(\d+)/;

/** A socket whose frames are counted as they come: acks resolve their sender, updates extend the seen sequence. */
function socket(url, token, address) {
  const headers = { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(address ? { "CF-Connecting-IP": address } : {}) };
  const ws = new WebSocket(url, { headers });
  const s = { ws, pending: [], seen: [], gaps: 0, welcomed: null, errors: [] };
  s.welcomed = new Promise((resolve, reject) => {
    ws.onerror = () => reject(new Error(`socket ${url} failed`));
    ws.onmessage = (event) => {
      const text = String(event.data);
      if (text.startsWith('{"type":"welcome"')) return resolve();
      if (text.startsWith('{"type":"update"')) {
        const m = UPDATE.exec(text);
        if (m) s.seen.push([Number(m[1]), Number(m[2])]);
        return;
      }
      if (text.startsWith('{"type":"ack"')) return s.pending.shift()?.(JSON.parse(text).results);
      if (text.startsWith('{"type":"error"')) {
        // A refused frame gets an error instead of its ack: answered, with no results.
        s.errors.push(text);
        s.pending.shift()?.([]);
      }
    };
    // A socket the server dropped answers nothing more: its frames waiting count as refused, so the run ends and says so.
    ws.onclose = (event) => {
      if (s.pending.length === 0) return;
      s.errors.push(`closed (${event.code}) with ${s.pending.length} frames unanswered`);
      for (const answer of s.pending.splice(0)) answer([]);
    };
  });
  /** Sends changes and resolves with their results and the time the ack took. */
  s.send = (changes) =>
    new Promise((resolve) => {
      const started = performance.now();
      s.pending.push((results) => resolve({ results, ms: performance.now() - started }));
      ws.send(JSON.stringify({ type: "changes", changes }));
    });
  return s;
}

/** Every seq from 1 to `last` exactly once across the spectator's updates. */
function sawAll(spectator, last) {
  const got = new Set();
  let doubled = 0;
  for (const [from, to] of spectator.seen) {
    for (let seq = from; seq <= to; seq++) {
      if (got.has(seq)) doubled += 1;
      got.add(seq);
    }
  }
  return got.size === last && doubled === 0;
}

/** `flood`: the abuser's login (a player on card 2) when the run is flooded, else null. */
export async function runLoad({ origin, plan, tokens, seconds = 60, spectators = 200, disagreements = 12, flood = null }) {
  // `card` tags a phone's socket on the floor, which has no logins to tell its card by; the app ignores it.
  const wsUrl = (spectator, card) =>
    `${origin.replace(/^http/, "ws")}/api/live/${plan.roundId}/ws${spectator ? "?as=spectator" : `?card=${card}`}`;
  const watchers = Array.from({ length: spectators }, (_, i) => socket(wsUrl(true), undefined, `198.51.100.${(i % 10) + 1}`));
  const offlineCard = plan.cards[0];
  const offline = offlineCard.phones[2];
  const phones = plan.cards.map((card) => card.phones.slice(0, 2).map((p) => socket(wsUrl(false, card.cardId), tokens.get(p.email))));
  await Promise.all([...watchers, ...phones.flat()].map((s) => s.welcomed));
  const flooding = flood ? startFlood({ origin, roundId: plan.roundId, token: flood }) : null;

  const planted = new Set(Array.from({ length: disagreements }, (_, i) => `${(i * 5) % plan.cards.length}:${i % 18}`));
  const latencies = [];
  const byHole = Array.from({ length: 18 }, () => []);
  const results = [];
  const record = (hole) => (answer) => {
    latencies.push(answer.ms);
    byHole[hole - 1].push(answer.ms);
    results.push(...answer.results);
    return answer;
  };
  const holeMs = (seconds * 1000) / 18;
  const started = performance.now();
  await Promise.all(
    plan.cards.map(async (card, c) => {
      const [a, b] = phones[c];
      for (let h = 0; h < 18; h++) {
        const hole = h + 1;
        const wait = started + h * holeMs + Math.random() * holeMs * 0.7 - performance.now();
        if (wait > 0) await sleep(wait);
        const values = (off) =>
          card.entries.map((entryId, p) => ({
            id: changeId("s"),
            at: Math.floor(Date.now() / 1000),
            kind: "strokes",
            entryId,
            hole,
            strokes: truth(c, p, hole) + off,
          }));
        const disagree = planted.has(`${c}:${h}`);
        await Promise.all([a.send(values(0)).then(record(hole)), b.send(values(disagree ? 1 : 0)).then(record(hole))]);
        if (disagree) record(hole)(await a.send(values(0).map((v) => ({ ...v, settle: true }))));
      }
    }),
  );
  const scoredIn = performance.now() - started;

  // The phone that was offline all round: its card's 18 holes at once, and once more.
  const late = socket(wsUrl(false, offlineCard.cardId), tokens.get(offline.email));
  await late.welcomed;
  const batch = Array.from({ length: 18 }, (_, h) =>
    offlineCard.entries.map((entryId, p) => ({
      id: changeId("o"),
      at: Math.floor(Date.now() / 1000),
      kind: "strokes",
      entryId,
      hole: h + 1,
      strokes: truth(0, p, h + 1),
    })),
  ).flat();
  const first = await late.send(batch);
  const again = await late.send(batch);
  const seqs = first.results.map((r) => r.seq);
  const offlinePhone = {
    changes: batch.length,
    appliedInOrder: first.results.every((r, i) => r.status === "applied" && r.seq === seqs[0] + i),
    duplicatesOnResend: again.results.every((r, i) => r.status === "duplicate" && r.seq === seqs[i]),
    ackMs: first.ms,
  };

  // The floor keeps no ids, so its resend takes new seqs: the last is the highest any ack named.
  const last = Math.max(...seqs, ...again.results.map((r) => r.seq ?? 0), ...results.map((r) => r.seq ?? 0));
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && !watchers.every((w) => sawAll(w, last))) await sleep(100);
  const flooded = flooding?.stop() ?? null;
  const sockets = [...watchers, ...phones.flat(), late];
  for (const s of sockets) s.ws.close();
  return {
    frames: latencies.length,
    changes: results.length,
    applied: results.filter((r) => r.status === "applied").length,
    notApplied: results.filter((r) => r.status !== "applied").map((r) => JSON.stringify(r)),
    errors: sockets.flatMap((s) => s.errors),
    latencies,
    byHole,
    lastSeq: last,
    spectatorsSawAll: watchers.filter((w) => sawAll(w, last)).length,
    spectators,
    scoredInSeconds: scoredIn / 1000,
    offlinePhone,
    flooded,
    sentIds: [...results.map((r) => r.id), ...first.results.map((r) => r.id)],
  };
}
