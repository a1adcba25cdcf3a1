// One request at a time, the Worker's own Server-Timing beside the client's whole request
// (scripts/bench.mjs): for each page the p50 of the wall time, and what D1 was asked
// (statements, calls, round trips on the critical path; workers/d1-observer.ts).
import { get } from "node:http";

/** One GET as the wire carries it: status, headers, body bytes, and whether it was chunked. */
export function record(url, headers = {}) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, raw: res.rawHeaders, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    }).on("error", reject);
  });
}

export const metric = (header, name) => {
  const m = new RegExp(`(?:^|, )${name}(?:;desc="([^"]*)")?(?:;dur=([\\d.]+))?`).exec(header ?? "");
  return m ? { desc: m[1], dur: m[2] === undefined ? undefined : Number(m[2]) } : null;
};

export const median = (xs) => {
  const ys = xs.filter((x) => typeof x === "number" && !Number.isNaN(x)).sort((a, b) => a - b);
  return ys.length ? ys[Math.floor(ys.length / 2)] : Number.NaN;
};

export const f = (n, d = 1) => (Number.isNaN(n) ? "" : n.toFixed(d));

/** `requests` rounds over every page, one request at a time; each page's medians. */
export async function profile(app, pages, requests) {
  const samples = new Map(pages.map((p) => [p.name, []]));
  for (let k = 0; k < requests; k++) {
    for (const p of pages) {
      const started = performance.now();
      const res = await record(app(p.path), p.headers);
      const wall = performance.now() - started;
      if (res.status !== 200) throw new Error(`${p.name}: ${res.status}`);
      const st = res.headers["server-timing"];
      samples.get(p.name).push({
        wall,
        app: metric(st, "app")?.dur,
        d1: metric(st, "d1")?.dur,
        queries: Number(metric(st, "d1")?.desc ?? Number.NaN),
        calls: Number(metric(st, "d1calls")?.desc ?? Number.NaN),
        trips: Number(metric(st, "d1rt")?.desc ?? Number.NaN),
        render: metric(st, "render")?.dur,
        cache: metric(st, "cache")?.desc ?? "",
      });
    }
  }
  const result = new Map();
  for (const [name, list] of samples) {
    const m = (k) => median(list.map((x) => x[k]));
    const cache = [...new Set(list.map((x) => x.cache))].join("/") || "(no Worker)";
    result.set(name, { cache, ...Object.fromEntries(["wall", "app", "d1", "queries", "calls", "trips", "render"].map((k) => [k, m(k)])) });
  }
  return result;
}

/** The pages at 0 ms and at `latency` ms side by side, and the signed-in pages' gate. */
export function printPages(pages, at0, atLatency, latency, requests, load) {
  const gate = 2 * latency + 30;
  console.log(`\nEvery page, ${requests} requests each one at a time, medians (ms; wall = the client's whole request).`);
  console.log(
    `D1 = statements / calls / round trips. Gate at ${latency} ms: a signed-in page's wall p50 ≤ 2 × ${latency} + 30 = ${gate} ms.\n`,
  );
  console.log(
    `| page | cache | wall 0 | app 0 | d1 0 | D1 0 | render 0 | wall ${latency} | app ${latency} | d1 ${latency} | D1 ${latency} | ≤ ${gate} ms |`,
  );
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  let met = 0;
  for (const p of pages) {
    const [a, b] = [at0.get(p.name), atLatency.get(p.name)];
    const d1 = (x) => (Number.isNaN(x.queries) ? "" : `${f(x.queries, 0)} / ${f(x.calls, 0)} / ${f(x.trips, 0)}`);
    const verdict = p.gated ? (b.wall <= gate ? "met" : "MISSED") : "";
    if (verdict === "met") met += 1;
    const cells = [p.name, a.cache, f(a.wall), f(a.app), f(a.d1), d1(a), f(a.render), f(b.wall), f(b.app), f(b.d1), d1(b), verdict];
    console.log(`| ${cells.join(" | ")} |`);
  }
  const gated = pages.filter((p) => p.gated).length;
  const note = requests < 40 ? ` (over ${requests} requests, not the gate's 40)` : "";
  console.log(`\nGate at ${latency} ms: ${met} of ${gated} signed-in pages met${note}. Reported, not failed.`);
  console.log(`Load average over the ${latency} ms pass: ${load} (the gate is meant for a quiet machine, 2 cores).`);
}
