// The courses the demo and scale leagues play (ADR 25): three parks, each with one or two
// 18-hole layouts and one of 9, 24 or 27 holes. Pars mostly 3 with some 4s and a 5;
// distances in feet as the pars suggest; a few short holes take a second card.
import type { SeedCourse, SeedLayout } from "./types";

type LayoutPlan = { name: string; pars: number[]; secondCards: number[] };
type CoursePlan = { name: string; place: string; layouts: LayoutPlan[] };

const p = (text: string) => text.split("").map(Number);

const PLANS: CoursePlan[] = [
  {
    name: "Riverside Park DGC",
    place: "Riverside Park, Springfield",
    layouts: [
      { name: "Short tees", pars: p("333433333334333333"), secondCards: [1, 10, 6] },
      { name: "Long tees", pars: p("343433533343334334"), secondCards: [1, 10] },
      { name: "Front nine", pars: p("333433333"), secondCards: [1] },
    ],
  },
  {
    name: "Oak Hollow",
    place: "4100 Oak Hollow Rd, Millbrook",
    layouts: [
      { name: "Championship", pars: p("334333433333534333"), secondCards: [2, 11, 15] },
      { name: "All 24", pars: p("334333433333534333333433"), secondCards: [2, 11] },
    ],
  },
  {
    name: "Maple Ridge Disc Golf Course",
    place: "Maple Ridge State Park",
    layouts: [
      { name: "Blue", pars: p("333343333334333343"), secondCards: [3, 12] },
      { name: "Red", pars: p("333333433333333333"), secondCards: [3, 12, 7] },
      { name: "All 27", pars: p("333343333334333343333433335"), secondCards: [3, 12, 21] },
    ],
  },
];

/** A hole's length as its par suggests, varied by its number: par 3 230–369 ft, par 4 420–569, par 5 640–759. */
function distance(par: number, hole: number): number {
  if (par >= 5) return 640 + ((hole * 29) % 120);
  if (par === 4) return 420 + ((hole * 53) % 150);
  return 230 + ((hole * 37) % 140);
}

/** The courses with their layouts, ids from 1, in the order above. */
export function seedCourses(): { courses: SeedCourse[]; layouts: SeedLayout[] } {
  const courses: SeedCourse[] = [];
  const layouts: SeedLayout[] = [];
  for (const plan of PLANS) {
    const courseId = courses.length + 1;
    courses.push({ id: courseId, name: plan.name, place: plan.place });
    for (const l of plan.layouts) {
      layouts.push({
        id: layouts.length + 1,
        courseId,
        courseName: plan.name,
        name: l.name,
        holes: l.pars.map((par, i) => {
          const order = l.secondCards.indexOf(i + 1);
          return { par, distanceFeet: distance(par, i + 1), secondCardOrder: order === -1 ? null : order + 1 };
        }),
      });
    }
  }
  return { courses, layouts };
}

/** A layout's par: the sum of its holes'. */
export const parOf = (layout: SeedLayout): number => layout.holes.reduce((sum, h) => sum + h.par, 0);

/**
 * The layout a league night at `course` plays in week `week`: its 18-hole layouts in turn,
 * and every sixth week there its other one (a short nine, or all 24 or 27 holes).
 */
export function layoutFor(layouts: readonly SeedLayout[], courseName: string, week: number): SeedLayout {
  const here = layouts.filter((l) => l.courseName === courseName);
  const regular = here.filter((l) => l.holes.length === 18);
  const other = here.find((l) => l.holes.length !== 18);
  const pick = other && week % 6 === 5 ? other : regular[week % regular.length];
  if (!pick) throw new Error(`no layout at ${courseName}`);
  return pick;
}

/** A score of a player whose skill is given on a par-54 course, on a layout of par `par`: the same play, scaled. */
export const scoreOn = (par: number, atPar54: number): number => Math.max(Math.round((38 * par) / 54), Math.round((atPar54 * par) / 54));
