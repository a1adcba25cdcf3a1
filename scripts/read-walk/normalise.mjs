// What a read walk keeps of a response, with only what differs between two runs of the same
// code taken out: the server's origin (its port), the walk's own session and calendar
// tokens, and the times of the run itself (a login's last-login time, a calendar's
// DTSTAMP, the audit rows the seed's inserts stamp as they run): each falls inside the
// run, while the league's own times come from a seed pinned to the start of the day
// (LEAGUE_SEED_NOW), so a time inside the run's window, as a number, an ISO or iCalendar
// stamp or as the app shows it in words, is replaced by a marker, as is an /api error's
// request id. CSP nonces and ETags are headers, which are not kept but for a redirect's Location.

import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

const SLACK = 120; // seconds either side of the walk: a token's iat, clocks a little apart

const literally = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What a walk keeps of its bodies: `text(s)` normalises a text body, `json(value)` a parsed
 * JSON one (its numbers and strings), for a walk from `from` to `to` (epoch seconds).
 */
export function normaliser({ origin, from, to, secrets, timeZone }) {
  const lo = from - SLACK;
  const hi = to + SLACK;
  const now = (t) => t >= lo && t <= hi;
  // A time the app shows in words, as app/lib/shared/time.ts's formatDateTime writes it ("12/01/26, 11:07 PM").
  const shown = new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "2-digit",
    day: "2-digit",
    year: "2-digit",
    hour: "numeric",
    minute: "2-digit",
  });
  const minutes = new Set();
  for (let t = lo; t <= hi + 60; t += 60) minutes.add(shown.format(new Date(t * 1000)));
  const replacements = [
    [new RegExp(literally(origin), "g"), "<origin>"],
    ...secrets.filter(Boolean).map((s) => [new RegExp(literally(s), "g"), "<secret>"]),
    ...[...minutes].map((m) => [new RegExp(literally(m), "g"), "<now-shown>"]),
  ];
  const text = (body) => {
    let out = body;
    for (const [re, marker] of replacements) out = out.replace(re, marker);
    // Epoch seconds and milliseconds, as numbers in turbo-stream.
    out = out.replace(/(?<![\d.])(\d{10})(\d{3})?(?![\d.])/g, (m, s, ms) => (now(Number(s)) ? (ms ? "<now-ms>" : "<now>") : m));
    // ISO times and iCalendar stamps.
    return out.replace(/\b(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):?(\d{2}):?(\d{2})(\.\d+)?Z/g, (m, y, mo, d, h, mi, se) =>
      now(Date.UTC(+y, +mo - 1, +d, +h, +mi, +se) / 1000) ? "<now-iso>" : m,
    );
  };
  const json = (value) => {
    if (typeof value === "string") return text(value);
    if (typeof value === "number") return now(value) ? "<now>" : now(Math.floor(value / 1000)) ? "<now-ms>" : value;
    if (Array.isArray(value)) return value.map(json);
    // An /api error's request id is the request's own (ADR 43): it differs every run.
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "requestId" ? "<request-id>" : json(v)]));
    return value;
  };
  return { text, json };
}

/** The body as kept: JSON and single-fetch bodies decoded then normalised, any other text normalised. */
export async function keepBody(body, contentType, normalise) {
  const type = contentType ?? "";
  try {
    if (type.includes("json")) return normalise.json(JSON.parse(body));
    if (type.startsWith("text/x-script")) return normalise.json(await plainTurboStream(body));
  } catch {}
  return normalise.text(body);
}

/** The walk's differences between two records: [{ key, what }], `what` a short diff. */
export function differences(before, after) {
  const out = [];
  const keys = new Set([...Object.keys(before.responses), ...Object.keys(after.responses)]);
  for (const key of keys) {
    const a = before.responses[key];
    const b = after.responses[key];
    if (!a || !b) {
      out.push({ key, what: a ? "not walked after" : "not walked before" });
      continue;
    }
    for (const field of ["status", "location", "type"]) {
      if (a[field] !== b[field]) out.push({ key, what: `${field}: ${JSON.stringify(a[field])} → ${JSON.stringify(b[field])}` });
    }
    const [x, y] = [JSON.stringify(a.body, null, 1), JSON.stringify(b.body, null, 1)];
    if (x !== y) out.push({ key, what: `body: ${firstDifference(x, y)}` });
  }
  return out;
}

/** Where two texts part, with a little of each around it. */
function firstDifference(x, y) {
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const at = Math.max(0, i - 60);
  const cut = (s) => JSON.stringify(s.slice(at, i + 100));
  return `at ${i}:\n      before ${cut(x)}\n      after  ${cut(y)}`;
}

/**
 * A single-fetch (turbo-stream) body as plain JSON: decoded, so a value the stream wrote
 * once and referenced twice (two logins in the same second) reads as it would in the app.
 * Dates, undefined, symbol keys (a redirect) and deferred values are spelled out.
 */
export async function plainTurboStream(text) {
  const decoded = await decodeViaTurboStream(new Response(text).body, globalThis);
  await decoded.done;
  return plain(decoded.value);
}

async function plain(value) {
  if (value === undefined) return "<undefined>";
  if (value instanceof Date) return { date: value.toISOString() };
  if (value instanceof Promise) {
    try {
      return { resolved: await plain(await value) };
    } catch (err) {
      return { rejected: String(err) };
    }
  }
  if (Array.isArray(value)) return Promise.all(value.map(plain));
  if (value && typeof value === "object") {
    const out = {};
    for (const key of Reflect.ownKeys(value)) out[String(key)] = await plain(value[key]);
    return out;
  }
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return value;
}
