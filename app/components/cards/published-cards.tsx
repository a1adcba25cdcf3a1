import type { PublishedCard } from "~/.server/services/night/round-night";
import { useLeague } from "~/hooks/use-league";
import { cardLine } from "~/lib/night/night";

/** The round's published cards (ADR 25), for everyone: each card's start and who plays on it. */
export function PublishedCards({ cards }: { cards: PublishedCard[] }) {
  const { timeZone } = useLeague();
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="cards-title" className="space-y-2">
      <h2 id="cards-title" className="font-display text-2xl font-semibold tracking-wide">
        Cards
      </h2>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.number} className="rounded-xl border border-line bg-surface p-3 shadow-sm">
            <h3 className="font-display text-lg font-semibold">{cardLine({ ...card, mates: [] }, timeZone)}</h3>
            <p className="text-sm break-words">{card.names.join(", ")}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
