import type { Db } from "../db/client";
import { listCourses } from "../services/courses/courses";
import { getRound, latestRound } from "../services/rounds/rounds";
import { getLeagueSettings } from "../services/settings/league-settings";
import { readField } from "../services/waitlist/field";
import { roundCapsView } from "../services/waitlist/round-field";
import { roundWaitlist } from "../services/waitlist/waitlist-view";

// The round form's reads (/admin/rounds/new and /admin/rounds/:roundId), asked together so
// they go to D1 as one batch (ADR 41): the form's choices, and the round or the latest one.

/** A new round's form: the courses, the settings and the latest round (its date and place are the defaults). */
export async function newRoundFormReads(db: Db) {
  const [courses, settings, latest] = await Promise.all([listCourses(db), getLeagueSettings(db), latestRound(db)]);
  return { courses, settings, latest };
}

/**
 * A round's edit form: the choices, the round (404 when there is none, the other reads
 * then discarded), and its caps and waitlist, read by the id from the URL (ADR 28).
 */
export async function editRoundFormReads(db: Db, id: number, now: number) {
  const [courses, settings, round, list, field] = await Promise.all([
    listCourses(db),
    getLeagueSettings(db),
    getRound(db, id),
    roundWaitlist(db, id, now),
    readField(db, id),
  ]);
  return { courses, settings, round, caps: roundCapsView(round, settings.divisions, list, field) };
}
