import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { makeLiveRound } from "../live-fixtures";
import { observeD1 } from "../../workers/d1-observer";
import { observeObjects } from "../../workers/object-observer";

// A request's round trips (Server-Timing `d1rt`) are the waits on its critical path: calls
// in flight together count once, a call started after another ended counts one more, and a
// Durable Object's answer is a trip like D1's. `d1calls` counts every D1 call.

/** A wait the test ends when it likes: the order of trips without racing real I/O. */
function deferred() {
  let end!: () => void;
  const promise = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { promise, end };
}

const one = (db: D1Database) => db.prepare("select 1 as x").first();

describe("round trips", () => {
  it("two reads sent together are one trip; one sent after them another", async () => {
    const { binding, seen } = observeD1(env.DB);
    await Promise.all([one(binding), one(binding)]);
    expect(seen).toMatchObject({ calls: 2, roundTrips: 1 });
    await one(binding);
    expect(seen).toMatchObject({ calls: 3, roundTrips: 2 });
  });

  it("a batch is one call and one trip, its statements each a query", async () => {
    const { binding, seen } = observeD1(env.DB);
    await binding.batch([binding.prepare("select 1"), binding.prepare("select 2"), binding.prepare("select 3")]);
    expect(seen).toMatchObject({ queries: 3, calls: 1, roundTrips: 1 });
  });

  it("a call started when only some of the calls before it had ended is one past the deepest that had", async () => {
    const { seen, wait } = observeD1(env.DB);
    const a = deferred();
    const b = deferred();
    const c = deferred();
    const waits = [wait(() => a.promise), wait(() => b.promise)];
    a.end();
    await waits[0];
    // b still in flight: c may have needed a's answer, not b's.
    waits.push(wait(() => c.promise));
    expect(seen.roundTrips).toBe(2);
    c.end();
    await waits[2];
    // d starts after c (trip 2) ended: trip 3, though b (trip 1) is still out.
    await wait(() => Promise.resolve());
    expect(seen.roundTrips).toBe(3);
    b.end();
    await Promise.all(waits);
    expect(seen.roundTrips).toBe(3);
    expect(seen.calls).toBe(0);
  });

  it("a call that throws before it is sent is refused as a promise and still ends its trip", async () => {
    const { seen, wait } = observeD1(env.DB);
    await expect(
      wait(() => {
        throw new Error("not sent");
      }),
    ).rejects.toThrow("not sent");
    await wait(() => Promise.resolve());
    expect(seen.roundTrips).toBe(2);
  });

  it("a live round's object asked beside a D1 read shares its trip, and adds one asked after it", async () => {
    const { binding, seen, wait } = observeD1(env.DB);
    const live = observeObjects(env.LIVE_ROUND, wait);
    const ask = () => live.getByName("round:0").state(1, 0, "public", false);
    await Promise.all([one(binding), ask()]);
    expect(seen).toMatchObject({ calls: 1, roundTrips: 1 });
    await ask();
    expect(seen).toMatchObject({ calls: 1, roundTrips: 2 });
  });

  it("a request's Server-Timing says its D1 calls and its round trips", async () => {
    const { round } = await makeLiveRound([2]);
    const res = await call("GET", `/api/live/${round.id}`);
    expect(res.status).toBe(200);
    const timing = res.headers.get("Server-Timing") ?? "";
    const metric = (name: string) => Number(new RegExp(`${name};desc="(\\d+)"`).exec(timing)?.[1]);
    // Whether its cards are published and the teams, in one batch, the object's state asked
    // beside it: one D1 call, one trip.
    expect(metric("d1calls")).toBe(1);
    expect(metric("d1rt")).toBe(1);
  });
});
