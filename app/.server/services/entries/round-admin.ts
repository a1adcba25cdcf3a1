import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import { type Db, checkFailed, inLeague } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { entries, rounds } from "../../db/schema";
import { type AppError, badRequest, conflict, notFound } from "../../errors";
import type { RoundChange } from "~/schemas/round-form";
import { type Committed, type FollowUp, rerate, syncTagsFrom } from "../../follow-ups";
import { potGuards, roundPotChanges, roundsPotChanges } from "../money/ace-pot";
import { potRefusal } from "../money/ace-pot-refusal";
import { syncPayouts } from "./payouts";
import { commitRoundChange } from "./participants";
import { layoutColumns, layoutColumnsFromJson, layoutGone } from "../rounds/round-layout";
import { roundChanged, roundVersionsGuard, staleRound } from "../rounds/versions";
import type { RoundValuesSchema } from "~/schemas/rounds";
import { missingVersion } from "~/schemas/version";

// Scheduling rounds: save and delete; opening registration is registration.ts.
// A round that has entries or payments holds money history and is never deleted.

export type RoundValues = z.infer<typeof RoundValuesSchema>;

const row = (v: RoundValues) => ({
  startsAt: v.startsAt,
  name: v.name,
  location: v.location,
  feePdgaCents: v.fee_pdga,
  feeCourseCents: v.fee_course,
  feeOtherCents: v.fee_other,
  aceCents: v.ace,
  payoutCents: v.payout,
  pdgaUrl: v.pdga_url,
  ...(v.tags === undefined ? {} : { countsForTags: v.tags }),
  ...(v.doubles === undefined ? {} : { doubles: v.doubles }),
});

/** A new round counts for tags when the league says new rounds do (ADR 27). */
const tagsByDefault = (db: Db) =>
  sql<boolean>`coalesce((select bag_tags = 'every' from league_settings where league_id = ${db.leagueId}), 0)`;

/**
 * Saves the round with `id` as read at `version` (409 when it changed since, ADR 20), or
 * creates one without: answers the round's id. With a layout, the location is its course's
 * name (./round-layout.ts); a layout deleted meanwhile is 404.
 */
export async function saveRound(db: Db, id: number | null | undefined, values: RoundValues, version?: number): Promise<Committed<number>> {
  return writeRound(db, id, values, version).catch((err: unknown) => {
    throw layoutGone(err) ?? err;
  });
}

async function writeRound(db: Db, id: number | null | undefined, values: RoundValues, version?: number): Promise<Committed<number>> {
  if (!id) {
    const [created] = await db
      .insert(rounds)
      .values({ leagueId: db.leagueId, countsForTags: tagsByDefault(db), ...row(values), ...layoutColumns(values, null) })
      .returning({ id: rounds.id });
    if (!created) throw new Error("the round insert returned no row");
    return { value: created.id, followUps: [] };
  }
  if (version === undefined) throw badRequest(missingVersion("round"));
  let tagsFrom: number | null = null;
  let startsAtRead = values.startsAt;
  // A new payout per entry changes the round's prizes: they are rewritten in the same batch.
  const saved = await commitRoundChange(db, id, (state) => {
    if (state.round.version !== version) throw roundChanged();
    startsAtRead = state.round.startsAt;
    const { startsAt, countsForTags } = state.round;
    // A round counted for tags or not, or moved among the others, changes the swaps from it on (ADR 27).
    const flagged = values.tags !== undefined && values.tags !== countsForTags;
    tagsFrom = flagged || (values.startsAt !== startsAt && (countsForTags || values.tags)) ? Math.min(startsAt, values.startsAt) : null;
    // A round made singles again drops its teams (ADR 31): its results are its divisions' again.
    const dropTeams = values.doubles === false && state.entries.some((e) => e.team !== null);
    return {
      statements: [
        db
          .update(rounds)
          .set({ ...row(values), ...layoutColumns(values, sql`${rounds.layoutId}`) })
          .where(and(inLeague(db, rounds), eq(rounds.id, id))),
        ...(dropTeams
          ? [
              db
                .update(entries)
                .set({ team: null })
                .where(and(inLeague(db, entries), eq(entries.roundId, id))),
            ]
          : []),
      ],
      after: dropTeams ? state.entries.map((e) => ({ ...e, team: null })) : state.entries,
      roundPayoutCents: values.payout,
      guardPlayers: [],
      // A later date or a lower ace fee takes the round's fees out of the pot for a while (ADR 21).
      potChanges: roundPotChanges(
        state.round,
        { startsAt: values.startsAt, aceCents: values.ace },
        state.entries.filter((e) => e.ace).length,
      ),
      answer: () => id,
    };
  });
  // A played round moved to another date changes the order rounds are rated in (ADR 17),
  // and a tags round moved or flagged the swaps from it on (ADR 27).
  const moved = values.startsAt !== startsAtRead ? [rerate(Math.min(values.startsAt, startsAtRead))] : [];
  return { value: saved.value, followUps: [...saved.followUps, ...moved, ...(tagsFrom !== null ? [syncTagsFrom(tagsFrom)] : [])] };
}

