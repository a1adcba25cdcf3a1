import type { CardBoard } from "~/.server/services/cards/card-board";
import { useLeague } from "~/hooks/use-league";
import { cardLine } from "~/lib/night/night";
import { holesWords } from "~/lib/sidepots/side-pots";
import { formatDateLong } from "~/lib/shared/time";

// The paper backup (ADR 25): what the browser prints of the night screen, one block per
// card with its start, its players and an empty score grid of the round's holes, the par
// row from its layout (blank without one), and the round's CTP holes marked (ADR 38).
// Hidden on screen; the screen's controls are hidden in print.

/** Holes per printed row: a 27-hole layout prints as 18 and 9. */
const HOLES_PER_ROW = 18;

const cell = "border border-slate-500 px-1 py-1 text-center";

export function PrintCards({
  board,
  roundName,
  startsAt,
  ctpHoles = [],
}: {
  board: CardBoard;
  roundName: string;
  startsAt: number;
  /** The round's closest-to-the-pin holes. */
  ctpHoles?: number[];
}) {
  const { timeZone } = useLeague();
  const holes = Array.from({ length: board.holeCount }, (_, i) => i + 1);
  const rows = Array.from({ length: Math.ceil(holes.length / HOLES_PER_ROW) }, (_, i) =>
    holes.slice(i * HOLES_PER_ROW, (i + 1) * HOLES_PER_ROW),
  );
  return (
    <div className="hidden print:block" data-print-cards>
      {board.cards.map((card) => (
        <section key={card.id} className="mb-6 break-inside-avoid text-black" aria-label={`Card ${card.number} to print`}>
          <h2 className="font-display text-2xl font-semibold">
            {cardLine({ number: card.number, startLabel: card.startLabel, teeTime: card.teeTime, mates: [] }, timeZone)}
          </h2>
          <p className="text-sm">
            {roundName} · {formatDateLong(startsAt, timeZone)}
            {board.course ? ` · ${board.course}${board.layout ? `, ${board.layout}` : ""}` : ""}
            {ctpHoles.length ? ` · Closest to the pin on ${ctpHoles.length === 1 ? "hole" : "holes"} ${holesWords(ctpHoles)}` : ""}
          </p>
          {rows.map((row) => (
            <table key={row[0]} className="mt-2 w-full table-fixed border-collapse text-xs">
              <thead>
                <tr>
                  <th scope="col" className={`${cell} w-32 text-left`}>
                    Hole
                  </th>
                  {row.map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                      {ctpHoles.includes(h) ? <span className="block text-[0.6rem] font-bold">CTP</span> : null}
                    </th>
                  ))}
                  <th scope="col" className={`${cell} w-12`}>
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row" className={`${cell} text-left`}>
                    Par
                  </th>
                  {row.map((h) => (
                    <td key={h} className={cell}>
                      {board.pars?.[h - 1] ?? ""}
                    </td>
                  ))}
                  <td className={cell}>{board.pars ? row.reduce((s, h) => s + (board.pars?.[h - 1] ?? 0), 0) : ""}</td>
                </tr>
                {/* A blank row at the end: a late arrival written in by hand. */}
                {[...card.players.map((p) => ({ key: String(p.entryId), name: p.name })), { key: "blank", name: "" }].map(
                  ({ key, name }) => (
                    <tr key={key} className="h-7">
                      <th scope="row" className={`${cell} truncate text-left font-medium`}>
                        {name}
                      </th>
                      {row.map((h) => (
                        <td key={h} className={cell} />
                      ))}
                      <td className={cell} />
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          ))}
        </section>
      ))}
    </div>
  );
}
