import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { withAuditActor } from "../../workers/audit-actor";

// Every league row carries its league, and SQLite itself refuses a row that points into
// another league (ADR 46): the schema as migrated, then the refusals, then the triggers.

const d1 = withAuditActor(env.DB, () => ({ userId: null, role: "system" }));

/** The deployment's tables: accounts, leagues, and the Worker's own bookkeeping. */
const DEPLOYMENT = new Set([
  "users",
  "password_resets",
  "revoked_sessions",
  "leagues",
  "memberships",
  "league_invites",
  "push_subscriptions",
  "rate_limits",
  "page_cache_keys",
  "webhook_events",
  "write_guards",
  "audit_actor",
  "d1_migrations",
]);

type Fk = { id: number; seq: number; table: string; from: string; to: string };

async function tables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like '\\_cf\\_%' escape '\\' order by name",
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}

async function foreignKeys(table: string): Promise<Fk[][]> {
  const { results } = await env.DB.prepare(`pragma foreign_key_list("${table}")`).all<Fk>();
  const byId = new Map<number, Fk[]>();
  for (const fk of results) byId.set(fk.id, [...(byId.get(fk.id) ?? []), fk]);
  return [...byId.values()];
}

const league = async (slug: string) =>
  (await env.DB.prepare("insert into leagues (slug) values (?) returning id").bind(slug).first<{ id: number }>())?.id as number;
const insert = (sql: string, ...values: (number | string | null)[]) =>
  d1
    .prepare(sql)
    .bind(...values)
    .first<{ id: number }>();

async function roundIn(leagueId: number) {
  return (
    await insert(
      "insert into rounds (league_id, d, n, loc, fee_pdga_cents, fee_course_cents, fee_other_cents, ace_cents, payout_cents) values (?, 1900000000, 'Night', 'Park', 0, 0, 0, 100, 400) returning id",
      leagueId,
    )
  )?.id as number;
}
async function playerIn(leagueId: number) {
  return (await insert("insert into players (league_id, fn, ln, division) values (?, 'Ada', 'Ace', 'MA1') returning id", leagueId))
    ?.id as number;
}

