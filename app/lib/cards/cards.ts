import { compareDivisions } from "../players/divisions";

// How a league night's field is split into cards (groups playing together) and where each
// card starts (ADR 25). Pure: the server makes the cards with it, and the tests pin the rules.

/** Fewest and most players on a card: a smaller card only when the whole field is smaller. */
export const CARD_MIN = 3;
export const CARD_MAX = 5;

export type CardMode = "random" | "rating" | "division";
export const CARD_MODES: readonly CardMode[] = ["random", "rating", "division"];

/** A checked-in player as card making sees them. */
export type CardPlayer = { entryId: number; division: string; rating: number | null };

/**
 * The sizes of the cards for a field of `n`, largest first: as near to `target` players a
 * card as the bounds allow (between CARD_MIN and CARD_MAX each). Of the counts of cards that
 * keep every card within the bounds, the one whose sizes are nearest the target in all wins;
 * on a tie, more cards (smaller cards play faster). A field smaller than CARD_MIN is one card.
 */
export function cardSizes(n: number, target: number): number[] {
  if (n <= 0) return [];
  if (n < CARD_MIN) return [n];
  const fewest = Math.ceil(n / CARD_MAX);
  const most = Math.floor(n / CARD_MIN);
  let best = fewest;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let k = fewest; k <= most; k++) {
    const cost = spread(n, k).reduce((sum, size) => sum + Math.abs(size - target), 0);
    if (cost <= bestCost) {
      best = k;
      bestCost = cost;
    }
  }
  return spread(n, best);
}

/** `n` players on `k` cards as evenly as possible, the larger cards first. */
function spread(n: number, k: number): number[] {
  const base = Math.floor(n / k);
  return Array.from({ length: k }, (_, i) => base + (i < n % k ? 1 : 0));
}

/** A random whole number in [0, below): `Math.random` by default; tests pass their own. */
export type Random = (below: number) => number;
const mathRandom: Random = (below) => Math.floor(Math.random() * below);

/** `list` in a random order (Fisher–Yates), by `random` (Math.random unless given). */
export function shuffled<T>(list: readonly T[], random: Random = mathRandom): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Highest rating first; unrated players after every rated one, in the order given. */
function byRating(list: readonly CardPlayer[]): CardPlayer[] {
  return [...list].sort((a, b) => (b.rating ?? Number.NEGATIVE_INFINITY) - (a.rating ?? Number.NEGATIVE_INFINITY));
}

/** Cuts `list` into consecutive cards of `sizes`. */
function cut<T>(list: readonly T[], sizes: readonly number[]): T[][] {
  const out: T[][] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(list.slice(at, at + size));
    at += size;
  }
  return out;
}

/**
 * Deals `list` round-robin across cards of `sizes` (largest first): the first player to
 * card 1, the second to card 2, … and around again, so every card gets a share of the top,
 * the middle and the bottom of the list (PDGA Competition Manual 1.06's rating spread).
 */
function dealt<T>(list: readonly T[], sizes: readonly number[]): T[][] {
  const out: T[][] = sizes.map(() => []);
  let card = 0;
  for (const item of list) {
    while ((out[card] as T[]).length >= (sizes[card] as number)) card = (card + 1) % sizes.length;
    (out[card] as T[]).push(item);
    card = (card + 1) % sizes.length;
  }
  return out;
}

/**
 * Cards by division: a division of at least CARD_MIN players fills cards of its own; the
 * players of smaller divisions share cards, in division order. Two or fewer left over join
 * the smallest own-division cards with room, or, when none has room, take players from the
 * largest cards to make a card of CARD_MIN.
 */
