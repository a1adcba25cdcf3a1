import { and, asc, eq } from "drizzle-orm";
import { type Db, inLeague } from "../db/client";
import { cards, entries } from "../db/schema";
import { previewReach, roundMessageLog } from "../services/messages/organiser-messages";
import { getRound } from "../services/rounds/rounds";
import { divisionRank } from "~/lib/players/divisions";
import { FIRST_PICK } from "~/lib/messages/organiser";

// The "Message players" page's read model (/admin/round/message/{id}, ADR 49): the round, its
// cards and divisions for the audience's choices, the round's messages with each copy's fate,
// and the preview of the page's first choice (signed up, push and mail).

export async function adminMessagePage(db: Db, roundId: number, opts: { pushReady: boolean }) {
  // One trip for the round, its choices and the log (the 404 is the round's); the preview and
  // the accounts' names follow, by the ids those rows name.
  const [round, cardRows, divisionRows, log, preview] = await Promise.all([
    getRound(db, roundId),
    db
      .select({ id: cards.id, number: cards.number })
      .from(cards)
      .where(and(inLeague(db, cards), eq(cards.roundId, roundId)))
      .orderBy(asc(cards.number)),
    db
      .selectDistinct({ division: entries.division })
      .from(entries)
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId))),
    roundMessageLog(db, roundId),
    previewReach(db, roundId, FIRST_PICK, opts),
  ]);
  const divisions = divisionRows.map((d) => d.division).sort((a, b) => divisionRank(a) - divisionRank(b));
  return { round, cards: cardRows, divisions, log, preview };
}
