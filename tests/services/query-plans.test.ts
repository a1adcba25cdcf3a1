import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { sql as drizzleSql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeAce, makeEntry, makePlayer, makeRound, makeTransfer } from "../fixtures";
import testWorker from "../worker";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { recomputeRatings } from "~/.server/services/ratings";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import { loader as acesLoader } from "~/routes/aces";
import { loader as playerLoader } from "~/routes/player";
import { loader as playersAllLoader } from "~/routes/players-all";
import { loader as roundLoader } from "~/routes/round";
import { loader as standingsLoader } from "~/routes/standings";

// The hot paths' queries at scale (issue 12): every statement a round page, a player page,
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

function routeArgs(binding: D1Database, path: string, params: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx: {} as ExecutionContext });
  context.set(servicesContext, { db: getDb(binding), league: leagueFromEnv(env) });
  context.set(sessionContext, null);
  return { request: new Request(`http://localhost${path}`), context, params, unstable_pattern: path } as never;
}

async function league() {
  const [round, other] = await Promise.all([makeRound({ openForRegistration: true }), makeRound()]);
  const players = await Promise.all(Array.from({ length: 6 }, () => makePlayer()));
  for (const [i, p] of players.entries()) {
    await makeEntry({ roundId: round.id, playerId: p.id, score: 50 + i, creditAddedCents: 100, ace: i % 2 === 0 });
    await makeEntry({ roundId: other.id, playerId: p.id, score: 52 + i });
  }
  await makeTransfer({ fromPlayerId: null, toPlayerId: players[0]!.id, amtCents: 500 });
  await makeAce({ roundId: round.id, playerId: players[1]!.id, amtCents: 300 });
  return { round, player: players[0]! };
}

describe("hot queries never walk a big table row by row", () => {
  it("the round, player, players list, aces and standings pages", async () => {
    const { round, player } = await league();
    const { binding, sent } = capturing(env.DB);
    await roundLoader(routeArgs(binding, `/rounds/${round.id}`, { roundId: String(round.id) }));
    // With net scores: every entrant's last K rounds in one windowed query (issue 13).
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
    await recomputeRatings(getDb(binding), round.d);
    expect(sent.length).toBeGreaterThan(1);
    expect(await fullScans(sent)).toEqual([]);
  });

  it("would catch a scan: a sum over every entry is reported", async () => {
    const { binding, sent } = capturing(env.DB);
    await getDb(binding).all(drizzleSql.raw("select sum(credit_used_cents) as s from entries where score > 0"));
    expect(await fullScans(sent)).toEqual([expect.stringMatching(/^SCAN entries/)]);
  });
});
