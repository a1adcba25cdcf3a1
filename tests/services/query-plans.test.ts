import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { sql as drizzleSql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeAce, makeEntry, makePlayer, makeRound, makeTransfer } from "../fixtures";
import testWorker from "../worker";
import type { Session } from "~/.server/auth/current-user";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { recomputeRatings } from "~/.server/services/ratings/round-ratings";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import { sessionOf } from "../route-fixtures";
import { loader as acesLoader } from "~/routes/aces";
import { loader as auditLoader } from "~/routes/admin-audit";
import { loader as playerLoader } from "~/routes/player";
import { loader as playersAllLoader } from "~/routes/players-all";
import { loader as roundLoader } from "~/routes/round";
import { loader as standingsLoader } from "~/routes/standings";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// The hot paths' queries at scale: every statement a round page, a player page,
// the players list, the aces page and the public API lists send is captured as sent, then asked for its plan.
// None may read the entries, transfers or players *table* from end to end: a list of all
// players may walk an index that covers it, nothing may walk 100,000 entries row by row.

type Sent = { sql: string; args: unknown[] };

/** A D1 binding that behaves as the real one and records every statement with its arguments. */
function capturing(db: D1Database): { binding: D1Database; sent: Sent[] } {
  const sent: Sent[] = [];
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") {
          return (...args: unknown[]) => {
            sent.push({ sql, args });
            return target.bind(...args);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const binding = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, sent };
}

// Tables that grow with the league's history (aces do too, but a few dozen a season: the
// pot and the aces page read them all).
const HISTORY = ["entries", "transfers", "payments", "claims"];

/**
 * Each captured read's plan lines that walk a big table end to end: any scan of a history
 * table (even of an index: it still visits every entry), or of players without an index.
 */
async function fullScans(sent: Sent[]): Promise<string[]> {
  const bad: string[] = [];
  for (const { sql, args } of sent) {
    if (!/^\s*(select|with)\b/i.test(sql)) continue;
    const plan = await env.DB.prepare(`explain query plan ${sql}`)
      .bind(...args)
      .all<{ detail: string }>();
    for (const { detail } of plan.results) {
      const scan = /^SCAN (\w+)(.*)$/.exec(detail);
      if (!scan) continue;
      const table = tableOf(sql, scan[1] ?? "");
      const indexed = /USING (COVERING )?INDEX/.test(scan[2] ?? "");
      if (HISTORY.includes(table) || (table === "players" && !indexed)) bad.push(`${detail}  ←  ${sql.replace(/\s+/g, " ").slice(0, 160)}`);
    }
  }
  return bad;
}

/** The table an alias in `sql` names ("entries e" → entries). */
function tableOf(sql: string, alias: string): string {
  const known = ["entries", "transfers", "players", "payments", "rounds", "aces", "claims", "users"];
  if (known.includes(alias)) return alias;
  const m = new RegExp(`\\b(${known.join("|")})["\`]?\\s+(?:as\\s+)?["\`]?${alias}["\`]?\\b`, "i").exec(sql);
  return m?.[1]?.toLowerCase() ?? alias;
}

