// A read asked beside others whose failure must wait for its own check (ADR 41): its
// refusal is kept, not thrown, so an earlier check's refusal still wins.

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export const settled = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** The value, or the read's own refusal thrown now. */
export function settledValue<T>(s: Settled<T>): T {
  if (!s.ok) throw s.error;
  return s.value;
}