describe("the league tables as migrated", () => {
  it("every league table carries league_id, and references its league's rows by (league_id, id) only", async () => {
    const league = (await tables()).filter((t) => !DEPLOYMENT.has(t));
    expect(league.length).toBeGreaterThan(25);
    for (const table of league) {
      const { results: columns } = await env.DB.prepare(`pragma table_info("${table}")`).all<{ name: string; notnull: number }>();
      expect(columns.find((c) => c.name === "league_id")?.notnull, `${table}.league_id`).toBe(1);
      for (const fk of await foreignKeys(table)) {
        const to = fk[0]?.table ?? "";
        expect(to, `${table} references users`).not.toBe("users");
        if (to === "leagues") continue;
        // A reference into another league table names the league first.
        expect(
          fk.map((f) => [f.from, f.to]),
          `${table} → ${to}`,
        ).toEqual([
          ["league_id", "league_id"],
          [expect.any(String), "id"],
        ]);
      }
    }
  });

  it("refuses a row that points into another league, whichever table it is", async () => {
    const [a, b] = [1, await league("other-rows")];
    const [roundA, playerB] = [await roundIn(a), await playerIn(b)];
    const refused = (sql: string, ...values: (number | string | null)[]) =>
      expect(insert(sql, ...values)).rejects.toThrow(/FOREIGN KEY constraint failed/);
    await refused("insert into entries (league_id, round_id, player_id, division) values (?, ?, ?, 'MA1')", b, roundA, playerB);
    await refused(
      "insert into payments (league_id, round_id, player_id, method, status, amount_cents, division) values (?, ?, ?, 'cash', 'completed', 100, 'MA1')",
      b,
      roundA,
      playerB,
    );
    await refused("insert into cards (league_id, round_id, number) values (?, ?, 1)", b, roundA);
    await refused("insert into transfers (league_id, d, to_player_id, amt_cents) values (?, 1, ?, 100)", a, playerB);
    // Named with its own league, the same row goes in.
    const roundB = await roundIn(b);
    const entry = await insert(
      "insert into entries (league_id, round_id, player_id, division) values (?, ?, ?, 'MA1') returning id",
      b,
      roundB,
      playerB,
    );
    expect(entry?.id).toBeGreaterThan(0);
    // And a row never moves to another league while its parents stay behind.
    await expect(
      d1
        .prepare("update entries set league_id = ? where id = ?")
        .bind(a, entry?.id ?? 0)
        .run(),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);
  });

  it("the triggers write the row's own league into what they keep: stats, notices and the audit log", async () => {
    const b = await league("trigger-rows");
    const [round, player] = [await roundIn(b), await playerIn(b)];
    const entry = await insert(
      "insert into entries (league_id, round_id, player_id, division, score, credit_added_cents) values (?, ?, ?, 'MA1', 50, 300) returning id",
      b,
      round,
      player,
    );
    const leagueOf = (sql: string, id: number) => env.DB.prepare(sql).bind(id).first<{ league: number }>();
    expect(await leagueOf("select league_id as league from player_stats where player_id = ?", player)).toEqual({ league: b });
    expect(await leagueOf("select league_id as league from round_stats where round_id = ?", round)).toEqual({ league: b });
    expect(await leagueOf("select league_id as league from audit_log where table_name = 'entries' and row_id = ?", entry?.id ?? 0)).toEqual(
      {
        league: b,
      },
    );
    const place = await insert(
      "insert into waitlist (league_id, round_id, player_id, user_id, division) values (?, ?, ?, 7, 'MA1') returning id",
      b,
      round,
      player,
    );
    await d1
      .prepare("update waitlist set status = 'offered' where id = ?")
      .bind(place?.id ?? 0)
      .run();
    expect(await leagueOf("select league_id as league from waitlist_notices where waitlist_id = ?", place?.id ?? 0)).toEqual({ league: b });
    // Leave the books as found: the entry's credit is money (the books check ends the file).
    await d1.batch([d1.prepare("delete from entries where id = ?").bind(entry?.id ?? 0)]);
  });

  it("deleting a round or a payment unlinks the aces and entries that named it, as before", async () => {
    const round = await roundIn(1);
    const player = await playerIn(1);
    const ace = await insert(
      "insert into aces (league_id, d, player_id, round_id, amt_cents) values (1, 1, ?, ?, 100) returning id",
      player,
      round,
    );
    await d1.prepare("delete from rounds where id = ?").bind(round).run();
    expect(
      await env.DB.prepare("select round_id from aces where id = ?")
        .bind(ace?.id ?? 0)
        .first(),
    ).toEqual({ round_id: null });
    await d1
      .prepare("delete from aces where id = ?")
      .bind(ace?.id ?? 0)
      .run();
  });
});

describe("ids safe to move (ADR 46)", () => {
  it("a league moved forward keeps its ids, and the database it joins goes on in its own range", async () => {
    const seq = async () =>
      (await env.DB.prepare("select seq from sqlite_sequence where name = 'rounds'").first<{ seq: number }>())?.seq ?? 0;
    const before = await seq();
    const here = await roundIn(1);
    // This database as database 1 of the deployment: its ids start at 2⁴⁰.
    const base = 2 ** 40;
    await env.DB.prepare("update sqlite_sequence set seq = ? where name = 'rounds'").bind(base).run();
    const own = await roundIn(1);
    expect(own).toBe(base + 1);
    // A league from database 0 moves in with its ids (all below 2⁴⁰): no clash, no renumbering.
    const moved = await league("moved-in");
    const theirs = here + 1000;
    await d1
      .prepare(
        "insert into rounds (id, league_id, d, n, loc, fee_pdga_cents, fee_course_cents, fee_other_cents, ace_cents, payout_cents) values (?, ?, 1, 'Far', 'Away', 0, 0, 0, 0, 0)",
      )
      .bind(theirs, moved)
      .run();
    // SQLite goes on from the larger of the sequence and the largest id: still this database's range.
    const next = await roundIn(moved);
    expect(next).toBe(base + 2);
    const { results } = await env.DB.prepare("select id, league_id as league from rounds where id in (?, ?, ?) order by id")
      .bind(theirs, own, next)
      .all();
    expect(results).toEqual([
      { id: theirs, league: moved },
      { id: own, league: 1 },
      { id: next, league: moved },
    ]);
    // 8,192 databases of 2⁴⁰ ids each: the last id any can make is still exact in JavaScript.
    expect(Number.isSafeInteger(8192 * base - 1)).toBe(true);
    // Back to database 0 for the files after this one (they share the storage).
    await d1.prepare("delete from rounds where id >= ?").bind(base).run();
    await env.DB.prepare("update sqlite_sequence set seq = ? where name = 'rounds'").bind(Math.max(before, theirs)).run();
  });
});
