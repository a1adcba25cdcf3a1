import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague, uniqueViolation } from "../../db/client";
import { rounds, sidePots } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import { roundLayout } from "../courses/layout-sql";
import { HOLE_COUNT } from "~/lib/courses/layouts";
import type { PotKind } from "~/lib/sidepots/side-pots";
import { formatCents } from "~/lib/shared/money";

// An admin's side pots of a round (ADR 30): a CTP pot on chosen holes, or a custom pot the
// admin awards. A pot can go while nobody is in it; once players bought in, it stays.

export type NewPot = { name: string; kind: PotKind; buyInCents: number; holes: number[] };

export const POT_MESSAGES = {
  added: (name: string, buyInCents: number) => `Added ${name} (${formatCents(buyInCents)} to buy in).`,
  deleted: "Side pot deleted.",
  sameName: (name: string) => `This round already has a side pot named ${name}.`,
  noHoles: "Choose at least one hole for a closest-to-the-pin pot.",
  badHole: (hole: number, last: number) => `Hole ${hole} is not on this round's course: holes 1 to ${last}.`,
  hasPlayers: (name: string) => `Players are in ${name}: take them out first, and their buy-ins come back.`,
  paid: (name: string) => `${name} is paid: it can no longer change.`,
} as const;

export async function addPot(db: Db, roundId: number, pot: NewPot): Promise<number> {
  const [round] = await db
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));
  if (!round) throw notFound("Round not found");
  const holes = [...new Set(pot.holes)].sort((a, b) => a - b);
  if (pot.kind === "ctp") {
    if (holes.length === 0) throw badRequest(POT_MESSAGES.noHoles);
    const last = (await roundLayout(db, roundId)).pars?.length ?? HOLE_COUNT.max;
    const off = holes.find((h) => h < 1 || h > last);
    if (off !== undefined) throw badRequest(POT_MESSAGES.badHole(off, last));
  }
  try {
    const [row] = await db
      .insert(sidePots)
      .values({
        leagueId: db.leagueId,
        roundId,
        name: pot.name,
        kind: pot.kind,
        buyInCents: pot.buyInCents,
        holes: pot.kind === "ctp" ? JSON.stringify(holes) : null,
      })
      .returning({ id: sidePots.id });
    if (!row) throw new Error("the pot insert returned no row");
    return row.id;
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(POT_MESSAGES.sameName(pot.name));
    throw err;
  }
}

/** Deletes a pot nobody is in and that is not paid; refused (409) otherwise, inside the delete. */
export async function deletePot(db: Db, roundId: number, potId: number): Promise<void> {
  const [pot] = await db
    .select()
    .from(sidePots)
    .where(and(inLeague(db, sidePots), eq(sidePots.id, potId), eq(sidePots.roundId, roundId)));
  if (!pot) throw notFound("Side pot not found");
  const [gone] = await db
    .delete(sidePots)
    .where(
      and(
        inLeague(db, sidePots),
        eq(sidePots.id, potId),
        sql`${sidePots.settledAt} is null`,
        sql`not exists (select 1 from side_pot_players where pot_id = ${potId})`,
      ),
    )
    .returning({ id: sidePots.id });
  if (gone) return;
  const [still] = await db
    .select()
    .from(sidePots)
    .where(and(inLeague(db, sidePots), eq(sidePots.id, potId)));
  if (!still) throw notFound("Side pot not found");
  throw conflict(still.settledAt === null ? POT_MESSAGES.hasPlayers(still.name) : POT_MESSAGES.paid(still.name));
}
