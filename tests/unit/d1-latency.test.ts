import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { d1LatencyMs, forgetLatencyWarning } from "../../workers/d1-latency";
import { observeD1 } from "../../workers/d1-observer";
import { createWorker } from "../../workers/worker";

// D1_LATENCY_MS (workers/d1-latency.ts): each D1 call of a request waits that long before it
// is sent, so calls in flight together overlap and a chain adds up, as with D1 a region
// away. The observer's `waitMs` is the wall time spent waiting on D1, overlaps counted once.
// Only lower bounds on time are asserted (a loaded machine only ever adds), and that two
// calls in flight together wait less than the two delays one after the other: with a long
// delay, so a busy machine's own slowness cannot make up the difference.

const LATENCY = 50;
const one = (db: D1Database) => db.prepare("select 1 as x").first();

describe("a latency in the D1 observer", () => {
  it("two reads in flight together wait it once; two one after the other wait it twice", async () => {
    const long = 4 * LATENCY;
    const parallel = observeD1(env.DB, long);
    await Promise.all([one(parallel.binding), one(parallel.binding)]);
    expect(parallel.seen).toMatchObject({ calls: 2, roundTrips: 1 });
    expect(parallel.seen.waitMs).toBeGreaterThanOrEqual(long);
    expect(parallel.seen.waitMs).toBeLessThan(2 * long);

    const chain = observeD1(env.DB, long);
    await one(chain.binding);
    await one(chain.binding);
    expect(chain.seen).toMatchObject({ calls: 2, roundTrips: 2 });
    expect(chain.seen.waitMs).toBeGreaterThanOrEqual(2 * long);
  });

  it("delays every kind of call: a batch, exec, all, raw", async () => {
    const { binding, seen } = observeD1(env.DB, LATENCY);
    await binding.batch([binding.prepare("select 1"), binding.prepare("select 2")]);
    await binding.exec("select 1");
    await binding.prepare("select 1").all();
    await binding.prepare("select ?").bind(1).raw();
    expect(seen).toMatchObject({ calls: 4, roundTrips: 4 });
    expect(seen.waitMs).toBeGreaterThanOrEqual(4 * LATENCY);
  });

  it("does not delay a Durable Object's answer, which goes through the same wait", async () => {
    const { seen, wait } = observeD1(env.DB, 1000);
    await wait(() => Promise.resolve("answer"));
    expect(seen.roundTrips).toBe(1);
    expect(seen.waitMs).toBeLessThan(1000);
  });

  it("still refuses a call that throws, after its delay", async () => {
    const { binding, seen } = observeD1(env.DB, LATENCY);
    await expect(binding.prepare("select * from no_such_table").all()).rejects.toThrow(/no_such_table/);
    expect(seen.waitMs).toBeGreaterThanOrEqual(LATENCY);
  });
});

describe("which servers honour D1_LATENCY_MS", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    forgetLatencyWarning();
  });

  it("a local server (the Cache API page cache, or none) honours whole milliseconds", () => {
    expect(d1LatencyMs({ PAGE_CACHE: "cache-api", D1_LATENCY_MS: "50" })).toBe(50);
    expect(d1LatencyMs({ PAGE_CACHE: "off", D1_LATENCY_MS: " 50 " })).toBe(50);
    expect(d1LatencyMs({ PAGE_CACHE: "cache-api", D1_LATENCY_MS: "0" })).toBe(0);
    expect(d1LatencyMs({ PAGE_CACHE: "cache-api" })).toBe(0);
    expect(d1LatencyMs({ PAGE_CACHE: "cache-api", D1_LATENCY_MS: "" })).toBe(0);
  });

  it("a deployed Worker (Workers Cache, the default) ignores it and says so once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(d1LatencyMs({ PAGE_CACHE: "workers-cache", D1_LATENCY_MS: "50" })).toBe(0);
    expect(d1LatencyMs({ D1_LATENCY_MS: "50" })).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/D1_LATENCY_MS is set but ignored/);
  });

  it("a value that is not whole milliseconds is ignored, and said so", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const bad of ["fifty", "-5", "2.5", "99999"]) expect(d1LatencyMs({ PAGE_CACHE: "off", D1_LATENCY_MS: bad })).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("a request served with D1_LATENCY_MS", () => {
  const worker = createWorker(async () => new Response("no pages here", { status: 404 }));
  const fetchWith = (vars: Record<string, string>) =>
    worker.fetch(new Request("http://latency.test/api/ace"), { ...env, ...vars } as unknown as Env, createExecutionContext());

  it("locally waits the latency on each of its round trips (Server-Timing d1 and d1rt)", async () => {
    const res = await fetchWith({ PAGE_CACHE: "off", D1_LATENCY_MS: String(LATENCY) });
    expect(res.status).toBe(200);
    const timing = res.headers.get("Server-Timing") ?? "";
    const waited = Number(/d1;desc="\d+";dur=([\d.]+)/.exec(timing)?.[1]);
    const trips = Number(/d1rt;desc="(\d+)"/.exec(timing)?.[1]);
    expect(trips).toBeGreaterThan(0);
    expect(waited).toBeGreaterThanOrEqual(LATENCY * trips);
  });

  it("under Workers Cache is not delayed at all", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    // A delay this long honoured would make the request take at least 3 s.
    const started = performance.now();
    const res = await fetchWith({ PAGE_CACHE: "workers-cache", D1_LATENCY_MS: "3000" });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
    vi.restoreAllMocks();
    forgetLatencyWarning();
  });
});
