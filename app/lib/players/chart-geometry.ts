// Scales and ticks for the server-drawn SVG charts (the player page's score history).
// Pure: numbers in, numbers and labels out, so the chart needs no library and no
// JavaScript in the browser.
import { wallParts, zonedTimeToEpoch } from "../shared/time";

export type Scale = (value: number) => number;

/** A linear map from `domain` onto `range`; an empty domain maps everything to the range's middle. */
export function linearScale([d0, d1]: [number, number], [r0, r1]: [number, number]): Scale {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/**
 * Round tick values covering [min, max]: steps of 1, 2 or 5 times a power of ten (never
 * below `minStep`: whole strokes), at most about `maxCount` of them. The first and last
 * tick are the axis's ends.
 */
export function niceTicks(min: number, max: number, maxCount = 5, minStep = 1): number[] {
  let [lo, hi] = min <= max ? [min, max] : [max, min];
  if (lo === hi) [lo, hi] = [lo - minStep, hi + minStep];
  const rough = (hi - lo) / Math.max(1, maxCount - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(minStep, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const first = Math.floor(lo / step) * step;
  const last = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  // Integer arithmetic on the step count keeps 0.1 + 0.2 out of the labels.
  for (let i = 0; first + i * step <= last + step / 1e9; i++) ticks.push(Number((first + i * step).toPrecision(12)));
  return ticks;
}

export type TimeTick = { at: number; label: string };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH_STEPS = [1, 2, 3, 6, 12, 24, 60];

function monthStarts(from: number, to: number, step: number, timeZone: string): number[] {
  const start = wallParts(from, timeZone);
  const out: number[] = [];
  // Month index counted from year 0, aligned to the step (Jan, Apr, Jul, Oct for 3).
  let m = start.year * 12 + start.month - 1;
  m = Math.ceil(m / step) * step;
  for (; ; m += step) {
    const at = zonedTimeToEpoch({ year: Math.floor(m / 12), month: (m % 12) + 1, day: 1 }, timeZone);
    if (at > to) break;
    if (at >= from) out.push(at);
  }
  return out;
}

/**
 * Ticks on the first of a month for a time axis [from, to] (epoch seconds), in the
 * league's zone: every 1, 2, 3, 6 … months, the smallest step that gives at most
 * `maxCount`. Years alone once a step is a year or more ("2026"), else "Mar ’26".
 */
export function timeTicks(from: number, to: number, timeZone: string, maxCount = 6): TimeTick[] {
  for (const step of MONTH_STEPS) {
    const ats = monthStarts(from, to, step, timeZone);
    if (ats.length > maxCount) continue;
    return ats.map((at) => {
      const p = wallParts(at, timeZone);
      return { at, label: step >= 12 ? String(p.year) : `${MONTHS[p.month - 1]} ’${String(p.year % 100).padStart(2, "0")}` };
    });
  }
  return [];
}

/** The mean of each group, keyed and in first-seen order. */
export function groupMeans<T>(items: readonly T[], key: (item: T) => number, value: (item: T) => number) {
  const groups = new Map<number, { key: number; items: T[]; sum: number }>();
  for (const item of items) {
    const k = key(item);
    const g = groups.get(k) ?? { key: k, items: [], sum: 0 };
    g.items.push(item);
    g.sum += value(item);
    groups.set(k, g);
  }
  return [...groups.values()].map((g) => ({ key: g.key, items: g.items, mean: g.sum / g.items.length }));
}