// The rounds a list of ids names, as one bound parameter (D1 binds at most 100 per statement).
const idList = (ids: number[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

// Deletes the league's listed rounds that hold neither entries nor payments; the others stay.
// (Query builders, not db.run: drizzle cannot batch raw SQL that has parameters.)
const deleteUnheld = (db: Db, ids: number[]) =>
  db
    .delete(rounds)
    .where(
      sql`${rounds.leagueId} = ${db.leagueId} and ${rounds.id} in ${idList(ids)}
        and not exists (select 1 from entries where league_id = ${rounds.leagueId} and round_id = ${rounds.id})
        and not exists (select 1 from payments where league_id = ${rounds.leagueId} and round_id = ${rounds.id})`,
    )
    .returning({ id: rounds.id });

type Held = { id: number; entries: number; payments: number };

async function heldBy(db: Db, ids: number[]): Promise<Held[]> {
  return db.all<Held>(sql`
    select r.id as id,
           (select count(*) from entries where league_id = r.league_id and round_id = r.id) as entries,
           (select count(*) from payments where league_id = r.league_id and round_id = r.id) as payments
    from rounds r where r.league_id = ${db.leagueId} and r.id in ${idList(ids)}`);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why a round cannot be deleted: what it holds, and what to do. */
function heldMessage(held: Held): string {
  const what = [
    held.entries ? count(held.entries, "entry", "entries") : null,
    held.payments ? count(held.payments, "payment", "payments") : null,
  ];
  return `This round has ${what.filter(Boolean).join(" and ")}, so it cannot be deleted. Remove its entries first.`;
}

/**
 * Deletes a round with no entries and no payments; otherwise 409 saying what it holds
 * (remove the entries first). The check is part of the delete.
 */
export async function deleteRound(db: Db, id: number): Promise<void> {
  if ((await deleteUnheld(db, [id])).length > 0) return;
  const [held] = await heldBy(db, [id]);
  if (!held) throw notFound("Round not found");
  throw conflict(heldMessage(held));
}

// The columns a save writes, in the table's order (row() above).
const COLUMNS = [
  "startsAt",
  "name",
  "location",
  "feePdgaCents",
  "feeCourseCents",
  "feeOtherCents",
  "aceCents",
  "payoutCents",
  "pdgaUrl",
] as const;
// A row of the JSON list: its columns, and its layout when the row names one (./round-layout.ts).
const jsonRow = (v: RoundValues) => ({ ...row(v), layoutId: v.layout_id ?? null, layoutGiven: v.layout_id !== undefined });

// A list of rows travels as one JSON parameter, read back with json_each: D1 binds at most
// 100 parameters per statement, and the statements of a batch may each count as a query.
const fromJson = (list: object[]) =>
  sql`(select key, ${sql.join(
    ["id", ...COLUMNS, "layoutId", "layoutGiven"].map((c) => sql.raw(`json_extract(value, '$.${c}') as "${c}"`)),
    sql`, `,
  )} from json_each(${JSON.stringify(list)}))`;

/**
 * The multi-editor's save: creates, updates and deletes rounds in one batch, which D1
 * runs as one transaction, so either every change is written or none. A round changed
 * since the editor read it makes the batch's first statement fail; a deleted round that
 * holds entries or payments, or an updated round that is gone, its last one; either
 * undoes the rest, and the refusal then names the first such row by its label. Answers
 * the created rounds' ids in the order given.
 */
export async function saveRounds(db: Db, changes: RoundChange[]): Promise<{ created: number[]; followUps: FollowUp[] }> {
  const deletes = changes.filter((c) => c.kind === "delete");
  const updates = changes.flatMap((c) => (c.kind === "save" && c.id !== null ? [c] : []));
  const creates = changes.flatMap((c) => (c.kind === "save" && c.id === null ? [c] : []));
  const touched = [...deletes, ...updates].map((c) => c.id);
  if (new Set(touched).size !== touched.length) throw badRequest("A round can be changed only once per save");
  if (changes.length === 0) return { created: [], followUps: [] };
  const [deleteIds, updateIds] = [deletes.map((c) => c.id), updates.map((c) => c.id)];
  const read = changes.flatMap((c) => (c.id === null ? [] : [{ id: c.id, version: c.version }]));
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    roundVersionsGuard(db, read),
    deleteUnheld(db, deleteIds),
    db
      .update(rounds)
      .set({ ...Object.fromEntries(COLUMNS.map((c) => [c, sql.raw(`v."${c}"`)])), ...layoutColumnsFromJson(sql`${rounds.layoutId}`) })
      .from(sql`${fromJson(updates.map((c) => ({ id: c.id, ...jsonRow(c.values) })))} as v`)
      .where(sql`${rounds.leagueId} = ${db.leagueId} and ${rounds.id} = v.id`),
    // In the rows' order, so the new ids rise with it; every other column its default
    // (closed for registration, version 0, created now).
    db
      .insert(rounds)
      .select(
        db
          .select(
            rowOf(db.leagueId, rounds, {
              ...Object.fromEntries(COLUMNS.map((c) => [c, sql.raw(`v."${c}"`)])),
              ...layoutColumnsFromJson(null),
              countsForTags: tagsByDefault(db),
            }),
          )
          .from(sql`${fromJson(creates.map((c) => jsonRow(c.values)))} as v`)
          .orderBy(sql`v.key`),
      )
      .returning({ id: rounds.id }),
    // SQLite has no RAISE outside triggers: json() of text that is not JSON is the error
    // that aborts the batch when a delete was refused or an updated round is missing.
    db
      .select({
        refused: sql`case
        when exists (select 1 from rounds where league_id = ${db.leagueId} and id in ${idList(deleteIds)})
          or (select count(*) from rounds where league_id = ${db.leagueId} and id in ${idList(updateIds)}) <> ${updateIds.length}
        then json('rounds save refused') end`,
      })
      .from(sql`(select 1)`),
  ];
  const movedFrom = await datesOf(db, updates);
  const potChanges = await roundsPotChanges(
    db,
    updates.map((c) => ({ id: c.id, startsAt: c.values.startsAt, aceCents: c.values.ace })),
  );
  let results: unknown[];
  try {
    results = await db.batch([...statements, ...potGuards(db, potChanges)]);
  } catch (err) {
    if (checkFailed(err, "pot_negative")) throw conflict(await potRefusal(db, potChanges, "change"));
    const gone = layoutGone(err);
    if (gone) throw gone;
    throw (await refusal(db, changes, deletes, updates)) ?? err;
  }
  // Autoincrement ids rise in insert order; RETURNING's own order is not promised.
  const created = (results[3] as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  // An updated round's payout per entry may have changed its prizes: each played one is
  // brought in line (ADR 14), after the batch, as the entry writes would do it.
  for (const id of updateIds) await syncPayouts(db, id);
  const followUps: FollowUp[] = movedFrom === null ? [] : [rerate(movedFrom), syncTagsFrom(movedFrom)];
  return { created, followUps };
}

/** The earliest of the old and new dates of the rounds a save moves, or null when none moves (ADR 17). */
async function datesOf(db: Db, updates: { id: number; values: RoundValues }[]): Promise<number | null> {
  if (updates.length === 0) return null;
  const now = await db.all<{ id: number; startsAt: number }>(
    sql`select id, d as startsAt from rounds where league_id = ${db.leagueId} and id in ${idList(updates.map((c) => c.id))}`,
  );
  const moved = updates.flatMap((c) => {
    const old = now.find((r) => r.id === c.id)?.startsAt;
    return old === undefined || old === c.values.startsAt ? [] : [old, c.values.startsAt];
  });
  return moved.length ? Math.min(...moved) : null;
}

/** After a refused batch (nothing written): the first row that caused it, as its 409 or 404. */
async function refusal(
  db: Db,
  changes: RoundChange[],
  deletes: { id: number; label: string }[],
  updates: { id: number; label: string }[],
): Promise<AppError | null> {
  const stale = await staleRound(
    db,
    changes.flatMap((c) => (c.id === null ? [] : [c])),
  );
  if (stale) return stale;
  const held = await heldBy(
    db,
    deletes.map(({ id }) => id),
  );
  for (const c of deletes) {
    const h = held.find((r) => r.id === c.id && (r.entries > 0 || r.payments > 0));
    if (h) return conflict(`${c.label}: ${heldMessage(h)}`);
  }
  const present = await db.all<{ id: number }>(
    sql`select id from rounds where league_id = ${db.leagueId} and id in ${idList(updates.map((c) => c.id))}`,
  );
  const gone = updates.find((c) => !present.some((r) => r.id === c.id));
  return gone ? notFound(`${gone.label}: Round not found`) : null;
}
