import { NightResult, useNightAction } from "../night/night-action";
import { type BoardContext, CardBlock, PlayerLine } from "./card-block";
import type { CardBoard } from "~/.server/services/cards/card-board";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useLeague } from "~/hooks/use-league";
import { formatTime } from "~/lib/shared/time";

/**
 * The round's cards on the night screen (ADR 25): each card with its start and players, the
 * checked-in players on no card yet (late arrivals: to the smallest card, or any), and
 * Publish (above the cards). Every form carries the cards' version as the screen read it.
 */
export function CardEditor({ board, closed }: { board: CardBoard; closed: boolean }) {
  const action = useNightAction();
  const publish = useNightAction();
  const { timeZone } = useLeague();
  // Before the cards are made, "Make cards" says how many are checked in.
  if (board.cards.length === 0) return null;
  const context: BoardContext = {
    version: board.version,
    holeCount: board.holeCount,
    numbers: board.cards.map((c) => c.number),
    action,
    locked: closed,
  };
  const published = board.publishedAt !== null;
  return (
    <section id="cards" aria-labelledby="cards-title" className="scroll-mt-4 space-y-3 print:hidden">
      <h2 id="cards-title" className="font-display text-2xl font-semibold tracking-wide">
        {published ? "Cards (published)" : "Cards (draft)"}
      </h2>
      {published ? (
        <Alert tone="info">
          Published at {formatTime(board.publishedAt as number, timeZone)}: players see every change at once. A scorecard that has started
          can no longer change.
        </Alert>
      ) : null}
      {/* Publish above the cards: a phone reaches it without scrolling past every draft card (ADR 38). */}
      <NightResult action={publish} />
      {board.cards.length && !published ? (
        <form method="post" onSubmit={publish.onSubmit}>
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="version" value={board.version} />
          <Button type="submit" disabled={publish.busy || action.busy}>
            {publish.busy ? "Publishing…" : board.cards.length === 1 ? "Publish the card" : `Publish the ${board.cards.length} cards`}
          </Button>
        </form>
      ) : null}
      <NightResult action={action} />
      {board.waiting.length ? (
        <div className="space-y-2 rounded-xl border border-warn-200 bg-warn-50 p-3">
          <h3 className="font-semibold">Checked in, on no card</h3>
          <ol className="space-y-2">
            {board.waiting.map((p) => (
              <PlayerLine key={p.entryId} player={p} board={context} from={null} locked={false}>
                <form method="post" onSubmit={action.onSubmit} className="mt-2">
                  <input type="hidden" name="intent" value="lateArrival" />
                  <input type="hidden" name="version" value={board.version} />
                  <input type="hidden" name="entry_id" value={p.entryId} />
                  <Button type="submit" disabled={action.busy} aria-label={`Add ${p.name} to the smallest card`}>
                    Add to the smallest card
                  </Button>
                </form>
              </PlayerLine>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="grid gap-3 lg:grid-cols-2">
        {board.cards.map((card) => (
          <CardBlock key={card.id} card={card} board={context} />
        ))}
      </div>
    </section>
  );
}