function byDivision(players: readonly CardPlayer[], target: number, random: Random): CardPlayer[][] {
  const groups = new Map<string, CardPlayer[]>();
  for (const p of shuffled(players, random)) groups.set(p.division, [...(groups.get(p.division) ?? []), p]);
  const divisions = [...groups.keys()].sort(compareDivisions);
  const cards: CardPlayer[][] = [];
  const pooled: CardPlayer[] = [];
  for (const division of divisions) {
    const group = groups.get(division) as CardPlayer[];
    if (group.length >= CARD_MIN) cards.push(...cut(group, cardSizes(group.length, target)));
    else pooled.push(...group);
  }
  if (pooled.length >= CARD_MIN || cards.length === 0) {
    cards.push(...cut(pooled, cardSizes(pooled.length, target)));
    return cards;
  }
  for (const p of pooled) {
    const roomy = cards.filter((c) => c.length < CARD_MAX).sort((a, b) => a.length - b.length)[0];
    if (roomy) roomy.push(p);
    else {
      const extra: CardPlayer[] = [p];
      cards.push(extra);
    }
  }
  // A card of fewer than CARD_MIN (every other card was full): fill it from the largest cards.
  for (const small of cards.filter((c) => c.length < CARD_MIN)) {
    while (small.length < CARD_MIN) {
      const largest = cards.filter((c) => c !== small).sort((a, b) => b.length - a.length)[0];
      if (!largest || largest.length <= CARD_MIN) break;
      small.push(largest.pop() as CardPlayer);
    }
  }
  return cards;
}

/**
 * The field on cards, each card a list of entry ids. random: shuffled, then cut by
 * cardSizes. rating: highest rated first, dealt round-robin across the cards (unrated
 * players last). division: see byDivision.
 */
export function makeCards(players: readonly CardPlayer[], options: { mode: CardMode; size: number; random?: Random }): number[][] {
  const random = options.random ?? mathRandom;
  const sizes = cardSizes(players.length, options.size);
  const cards =
    options.mode === "rating"
      ? dealt(byRating(shuffled(players, random)), sizes)
      : options.mode === "division"
        ? byDivision(players, options.size, random)
        : cut(shuffled(players, random), sizes);
  return cards.filter((c) => c.length > 0).map((c) => c.map((p) => p.entryId));
}

/**
 * A doubles round's cards (ADR 31): its teams (each a list of entry ids) shuffled and
 * dealt two teams to a card, as evenly as the count allows; partners never split.
 */
export function makeTeamCards(teams: readonly number[][], random?: Random): number[][] {
  const cards = cut(shuffled(teams, random), spread(teams.length, Math.ceil(teams.length / 2)));
  return cards.filter((c) => c.length > 0).map((c) => c.flat());
}

/** Where a card starts in a shotgun start: a hole and, when several cards share it, a letter (7A, 7B). */
export type StartingHole = { hole: number; slot: number };

/** "7" for a hole's only card, "7A" / "7B" when it starts more than one. */
export function startLabel(start: StartingHole, sharing: number): string {
  return sharing > 1 ? `${start.hole}${String.fromCharCode(65 + start.slot)}` : String(start.hole);
}

/** `k` of holes 1..`holes`, spread evenly round the course (18 holes, 4 cards: 1, 5, 10, 14). */
export function spreadHoles(k: number, holes: number): number[] {
  return Array.from({ length: Math.min(k, holes) }, (_, i) => 1 + Math.floor((i * holes) / Math.min(k, holes)));
}

/**
 * Starting holes for `cards` cards on a layout of `holes` holes. Up to one card a hole, the
 * holes are spread evenly. With more cards than holes, every hole takes a card and the
 * extra cards go, in order, to the holes of `secondCardOrder` (the layout's holes that take
 * a second card: short, open holes away from the next tee), then to the other holes in
 * course order; with more than twice as many cards, the same again for third cards.
 */
export function startingHoles(cards: number, holes: number, secondCardOrder: readonly number[] = []): StartingHole[] {
  if (cards <= holes) return spreadHoles(cards, holes).map((hole) => ({ hole, slot: 0 }));
  const listed = secondCardOrder.filter((h, i) => h >= 1 && h <= holes && secondCardOrder.indexOf(h) === i);
  const order = [...listed, ...Array.from({ length: holes }, (_, i) => i + 1).filter((h) => !listed.includes(h))];
  const out: StartingHole[] = [];
  for (let slot = 0; out.length < cards; slot++) {
    const holesThisPass = slot === 0 ? Array.from({ length: holes }, (_, i) => i + 1) : order;
    for (const hole of holesThisPass) {
      if (out.length === cards) break;
      out.push({ hole, slot });
    }
  }
  return out.sort((a, b) => a.hole - b.hole || a.slot - b.slot);
}

/** Tee times: the first card at `first` (epoch seconds), each next one `intervalMinutes` later. */
export function teeTimes(cards: number, first: number, intervalMinutes: number): number[] {
  return Array.from({ length: cards }, (_, i) => first + i * intervalMinutes * 60);
}
