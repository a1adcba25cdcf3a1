import type { Db } from "../../db/client";
import { AppError, conflict, notFound } from "../../errors";
import { roundTeams } from "../doubles/teams";
import { liveRound, liveStateOf, orRefused } from "./live-object";
import { nowSeconds } from "~/lib/shared/time";
import type { Change } from "~/schemas/live";

// The admin's DNF from the night screen (ADR 34): once a player's card has a score they can
// no longer be withdrawn, so the organiser marks them "did not finish". It is the live
// round's own `dnf` change (ADR 26), settled as the card's value, so the phones, the
// leaderboard, Finalise and the results all see the same; a doubles team is marked whole,
// as the phone marks it (ADR 31). A signed card or a finalised round takes it only with a reason.

export type DnfAdmin = { userId: number; name: string };

export async function markDnf(env: Env, db: Db, roundId: number, entryId: number, admin: DnfAdmin, reason?: string): Promise<string> {
  const state = await liveStateOf(env, db.leagueId, roundId, "admin");
  const player = state.players.find((p) => p.entryId === entryId);
  const card = state.cards.find((c) => c.id === player?.cardId);
  if (!player || !card) throw notFound("That player is not on this round's scorecards.");
  if (card.startedAt === null) throw conflict(`Card ${card.number} has no score yet: withdraw ${player.name} instead of marking them DNF.`);
  const { teams } = await roundTeams(db, roundId);
  const team = teams.find((t) => t.members.some((m) => m.entryId === entryId));
  const marked = team ? state.players.filter((p) => p.cardId === card.id && team.members.some((m) => m.entryId === p.entryId)) : [player];
  const at = nowSeconds();
  const changes = marked.map(
    (p): Change => ({ id: `dnf-${crypto.randomUUID()}`, at, kind: "dnf", entryId: p.entryId, dnf: true, settle: true, reason }),
  );
  const caller = { userId: admin.userId, name: admin.name, role: "admin", playerId: null } as const;
  const results = orRefused(await liveRound(env, db.leagueId, roundId).submit(caller, changes));
  const refused = results.find((r) => r.status === "refused");
  if (refused?.status === "refused") throw new AppError(refused.code, refused.error);
  const who = marked.map((p) => p.name).join(" & ");
  return `${who} ${marked.length > 1 ? "are" : "is"} marked DNF: they stay on card ${card.number} and in the results, and win nothing.`;
}
