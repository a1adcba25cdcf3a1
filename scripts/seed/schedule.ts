// Weekly rounds on Thursday evenings (it is the Thursday Night league), 18:00 league time:
// from the first Thursday of last year, through this week's round (the first Thursday on
// or after today: not played yet, open for sign-up), to four weeks after it.
import { DAY_SECONDS, wallParts, zonedTimeToEpoch } from "../../app/lib/shared/time";
import { layoutFor, parOf } from "./courses";
import { chance, int, normal, type Rng } from "./rng";
import type { RoundKind, SeedLayout, SeedRound } from "./types";

const UPCOMING_WEEKS = 4;
const WEEKDAY = 4; // Thursday, as Date.getUTCDay counts
const START_HOUR = 18;

/** Course (./courses.ts), how often the league plays it (weight), strokes beyond its par's. */
const COURSES: readonly [string, number, number][] = [
  ["Riverside Park DGC", 5, 0],
  ["Oak Hollow", 3, 1],
  ["Maple Ridge Disc Golf Course", 3, 0.5],
];

/** A calendar day (proleptic Gregorian); day may overflow, Date.UTC normalises it. */
export function civil(year: number, month: number, day: number) {
  const t = new Date(Date.UTC(year, month - 1, day));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), weekday: t.getUTCDay() };
}

function pickCourse(rng: Rng): readonly [string, number, number] {
  const total = COURSES.reduce((sum, c) => sum + c[1], 0);
  let roll = rng() * total;
  for (const course of COURSES) {
    roll -= course[1];
    if (roll < 0) return course;
  }
  return COURSES[0] as readonly [string, number, number];
}

export function buildRounds(rng: Rng, now: number, timeZone: string, layouts: readonly SeedLayout[]): SeedRound[] {
  const wall = wallParts(now, timeZone);
  const today = civil(wall.year, wall.month, wall.day);
  const next = civil(today.year, today.month, today.day + ((WEEKDAY - today.weekday + 7) % 7));
  const jan1 = civil(today.year - 1, 1, 1);
  const firstDay = 1 + ((WEEKDAY - jan1.weekday + 7) % 7);
  const daysToNext = Math.round((Date.UTC(next.year, next.month - 1, next.day) - Date.UTC(today.year - 1, 0, firstDay)) / 86_400_000);
  const nextWeek = daysToNext / 7;
  if (!Number.isInteger(nextWeek)) throw new Error("weekday arithmetic went wrong");

  const dates = Array.from({ length: nextWeek + 1 + UPCOMING_WEEKS }, (_, w) => civil(today.year - 1, 1, firstDay + 7 * w));
  let weekOfYear = 0;
  return dates.map((date, w): SeedRound => {
    weekOfYear = w > 0 && dates[w - 1]?.year === date.year ? weekOfYear + 1 : 1;
    const kind: RoundKind = w < nextWeek ? "past" : w === nextWeek ? "next" : "upcoming";
    const d = zonedTimeToEpoch({ year: date.year, month: date.month, day: date.day, hour: START_HOUR }, timeZone);
    const lastOfYear = dates[w + 1] !== undefined && dates[w + 1]?.year !== date.year;
    const glow = (date.month === 10 || date.month === 11) && weekOfYear % 4 === 0;
    let n = `Week ${weekOfYear}`;
    if (weekOfYear === 1) n = "Season Opener";
    else if (lastOfYear) n = "Season Finale";
    else if (glow) n = "Glow Round";
    else if (weekOfYear % 8 === 0) n = "Thursday Doubles";
    const [course, , courseStrokes] = pickCourse(rng);
    const layout = layoutFor(layouts, course, w);
    const weekAhead = w - nextWeek;
    return {
      id: w + 1,
      startsAt: d,
      name: n,
      location: course,
      layoutId: layout.id,
      par: parOf(layout),
      feePdgaCents: 50,
      // Now and then the course fund is waived; glow rounds charge for the glow tape.
      feeCourseCents: kind === "past" && chance(rng, 0.08) ? 0 : 100,
      feeOtherCents: glow ? 100 : 0,
      aceCents: 100,
      payoutCents: 450,
      pdgaUrl: kind === "past" && chance(rng, 0.08) ? `https://www.pdga.com/tour/event/${int(rng, 70_000, 99_999)}` : null,
      open: weekAhead >= 0 && weekAhead <= 2,
      createdAt: Math.min(d - 21 * DAY_SECONDS, now - 2 * DAY_SECONDS),
      kind,
      month: date.month,
      difficulty: courseStrokes + normal(rng) * (date.month <= 2 || date.month === 12 ? 1.5 : 0.8),
    };
  });
}
