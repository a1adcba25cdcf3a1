import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { withAuditActor } from "../../workers/audit-actor";
import { getDb } from "~/.server/db/client";
import { courses, entries, layouts, payments, players, rounds, users } from "~/.server/db/schema";
import { VERSIONED } from "~/.server/db/versioned";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// ADR 20: what the migrated triggers do, column by column, for every column of every
// versioned table: a change of a listed column moves the version on, a change of any other
// leaves it. Each column is changed and changed back in one batch, so the row ends as it
// began and only its version (and the audit log) can tell; a column added to a list, a table
// or a trigger is covered without editing this file.

const d1 = withAuditActor(env.DB, () => ({ userId: null, role: "system" }));
const db = getDb(d1, DEFAULT_LEAGUE_ID);
const tag = () => Math.random().toString(36).slice(2, 8);

/** One row of each versioned table, and a second row for each non-null reference to move to. */
async function rows(): Promise<Record<string, number>> {
  const [user] = await db
    .insert(users)
    .values({ name: "Version Test", email: `v${tag()}@example.com`, passwordHash: "x" })
    .returning();
  const [course] = await db
    .insert(courses)
    .values({ leagueId: DEFAULT_LEAGUE_ID, name: `Course ${tag()}` })
    .returning();
  await db.insert(layouts).values({
    leagueId: DEFAULT_LEAGUE_ID,
    courseId: course.id,
    name: "Main",
    holeCount: 18,
  });
  const made = (n: number) => ({ leagueId: DEFAULT_LEAGUE_ID, firstName: "Ver", lastName: `Sion${tag()}${n}`, division: "MA1" });
  const [p1, p2] = await db
    .insert(players)
    .values([made(1), made(2)])
    .returning();
  const round = (n: number) => ({
    leagueId: DEFAULT_LEAGUE_ID,
    startsAt: 1_900_000_000 + n,
    name: `Round ${tag()}`,
    location: "Test Park",
    feePdgaCents: 50,
    feeCourseCents: 0,
    feeOtherCents: 0,
    aceCents: 100,
    payoutCents: 450,
  });
  const [r1, r2] = await db
    .insert(rounds)
    .values([round(1), round(2)])
    .returning();
  await db.insert(payments).values({
    leagueId: DEFAULT_LEAGUE_ID,
    roundId: r2.id,
    playerId: p2.id,
    method: "paypal",
    status: "failed",
    amountCents: 600,
    division: "MA1",
  });
  const [entry] = await db
    .insert(entries)
    .values({ leagueId: DEFAULT_LEAGUE_ID, roundId: r1.id, playerId: p1.id, division: "MA1" })
    .returning();
  return { users: user.id, rounds: r1.id, entries: entry.id };
}

type Column = { name: string; type: string };
type Reference = { from: string; table: string };

/** A value other than `now` for the column: another row where it references one. */
async function another(table: string, column: Column, now: unknown): Promise<unknown> {
  const { results: refs } = await env.DB.prepare(`pragma foreign_key_list(\`${table}\`)`).all<Reference>();
  const ref = refs.find((r) => r.from === column.name);
  if (ref) {
    const row = await env.DB.prepare(`select id from \`${ref.table}\` where id is not ? order by id desc limit 1`)
      .bind(now)
      .first<{ id: number }>();
    if (!row) throw new Error(`no other ${ref.table} row for ${table}.${column.name}`);
    return row.id;
  }
  if (/int/i.test(column.type)) return (Number(now) || 0) + 1;
  return `${now ?? ""}x`;
}

describe("the version triggers as migrated", () => {
  it("a change of a listed column moves the version on; of any other column, not", async () => {
    const ids = await rows();
    for (const v of VERSIONED) {
      const id = ids[v.table];
      const { results: columns } = await env.DB.prepare(`pragma table_info(\`${v.table}\`)`).all<Column>();
      const moved: Record<string, number> = {};
      const expected: Record<string, number> = {};
      // A row's league never changes (ADR 46): its same-league references would refuse it.
      for (const column of columns.filter((c) => c.name !== v.id && c.name !== v.version && c.name !== "league_id")) {
        const row = await env.DB.prepare(`select * from \`${v.table}\` where ${v.id} = ?`).bind(id).first<Record<string, unknown>>();
        if (!row) throw new Error(`no ${v.table} row ${id}`);
        const set = (value: unknown) =>
          d1.prepare(`update \`${v.table}\` set \`${column.name}\` = ? where ${v.id} = ?`).bind(value as string | number | null, id);
        // Changed and changed back: two changes, so a listed column moves the version twice.
        await d1.batch([set(await another(v.table, column, row[column.name])), set(row[column.name])]);
        const after = await env.DB.prepare(`select ${v.version} as n from \`${v.table}\` where ${v.id} = ?`)
          .bind(id)
          .first<{ n: number }>();
        moved[column.name] = (after?.n ?? Number.NaN) - Number(row[v.version]);
        expected[column.name] = v.bumps.includes(column.name) ? 2 : 0;
      }
      expect(moved, `${v.table}.${v.version} moved by (column: how many)`).toEqual(expected);
    }
  });
});
