// Deterministic randomness for the demo league: same seed, same league.
export type Rng = () => number;

/** mulberry32: a tiny 32-bit PRNG, uniform in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [lo, hi], both inclusive. */
export function int(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("pick from an empty list");
  return items[Math.floor(rng() * items.length)] as T;
}

/** Roughly standard normal (Irwin–Hall: 12 uniforms − 6), exact arithmetic only. */
export function normal(rng: Rng): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += rng();
  return sum - 6;
}

export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** n items without replacement, each drawn in proportion to its weight (Efraimidis–Spirakis). */
export function sampleWeighted<T>(rng: Rng, items: readonly T[], weight: (item: T) => number, n: number): T[] {
  return items
    .map((item, i) => ({ item, i, key: -Math.log(1 - rng()) / Math.max(weight(item), 1e-9) }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .slice(0, Math.max(0, n))
    .map(({ item }) => item);
}
