import { useId } from "react";
import type { useNightAction } from "../night/night-action";
import type { BoardCard, BoardPlayer } from "~/.server/services/cards/card-board";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField, SelectFormField } from "~/components/ui/form-field";
import { useLeague } from "~/hooks/use-league";
import { cardLine } from "~/lib/night/night";
import { toDateTimeInputs } from "~/lib/rounds/round-dates";

// One card in the editor (ADR 25): its start, with a form to change it, and its players,
// each with a "Move to card …" menu (and draggable onto another card). A card that has
// started shows as it is: nothing of it changes any more.

type Action = ReturnType<typeof useNightAction>;
export type BoardContext = { version: number; holeCount: number; numbers: number[]; action: Action; locked: boolean };

const DRAG_TYPE = "text/x-entry";

export function CardBlock({ card, board }: { card: BoardCard; board: BoardContext }) {
  const { timeZone } = useLeague();
  const titleId = useId();
  const started = card.startedAt !== null;
  const drop = (e: React.DragEvent) => {
    const entryId = e.dataTransfer.getData(DRAG_TYPE);
    if (!entryId || started) return;
    e.preventDefault();
    board.action.submit({ intent: "moveCard", version: String(board.version), entry_id: entryId, to: String(card.number) });
  };
  return (
    <section
      aria-labelledby={titleId}
      data-card={card.number}
      className="space-y-3 rounded-xl border border-line bg-surface p-3 shadow-sm"
      onDragOver={(e) => {
        if (!started && e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={drop}
    >
      <h3 id={titleId} className="flex flex-wrap items-center gap-2 font-display text-xl font-semibold">
        {cardLine({ number: card.number, startLabel: card.startLabel, teeTime: card.teeTime, mates: [] }, timeZone)}
        {started ? <StatusBadge status="Closed" label="Started" /> : null}
      </h3>
      <ol className="space-y-2">
        {card.players.map((p) => (
          <PlayerLine key={p.entryId} player={p} board={board} from={card.number} locked={started} />
        ))}
      </ol>
      {started ? null : <StartForm card={card} board={board} timeZone={timeZone} />}
    </section>
  );
}

/** A player on a card, or waiting for one (`from` null): their name and the menu that moves them. */
export function PlayerLine({
  player,
  board,
  from,
  locked,
  children,
}: {
  player: BoardPlayer;
  board: BoardContext;
  from: number | null;
  locked: boolean;
  children?: React.ReactNode;
}) {
  const selectId = useId();
  const targets = board.numbers.filter((n) => n !== from);
  return (
    <li
      draggable={!locked && !board.locked}
      onDragStart={(e) => e.dataTransfer.setData(DRAG_TYPE, String(player.entryId))}
      className="rounded-lg border border-line p-2"
      data-player={player.entryId}
    >
      <p className="font-medium break-words">
        {player.name}{" "}
        <span className="text-sm font-normal text-muted">
          {player.division}
          {player.rating !== null ? ` · rated ${player.rating}` : ""}
          {player.checkedIn ? "" : " · not checked in"}
        </span>
      </p>
      {locked ? null : (
        <form method="post" onSubmit={board.action.onSubmit} className="mt-2 flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="moveCard" />
          <input type="hidden" name="version" value={board.version} />
          <input type="hidden" name="entry_id" value={player.entryId} />
          <label htmlFor={selectId} className="text-sm font-medium">
            Move <span className="sr-only">{player.name}</span> to
          </label>
          <select
            id={selectId}
            name="to"
            className="min-h-11 rounded-md border border-slate-400 bg-surface px-2 text-base"
            defaultValue={targets[0] ?? "new"}
          >
            {targets.map((n) => (
              <option key={n} value={n}>
                Card {n}
              </option>
            ))}
            <option value="new">A new card</option>
          </select>
          <Button type="submit" variant="secondary" disabled={board.action.busy || board.locked}>
            Move
          </Button>
        </form>
      )}
      {children}
    </li>
  );
}

/** The card's start: a hole (shotgun) or a tee time on the round's day. */
function StartForm({ card, board, timeZone }: { card: BoardCard; board: BoardContext; timeZone: string }) {
  const tee = card.teeTime !== null;
  return (
    <form
      method="post"
      onSubmit={board.action.onSubmit}
      className="flex flex-wrap items-end gap-2"
      key={`${card.startHole}-${card.teeTime}`}
    >
      <input type="hidden" name="intent" value="cardStart" />
      <input type="hidden" name="version" value={board.version} />
      <input type="hidden" name="number" value={card.number} />
      <div className="min-w-32 flex-1">
        {tee ? (
          <FormField
            label={`Card ${card.number} tee time`}
            name="tee_time"
            type="time"
            defaultValue={toDateTimeInputs(card.teeTime as number, timeZone).time}
          />
        ) : (
          <SelectFormField label={`Card ${card.number} start hole`} name="start_hole" defaultValue={card.startHole ?? 1}>
            {Array.from({ length: board.holeCount }, (_, i) => i + 1).map((h) => (
              <option key={h} value={h}>
                Hole {h}
              </option>
            ))}
          </SelectFormField>
        )}
      </div>
      <Button type="submit" variant="secondary" disabled={board.action.busy || board.locked}>
        Change start
      </Button>
    </form>
  );
}
