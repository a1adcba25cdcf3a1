// ~120 players over nine divisions, weighted toward the amateur divisions.
import { chance, int, normal, pick, shuffle, type Rng } from "./rng";
import type { DemoPlayers, SeedPlayer } from "./types";
import { fullName } from "../../app/lib/players/player-name";

export const MEN = [
  "James",
  "Michael",
  "Chris",
  "Tyler",
  "Ryan",
  "Kevin",
  "Brian",
  "Jason",
  "Matt",
  "Nate",
  "Eric",
  "Derek",
  "Paul",
  "Sean",
  "Travis",
  "Cody",
  "Luke",
  "Adam",
  "Brandon",
  "Kyle",
  "Zach",
  "Aaron",
  "Josh",
  "Dan",
  "Greg",
  "Scott",
  "Trevor",
  "Marcus",
  "Andre",
  "Carlos",
  "Luis",
  "Omar",
  "Ben",
  "Sam",
  "Eli",
  "Jake",
];
export const WOMEN = [
  "Sarah",
  "Emily",
  "Jessica",
  "Megan",
  "Ashley",
  "Hannah",
  "Rachel",
  "Kayla",
  "Laura",
  "Maria",
  "Nicole",
  "Paige",
  "Holly",
  "Catrina",
  "Valerie",
  "Ellen",
  "Zoe",
  "Renee",
];
export const LAST = [
  "Anderson",
  "Baker",
  "Brooks",
  "Carter",
  "Collins",
  "Cooper",
  "Davis",
  "Edwards",
  "Evans",
  "Fisher",
  "Foster",
  "Garcia",
  "Gray",
  "Hayes",
  "Hughes",
  "Jenkins",
  "Johnson",
  "Kelly",
  "Kim",
  "Lopez",
  "Martin",
  "Meyer",
  "Miller",
  "Morgan",
  "Murphy",
  "Nguyen",
  "O'Brien",
  "Parker",
  "Patel",
  "Perry",
  "Price",
  "Reed",
  "Reyes",
  "Rogers",
  "Ross",
  "Russell",
  "Sanders",
  "Schmidt",
  "Stewart",
  "Sullivan",
  "Taylor",
  "Turner",
  "Walsh",
  "Ward",
  "Young",
  "D'Angelo",
];

/** Division, how many players, mean score on a par-54 course. */
export const DIVISIONS: readonly [string, number, number][] = [
  ["MPO", 10, 50],
  ["MP40", 8, 52],
  ["MA1", 24, 53],
  ["MA40", 10, 55],
  ["MA2", 28, 56],
  ["FPO", 6, 56],
  ["MA3", 22, 59],
  ["FA1", 7, 61],
  ["MJ18", 5, 58],
];
export const WOMENS = new Set(["FPO", "FA1"]);
const INACTIVE_COUNT = 6;

export function buildPlayers(rng: Rng, createdAt: number): SeedPlayer[] {
  const slots = shuffle(
    rng,
    DIVISIONS.flatMap(([division, count, mean]) => Array.from({ length: count }, () => ({ division, mean }))),
  );
  const names = new Set<string>();
  const pdgas = new Set<string>();
  const players = slots.map(({ division, mean }, i): SeedPlayer => {
    const firsts = WOMENS.has(division) ? WOMEN : division === "MJ18" ? [...MEN, ...WOMEN] : MEN;
    let fn = "";
    let ln = "";
    let name = "";
    do {
      fn = pick(rng, firsts);
      ln = pick(rng, LAST);
      name = fullName({ firstName: fn, lastName: ln });
    } while (names.has(name));
    names.add(name);
    let pdga: string | null = null;
    if (chance(rng, 0.7)) {
      do pdga = String(int(rng, division === "MJ18" ? 180_000 : 12_000, 265_000));
      while (pdgas.has(pdga));
      pdgas.add(pdga);
    }
    return {
      id: i + 1,
      firstName: fn,
      lastName: ln,
      pdga,
      division,
      inactive: false,
      createdAt: createdAt + i * 60,
      skill: mean + normal(rng) * 1.8,
      attend: 0.15 + 0.85 * rng() ** 0.6,
    };
  });
  for (const p of shuffle(rng, players).slice(0, INACTIVE_COUNT)) p.inactive = true;
  return players;
}

/** Regulars of the amateur divisions, for the demo accounts' claims. */
export function pickDemoPlayers(players: readonly SeedPlayer[]): DemoPlayers {
  const regular = (division: string, skip: readonly SeedPlayer[] = []) => {
    const found = players
      .filter((p) => p.division === division && !p.inactive && !skip.includes(p))
      .sort((a, b) => b.attend - a.attend || a.id - b.id)[0];
    if (!found) throw new Error(`no active ${division} player for a demo claim`);
    return found;
  };
  const approved1 = regular("MA2");
  const approved2 = regular("MA1");
  const pending = regular("MA3");
  // Regulars show up nearly every week.
  for (const p of [approved1, approved2]) p.attend = Math.max(p.attend, 0.95);
  return { approved1, approved2, pending };
}
