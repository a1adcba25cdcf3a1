import { Link } from "react-router";
import type { PlayerPotWin } from "~/.server/services/sidepots/pot-view";
import { formatCents } from "~/lib/shared/money";
import { type PotView, holeLabel } from "~/lib/sidepots/side-pots";
import { distanceLabel } from "~/lib/sidepots/distances";
import { toMeasure } from "~/lib/sidepots/ctp-rules";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// One side pot as anyone reads it (ADR 30): its buy-in, who is in, the prize so far or as
// paid, and who holds or won each hole.

export type { PotView };

/** `measure`: the night screen marks each hole held without a distance "to measure" (ADR 30). */
export function PotSummary({ pot, headingLevel = 3, measure = false }: { pot: PotView; headingLevel?: 2 | 3; measure?: boolean }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const paidCents = pot.wins.reduce((sum, w) => sum + w.amountCents, 0);
  const kind = pot.kind === "ctp" ? `Closest to the pin · holes ${pot.holes.join(", ")}` : "Custom side pot";
  return (
    <div className="space-y-2">
      <Heading className="font-display text-xl font-semibold tracking-wide">{pot.name}</Heading>
      <p className="text-sm text-muted">
        {kind} · {formatCents(pot.buyInCents)} to buy in · {pot.players.length} {pot.players.length === 1 ? "player" : "players"}
      </p>
      <p>
        {pot.paid ? "Paid: " : "Prize so far: "}
        <strong>{formatCents(pot.paid ? paidCents : pot.prizeCents)}</strong>
        {pot.carriedInCents > 0 ? <span className="text-sm text-muted"> · {formatCents(pot.carriedInCents)} rolled in</span> : null}
        {pot.paid && pot.prizeCents > paidCents ? (
          <span className="text-sm text-muted"> · {formatCents(pot.prizeCents - paidCents)} rolls over</span>
        ) : null}
      </p>
      <ul className="space-y-1">
        {pot.holders.map(({ hole, holders }) => {
          const won = pot.wins.filter((w) => w.hole === hole);
          return (
            <li key={hole}>
              <span className="font-medium">{holeLabel(hole)}:</span>{" "}
              {pot.paid && won.length
                ? won.map((w) => `${w.name} won ${formatCents(w.amountCents)}`).join(" · ")
                : holders.length
                  ? holders.map((h) => [h.name, distanceLabel(h.distanceCm, pot.distanceUnit)].filter(Boolean).join(" ")).join(" · ")
                  : pot.paid
                    ? "nobody: rolls over"
                    : "nobody yet"}
              {!pot.paid && holders.some((h) => h.settled) ? <span className="text-sm text-muted"> (settled)</span> : null}
              {measure && !pot.paid && toMeasure(holders) ? <strong className="text-warn-800"> · to measure</strong> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The round page's side pots: read by everyone, no JavaScript needed. */
export function RoundPots({ pots }: { pots: PotView[] }) {
  if (pots.length === 0) return null;
  return (
    <section aria-labelledby="side-pots-title" className="space-y-3">
      <h2 id="side-pots-title" className="font-display text-2xl font-semibold tracking-wide">
        Side pots
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {pots.map((pot) => (
          <div key={pot.id} className="rounded-lg border border-line bg-surface p-4">
            <PotSummary pot={pot} />
          </div>
        ))}
      </div>
    </section>
  );
}

/** A player's side pot wins on their page. */
export function PlayerPots({ wins }: { wins: PlayerPotWin[] }) {
  const { href } = useLeagueUrls();
  if (wins.length === 0) return null;
  return (
    <section aria-labelledby="player-pots-title" className="space-y-3">
      <h2 id="player-pots-title" className="font-display text-2xl font-semibold tracking-wide">
        Side pots won
      </h2>
      <ul className="space-y-1">
        {wins.map((w) => (
          <li key={`${w.roundId}-${w.pot}-${w.hole}`}>
            <Link to={href(`/rounds/${w.roundId}`)} className="font-medium text-brand-800 underline">
              {w.roundName}
            </Link>{" "}
            · {w.pot}, {holeLabel(w.hole).toLowerCase()}: <strong>{formatCents(w.amountCents)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
