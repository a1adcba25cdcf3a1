import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import migration from "../../migrations/0029_league_prefs.sql?raw";
import later from "../../migrations/0030_indexes_led_by_league.sql?raw";
import { makeUser } from "../auth-fixtures";

// Migration 0029 (ADR 46) on a database as it was before it: the account's mail choices and
// calendar feed token were columns of users, the one league's. Rebuilt here — the columns and
// the token's unique index put back on users, league_prefs taken away — then the migration run
// as written: every account's choices and token are rows of the default league, and users
// loses the columns (SQLite takes the drop once the index is gone). The schema ends as the
// migrations leave it, for the files after this one.

const statements = migration.split("--> statement-breakpoint");
// What a later migration changes of league_prefs (its indexes, led by the league): run after
// 0029, so the files after this one find the schema the migrations leave.
const laterOnPrefs = later.split("--> statement-breakpoint").filter((s) => s.includes("league_prefs"));

type Old = { id: number; notify_registration: number; notify_cards: number; notify_waitlist: number; calendar_token: string | null };

async function columnsOf(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare(`pragma table_info("${table}")`).all<{ name: string }>();
  return results.map((c) => c.name);
}

async function indexesOf(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'index' and tbl_name = ? and sql is not null order by name",
  )
    .bind(table)
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

describe("migration 0029: mail choices and calendar feeds per (account, league)", () => {
  it("copies every account's choices and token into the default league's rows, then drops the users columns", async () => {
    const accounts = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
    await env.DB.batch([
      env.DB.prepare("drop table league_prefs"),
      env.DB.prepare("alter table users add column notify_registration integer default false not null"),
      env.DB.prepare("alter table users add column calendar_token text"),
      env.DB.prepare("alter table users add column notify_cards integer default false not null"),
      env.DB.prepare("alter table users add column notify_waitlist integer default false not null"),
      env.DB.prepare("create unique index users_calendar_token_uq on users (calendar_token)"),
    ]);
    const choices: [number, number, number, string | null][] = [
      [1, 0, 0, "tok-a".padEnd(43, "a")],
      [0, 1, 1, null],
      [1, 1, 1, "tok-c".padEnd(43, "c")],
      [0, 0, 0, null],
    ];
    await env.DB.batch(
      accounts.map((u, i) => {
        const [registration, cards, waitlist, token] = choices[i]!;
        return env.DB.prepare(
          "update users set notify_registration = ?, notify_cards = ?, notify_waitlist = ?, calendar_token = ? where id = ?",
        ).bind(registration, cards, waitlist, token, u.id);
      }),
    );
    const { results: before } = await env.DB.prepare(
      "select id, notify_registration, notify_cards, notify_waitlist, calendar_token from users order by id",
    ).all<Old>();
    expect(before.length).toBeGreaterThanOrEqual(accounts.length);

    for (const statement of statements) await env.DB.prepare(statement).run();

    const { results: after } = await env.DB.prepare(
      "select user_id as id, notify_registration, notify_cards, notify_waitlist, calendar_token from league_prefs where league_id = 1 order by user_id",
    ).all<Old>();
    expect(after).toEqual(before);
    expect(await env.DB.prepare("select count(*) as n from league_prefs where league_id <> 1").first()).toEqual({ n: 0 });
    // The copied token still opens one feed: unique across every league's rows.
    await expect(
      env.DB.prepare("insert into league_prefs (league_id, user_id, calendar_token) values (1, ?, ?)")
        .bind(2_147_483_000, "tok-a".padEnd(43, "a"))
        .run(),
    ).rejects.toThrow(/UNIQUE/);
    // users keeps the account alone.
    const columns = await columnsOf("users");
    for (const gone of ["notify_registration", "notify_cards", "notify_waitlist", "calendar_token"]) expect(columns).not.toContain(gone);
    expect(await indexesOf("users")).toEqual(["users_email_uq"]);
    expect(await indexesOf("league_prefs")).toEqual(["league_prefs_calendar_token_uq", "league_prefs_user_idx"]);
    for (const statement of laterOnPrefs) await env.DB.prepare(statement).run();
    expect(await indexesOf("league_prefs")).toEqual(["league_prefs_calendar_token_uq"]);
    expect(await columnsOf("league_prefs")).toEqual([
      "league_id",
      "user_id",
      "notify_registration",
      "notify_cards",
      "notify_waitlist",
      "calendar_token",
    ]);
  });
});