function routeArgs(binding: D1Database, path: string, params: Record<string, string>, session: Session | null = null) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx: {} as ExecutionContext });
  context.set(servicesContext, { db: getDb(binding, DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
  context.set(sessionContext, session);
  return { request: new Request(`http://localhost${path}`), context, params, unstable_pattern: path } as never;
}

async function league() {
  const [round, other] = await Promise.all([makeRound({ openForRegistration: true }), makeRound()]);
  const players = await Promise.all(Array.from({ length: 6 }, () => makePlayer()));
  for (const [i, p] of players.entries()) {
    await makeEntry({ roundId: round.id, playerId: p.id, score: 50 + i, creditAddedCents: 100, ace: i % 2 === 0 });
    await makeEntry({ roundId: other.id, playerId: p.id, score: 52 + i });
  }
  await makeTransfer({ fromPlayerId: null, toPlayerId: players[0]!.id, amountCents: 500 });
  await makeAce({ roundId: round.id, playerId: players[1]!.id, amountCents: 300 });
  return { round, player: players[0]! };
}

describe("hot queries never walk a big table row by row", () => {
  it("the round, player, players list, aces and standings pages", async () => {
    const { round, player } = await league();
    const { binding, sent } = capturing(env.DB);
    await roundLoader(routeArgs(binding, `/rounds/${round.id}`, { roundId: String(round.id) }));
    // With net scores: every entrant's last K rounds in one windowed query.
    await roundLoader(routeArgs(binding, `/rounds/${round.id}?net=1`, { roundId: String(round.id) }));
    await playerLoader(routeArgs(binding, `/players/${player.id}`, { playerId: String(player.id) }));
    await acesLoader(routeArgs(binding, "/aces", {}));
    await playersAllLoader(routeArgs(binding, "/players-all?sort=balance&dir=desc&page=2", {}));
    await standingsLoader(routeArgs(binding, "/standings", {}));
    expect(sent.length).toBeGreaterThan(3);
    expect(await fullScans(sent)).toEqual([]);
  });

  it("the public API's lists and the ace pot", async () => {
    const { round, player } = await league();
    const { binding, sent } = capturing(env.DB);
    for (const path of [
      "/api/players",
      `/api/entries/${round.id}`,
      "/api/ace",
      `/api/ace?roundId=${round.id}`,
      `/api/transfers/transfersByPlayer/${player.id}`,
      `/api/rounds/round/${round.id}`,
      `/api/players/${player.id}/history`,
      "/api/standings",
      "/api/standings?division=MA1",
    ]) {
      const res = await testWorker.fetch(
        new Request(`http://localhost${path}`),
        { ...env, DB: binding, PAGE_CACHE: "off" } as unknown as Env,
        createExecutionContext(),
      );
      expect(res.status, path).toBe(200);
    }
    expect(await fullScans(sent)).toEqual([]);
  });

  it("re-rating from a round on (the ratings job) walks only the rounds from its date", async () => {
    const { round } = await league();
    const { binding, sent } = capturing(env.DB);
    await recomputeRatings(getDb(binding, DEFAULT_LEAGUE_ID), round.startsAt);
    expect(sent.length).toBeGreaterThan(1);
    expect(await fullScans(sent)).toEqual([]);
  });

  it("the audit log's page: each filter walks its own index, the newest page walks back from the end", async () => {
    // The league's writes are made outside the app: they are in the log all the same.
    const { round, player } = await league();
    const admin = await sessionOf("admin");
    const plans = new Map<string, string[]>();
    for (const [name, query] of [
      ["newest", ""],
      ["page 3", "?page=3"],
      ["player", `?player=${player.id}`],
      ["round", `?round=${round.id}`],
      ["actor", `?actor=${admin?.user.id}`],
      ["player and round", `?player=${player.id}&round=${round.id}`],
      ["round and actor", `?round=${round.id}&actor=${admin?.user.id}`],
    ]) {
      const { binding, sent } = capturing(env.DB);
      await auditLoader(routeArgs(binding, `/admin/audit${query}`, {}, admin));
      expect(await fullScans(sent), name).toEqual([]);
      // The page's own statement (the names it speaks of are read beside it, by the same filter: no scan above).
      const log = sent.filter((s) => /\bfrom audit_log a\b/.test(s.sql) && /\ba\.actor_name\b/.test(s.sql));
      expect(log, name).toHaveLength(1);
      const plan = await env.DB.prepare(`explain query plan ${log[0]?.sql}`)
        .bind(...(log[0]?.args ?? []))
        .all<{ detail: string }>();
      plans.set(
        name,
        plan.results.map((r) => r.detail).filter((d) => /\ba\b/.test(d) || /TEMP B-TREE/.test(d)),
      );
    }
    // Unfiltered: the league's rows backwards by id, stopping at the page (no sort of every row,
    // no other league's row walked: ADR 46).
    for (const name of ["newest", "page 3"])
      expect(plans.get(name), name).toEqual([
        expect.stringMatching(/^SEARCH a USING (COVERING )?INDEX audit_log_league_idx \(league_id=\?\)$/),
      ]);
    expect(plans.get("player")?.join(" ")).toMatch(/audit_log_player_idx.*audit_log_other_player_idx/);
    expect(plans.get("round")).toEqual([
      expect.stringMatching(/^SEARCH a USING INDEX audit_log_round_idx \(league_id=\? AND round_id=\?\)$/),
    ]);
    expect(plans.get("actor")).toEqual([
      expect.stringMatching(/^SEARCH a USING INDEX audit_log_actor_idx \(league_id=\? AND actor_user_id=\?\)$/),
    ]);
    for (const name of ["player", "round", "actor", "player and round", "round and actor"]) {
      expect(
        plans.get(name)?.some((d) => d.startsWith("SCAN a")),
        `${name}: ${plans.get(name)}`,
      ).toBe(false);
    }
  });

  it("would catch a scan: a sum over every entry is reported", async () => {
    const { binding, sent } = capturing(env.DB);
    await getDb(binding, DEFAULT_LEAGUE_ID).all(drizzleSql.raw("select sum(credit_used_cents) as s from entries where score > 0"));
    expect(await fullScans(sent)).toEqual([expect.stringMatching(/^SCAN entries/)]);
  });
});
