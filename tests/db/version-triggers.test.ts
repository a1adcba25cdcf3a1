import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { versionTriggerSql } from "~/.server/db/version-triggers";
import { VERSIONED } from "~/.server/db/versioned";

// ADR 20, ADR 44: a version trigger is written by `npm run db:triggers` from its table's list
// (app/.server/db/versioned.ts). These read the migrated database and fail when a trigger,
// a list or a table's columns have drifted apart: a column added to a versioned table but
// left out of its trigger would let a save over a newer row through, silently.

const RUN = "then run `npm run db:triggers` and apply the migration it writes";
const where = (table: string) => `the versionColumns(${table}, …) beside the table in app/.server/db/tables/`;

async function triggers(): Promise<{ name: string; sql: string }[]> {
  const { results } = await env.DB.prepare("select name, sql from sqlite_master where type = 'trigger' order by name").all<{
    name: string;
    sql: string;
  }>();
  return results;
}

async function columnsOf(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare(`pragma table_info(\`${table}\`)`).all<{ name: string }>();
  return results.map((c) => c.name);
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe("version triggers are the schema's lists", () => {
  it("every trigger that bumps a version is made from a list", async () => {
    const bumping = (await triggers()).filter((t) => /\bUPDATE\s+`?\w+`?\s+SET\s+`?\w*version`?\s*=/i.test(t.sql)).map((t) => t.name);
    expect(
      sorted(bumping),
      "a trigger bumps a version but no list in app/.server/db/versioned.ts makes it: list its table's columns there (versionColumns) and let npm run db:triggers write it",
    ).toEqual(sorted(VERSIONED.map((v) => v.trigger)));
  });

  for (const v of VERSIONED) {
    it(`${v.trigger} fires on exactly the columns listed for ${v.table}.${v.version}`, async () => {
      const sql = (await triggers()).find((t) => t.name === v.trigger)?.sql;
      expect(sql, `no trigger ${v.trigger} in the migrated database: ${RUN}`).toBeDefined();
      const firesOn =
        /AFTER UPDATE OF (.+?) ON /
          .exec(sql ?? "")?.[1]
          .split(", ")
          .map((c) => c.replaceAll("`", "")) ?? [];
      const compares = [...(sql ?? "").matchAll(/NEW\.(\w+) IS NOT OLD\.\1\b/g)].map((m) => m[1]);
      const fix = `the list in ${where(v.table)} and the migrated trigger differ: ${RUN}`;
      expect(sorted(firesOn), `${v.trigger} fires on other columns: ${fix}`).toEqual(sorted(v.bumps));
      expect(sorted(compares), `${v.trigger} compares other columns: ${fix}`).toEqual(sorted(v.bumps));
      expect(sql, `${v.trigger} is not the SQL npm run db:triggers writes: ${RUN}`).toBe(versionTriggerSql(v));
    });

    it(`every column of ${v.table} bumps ${v.version} or says why not`, async () => {
      const columns = await columnsOf(v.table);
      const listed = new Set([v.version, ...v.bumps, ...Object.keys(v.notVersioned)]);
      for (const column of columns) {
        expect(
          listed.has(column),
          `${v.table}.${column} is in neither list of ${where(v.table)}: add it to \`bumps\` if a save made ` +
            `before it changed must be refused, else to \`notVersioned\` with why; ${RUN}`,
        ).toBe(true);
      }
      for (const column of listed) {
        expect(columns, `${v.table} has no column ${column}, which ${where(v.table)} lists`).toContain(column);
      }
      const both = v.bumps.filter((c) => c in v.notVersioned || c === v.version);
      expect(both, `listed both as bumping ${v.version} and not (or the version itself) in ${where(v.table)}`).toEqual([]);
    });
  }
});
