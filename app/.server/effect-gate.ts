// A request's effects wait for its guard (ADR 42). A write's guard asks the session's row
// beside the write's own reads, in the same batch (ADR 41), and lets the handler run on what
// the verified token claims. Every effect the request could have — a D1 write or batch, a
// Durable Object's call, a queued job, a mail, a PayPal call — waits here until the guard decides,
// and fails with the guard's refusal if it refuses: nothing leaves before the session is
// known to be live. A request nothing holds (a page read, the queue, the cron) passes at once.

export type EffectGate = {
  /** From now on, effects wait for `verdict` too (every guard's must pass); they fail with a rejection. */
  hold(verdict: Promise<unknown>): void;
  /** Settles when the request's effects may go. */
  passed(): Promise<void>;
  /** Opens the gate again: a page's second render, on the session's row (ADR 41). */
  reopen(): void;
};

const OPEN: Promise<void> = Promise.resolve();

export function effectGate(): EffectGate {
  let current = OPEN;
  return {
    hold(verdict) {
      current = current.then(() => verdict).then(() => undefined);
      // Decided by whoever waits; a refusal nothing waited for is not an unhandled one.
      current.catch(() => undefined);
    },
    passed: () => current,
    reopen() {
      current = OPEN;
    },
  };
}

// A request's gate, found by its D1 binding: both the /api and the pages reach it through
// the request's env, which is made once per request (workers/request-scope.ts).
const gates = new WeakMap<object, EffectGate>();

export function registerGate(binding: object, gate: EffectGate): void {
  gates.set(binding, gate);
}

/** The gate of the request whose D1 binding this is; a binding with none never waits. */
export function gateOf(binding: object | undefined): EffectGate | null {
  return (binding && gates.get(binding)) ?? null;
}

/** `fetch` that waits for the request's gate before it sends anything. */
export function gatedFetch(gate: EffectGate | null): typeof fetch {
  if (!gate) return fetch;
  return (input, init) => gate.passed().then(() => fetch(input, init));
}

/** A binding that sends (a queue, the mail) whose sends wait for the request's gate. */
export function gatedSends<B extends object>(binding: B, gate: EffectGate): B {
  if (!binding) return binding;
  return new Proxy(binding, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "send" || prop === "sendBatch") return (...args: unknown[]) => gate.passed().then(() => value.apply(target, args));
      return value.bind(target);
    },
  });
}

// A read that depends on the request's earlier reads (the accounts a league's rows name, ADR
// 46) is sent once the request's guard has decided, which it has by the time those reads are
// answered (the session's row is read beside them): so a refused request still costs one call.
const guards = new WeakMap<object, Promise<unknown>>();

/** The request's guard decides `verdict`: the reads that follow its first ones wait for it. */
export function guardReads(binding: object, verdict: Promise<unknown>): void {
  const held = (guards.get(binding) ?? Promise.resolve()).then(() => verdict);
  held.catch(() => undefined);
  guards.set(binding, held);
}

/** Settles once the request's guard lets its later reads go; rejects with its refusal. A binding with no guard, at once. */
export const guardedReads = (binding: object): Promise<unknown> => guards.get(binding) ?? Promise.resolve();
