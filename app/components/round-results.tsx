import { Link } from "react-router";
import type { Handicap, HandicapSettings } from "~/lib/handicap";

export type ResultRow = {
  id: number;
  playerId: number;
  firstName: string;
  lastName: string;
  score: number;
  entryPayoutCents: number;
  place: string | null;
  ace: boolean;
  /** The score's round rating (null until rated). */
  rating: number | null;
};
export type ResultGroup = { division: string; rows: ResultRow[]; winners: ResultRow[] };
/** Each entrant's handicap going into the round, by player id; null when net scores are not shown. */
export type RoundHandicaps = { settings: HandicapSettings; players: Record<number, Handicap | null> } | null;

const link = "font-medium text-brand-800 underline-offset-2 hover:underline";

// The results table itself is built on the server: app/.server/html/round-results.ts.

/** Shows or hides the net columns: a plain link (?net=1), so it works without JavaScript. */
export function NetToggle({ net }: { net: boolean }) {
  return (
    <Link to={net ? "?" : "?net=1"} preventScrollReset replace className={`text-sm ${link} underline`}>
      {net ? "Hide handicaps and net scores" : "Show handicaps and net scores"}
    </Link>
  );
}
