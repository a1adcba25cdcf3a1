import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, checkFailed, inLeague } from "../../db/client";
import { cardPlayers, cards, entries } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import { getLeagueSettings } from "../settings/league-settings";
import { type BoardCard, type BoardRows, type CardBoard, boardOf, boardReads, cardBoard } from "./card-board";
import { CARDS_CHANGED, type CardRow, bumpCards, cardsGuard, insertCardPlayers, insertCards } from "./card-sql";
import { type CardMode, type Random, makeCards, makeTeamCards, startingHoles, teeTimes } from "~/lib/cards/cards";
import { teamsOf } from "~/lib/doubles/doubles";
import type { CardStart } from "~/lib/settings/league-settings";

// Writing a round's cards (ADR 25): making them from who is checked in, and saving an
// arrangement the admin edited (card-edits.ts builds the editor's moves on it). Each
// carries the cards_version it read and bumps it, in one batch that refuses itself when
// the cards changed meanwhile; a card that has started (its first score) never changes.

export const CARD_MESSAGES = {
  nobody: "No one is checked in yet: check players in, then make the scorecards.",
  started: (n: number) => `Card ${n} has started, so the scorecards can no longer be made again.`,
  startedCard: (n: number) => `Card ${n} has started, so its players and start can no longer change.`,
  noCards: "Make the scorecards first.",
  allStarted: "Every scorecard has started: start a scorecard of their own for late arrivals.",
} as const;

/** A card as an arrangement gives it: number, start (a hole or a tee time) and players in order. */
export type ArrangedCard = { number: number; startHole: number | null; teeTime: number | null; entryIds: number[] };

/** The board at `version`, or 409: every card write starts from what its editor read. */
export async function boardAt(db: Db, roundId: number, version: number): Promise<CardBoard> {
  const board = await cardBoard(db, roundId);
  if (board.version !== version) throw conflict(CARDS_CHANGED);
  return board;
}

/**
 * Sends a card write; a refused guard is the 409 its editor shows. Answers the board as now
 * stored, read at the end of the same batch (ADR 41): the cards' slots and labels as written.
 */
export async function commitCards(db: Db, roundId: number, statements: BatchItem<"sqlite">[]): Promise<CardBoard> {
  const reads = boardReads(db, roundId);
  let results: unknown[];
  try {
    results = await db.batch([...statements, ...reads] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (checkFailed(err, "cards_changed")) throw conflict(CARDS_CHANGED);
    throw err;
  }
  return boardOf(roundId, results.slice(statements.length) as unknown as BoardRows);
}

const wipe = (db: Db, roundId: number) => [
  db
    .delete(cardPlayers)
    .where(
      and(
        inLeague(db, cardPlayers),
        sql`${cardPlayers.cardId} in (select id from ${cards} where league_id = ${db.leagueId} and round_id = ${roundId} and started_at is null)`,
      ),
    ),
  db.delete(cards).where(and(inLeague(db, cards), eq(cards.roundId, roundId), sql`${cards.startedAt} is null`)),
];

export type MakeInput = { version: number; mode?: CardMode; start?: CardStart; random?: Random };

/**
 * Makes the round's cards from its checked-in players with the league's card size, in
 * `mode` and `start` (the league's settings when not given), replacing the cards there
 * were. Refused once a card has started. Made again after publishing, they are a new draft.
 */
export async function makeRoundCards(db: Db, roundId: number, input: MakeInput): Promise<CardBoard> {
  // The round's teams read with the board, whether or not they were drawn (ADR 41): decided after.
  const [board, settings, teamRows] = await Promise.all([
    boardAt(db, roundId, input.version),
    getLeagueSettings(db),
    db
      .select({ id: entries.id, team: entries.team })
      .from(entries)
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId))),
  ]);
  const started = board.cards.find((c) => c.startedAt !== null);
  if (started) throw conflict(CARD_MESSAGES.started(started.number));
  const field = [...board.cards.flatMap((c) => c.players), ...board.waiting].filter((p) => p.checkedIn);
  if (field.length === 0) throw conflict(CARD_MESSAGES.nobody);
  // A doubles round's drawn teams are the cards' units (ADR 31).
  const teams = teamsOnField(
    teamRows,
    field.map((p) => p.entryId),
  );
  const groups = teams
    ? makeTeamCards(teams, input.random)
    : makeCards(field, { mode: input.mode ?? settings.cardMode, size: settings.cardSize, random: input.random });
  const shotgun = (input.start ?? settings.cardStart) === "shotgun";
  const holes = startingHoles(groups.length, board.holeCount, board.secondCardOrder);
  const times = teeTimes(groups.length, board.startsAt, settings.teeIntervalMinutes);
  const rows: CardRow[] = groups.map((entryIds, i) => ({
    number: i + 1,
    startHole: shotgun ? (holes[i]?.hole ?? 1) : null,
    startSlot: shotgun ? (holes[i]?.slot ?? 0) : 0,
    teeTime: shotgun ? null : (times[i] ?? board.startsAt),
    entryIds,
  }));
  return commitCards(db, roundId, [
    cardsGuard(db, roundId, input.version, { noneStarted: true }),
    ...wipe(db, roundId),
    insertCards(db, roundId, rows),
    insertCardPlayers(db, roundId, rows),
    bumpCards(db, roundId, { unpublish: true }),
  ]);
}

