import type { Wait } from "./d1-observer";

// A Durable Object's answer is one of the request's round trips too (Server-Timing `d1rt`,
// workers/d1-observer.ts): the stubs of an observed namespace send every call through the
// request's `wait`, so an object asked beside a D1 read shares its trip and one asked after
// it adds one.

const OPEN = () => Promise.resolve();

/**
 * `ns` whose stubs' calls are counted as the request's waits; each call is sent once the
 * request's effects may go (`passed`, app/.server/effect-gate.ts).
 */
export function observeObjects<N extends object>(ns: N, wait: Wait, passed: () => Promise<void> = OPEN): N {
  return new Proxy(ns, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "get" || prop === "getByName") return (...args: unknown[]) => observeStub(value.apply(target, args), wait, passed);
      return value.bind(target);
    },
  });
}

function observeStub<S extends object>(stub: S, wait: Wait, passed: () => Promise<void>): S {
  return new Proxy(stub, {
    get(target, prop) {
      const value = (target as Record<string | symbol, unknown>)[prop];
      // A stub is no promise (`then`), and its id and name are values, not calls.
      if (prop === "then" || typeof prop !== "string" || typeof value !== "function") return value;
      // The gate first: a call held until the guard decides starts its trip after it.
      return (...args: unknown[]) =>
        passed().then(() => wait(() => (target as Record<string, (...a: unknown[]) => Promise<unknown>>)[prop](...args)));
    },
  });
}