/** The field's teams when the round's teams are drawn (a player checked in after the draw plays alone); else null. */
function teamsOnField(rows: { id: number; team: number | null }[], field: number[]): number[][] | null {
  if (!rows.some((r) => r.team !== null)) return null;
  return teamsOf(rows.filter((r) => field.includes(r.id))).map((members) => members.map((r) => r.id));
}

/**
 * Saves the whole arrangement (the card editor's, or the /api's PUT) read at `version`:
 * cards and their starts as given, empty ones dropped; started cards exactly as they are.
 * Players must be of the round and checked in (or on a card already).
 */
export async function saveCards(db: Db, roundId: number, version: number, arranged: ArrangedCard[]): Promise<CardBoard> {
  const board = await boardAt(db, roundId, version);
  const onCards = board.cards.flatMap((c) => c.players);
  const allowed = new Set([...onCards, ...board.waiting].map((p) => p.entryId));
  checkArrangement(board, arranged, allowed);
  const kept = onCards.filter((p) => !p.checkedIn).map((p) => p.entryId);
  const open = arranged.filter((c) => c.entryIds.length > 0 && !board.cards.some((b) => b.number === c.number && b.startedAt !== null));
  const rows = withSlots(arranged).filter((r) => open.some((c) => c.number === r.number));
  return commitCards(db, roundId, [
    cardsGuard(db, roundId, version),
    ...wipe(db, roundId),
    insertCards(db, roundId, rows),
    insertCardPlayers(db, roundId, rows, kept),
    bumpCards(db, roundId),
  ]);
}

function checkArrangement(board: CardBoard, arranged: ArrangedCard[], allowed: Set<number>) {
  const numbers = arranged.map((c) => c.number);
  if (new Set(numbers).size !== numbers.length) throw badRequest("Each card number may appear only once");
  const placed = arranged.flatMap((c) => c.entryIds);
  if (new Set(placed).size !== placed.length) throw badRequest("A player may be on one scorecard only");
  if (placed.some((id) => !allowed.has(id))) throw notFound("A player on the scorecards is not checked in for this round");
  for (const c of arranged) {
    if ((c.startHole === null) === (c.teeTime === null)) throw badRequest(`Card ${c.number}: give a start hole or a tee time`);
    if (c.startHole !== null && c.startHole > board.holeCount) {
      throw badRequest(`Card ${c.number}: the start hole must be between 1 and ${board.holeCount}`);
    }
  }
  for (const s of board.cards.filter((b) => b.startedAt !== null)) {
    const c = arranged.find((a) => a.number === s.number);
    if (!c || !sameCard(s, c)) throw conflict(CARD_MESSAGES.startedCard(s.number));
  }
}

const sameCard = (s: BoardCard, c: ArrangedCard) =>
  s.startHole === c.startHole && s.teeTime === c.teeTime && s.players.map((p) => p.entryId).join(",") === c.entryIds.join(",");

/** Cards sharing a start hole take slots A, B, … by card number. */
function withSlots(arranged: ArrangedCard[]): CardRow[] {
  const sorted = [...arranged].sort((a, b) => a.number - b.number);
  return sorted.map((c) => ({
    ...c,
    startSlot: c.startHole === null ? 0 : sorted.filter((o) => o.startHole === c.startHole && o.number < c.number).length,
  }));
}
