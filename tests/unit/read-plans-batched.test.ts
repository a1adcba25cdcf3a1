import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeAdmin, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, makeTransfer, testDb } from "../fixtures";
import { makeLiveRound } from "../live-fixtures";
import { api } from "../../workers/api/index";
import { batchable, gatherReads } from "../../workers/read-runner";
import { type Session, authenticate } from "~/.server/auth/current-user";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import * as adminNight from "~/routes/admin-round-night";
import * as adminPlay from "~/routes/admin-round-play";
import * as adminReports from "~/routes/admin-reports";
import * as adminRounds from "~/routes/admin-rounds";
import * as adminUser from "~/routes/admin-user";
import * as home from "~/routes/home";
import * as playerPage from "~/routes/player";
import * as roundPage from "~/routes/round";
import * as standings from "~/routes/standings";
import * as transfersPage from "~/routes/transfers";

// Every read the app's pages and /api GETs send, run alone and then all in one batch
// through the read runner: the rows must be the same (ADR 41). D1 answers a batch with
// object rows keyed by column name; a select whose names repeat would shift its values
// (drizzle-orm #6038), which is why the runner sends such a select alone, and why the
// app's queries alias same-named joined columns: this holds both to the real statements.

type Asked = { sql: string; params: unknown[]; method: "all" | "first" | "raw" };

/** A D1 binding that notes every statement read through it (alone or in a batch). */
function recording(db: D1Database, asked: Asked[]): D1Database {
  const info = new WeakMap<D1PreparedStatement, { sql: string; params: unknown[]; stmt: D1PreparedStatement }>();
  const wrap = (stmt: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement => {
    const wrapped = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => wrap(value.apply(target, args), sql, args);
        if (prop === "all" || prop === "first" || prop === "raw") {
          return (...args: unknown[]) => {
            asked.push({ sql, params, method: prop });
            return value.apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    info.set(wrapped, { sql, params, stmt });
    return wrapped;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql, []);
      if (prop === "batch") {
        return (list: D1PreparedStatement[]) => {
          for (const s of list) {
            const known = info.get(s);
            if (known && /^\s*select/i.test(known.sql)) asked.push({ sql: known.sql, params: known.params, method: "raw" });
          }
          return target.batch(list.map((s) => info.get(s)?.stmt ?? s));
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

async function loaderArgs(db: D1Database, session: Session | null, path: string, params: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: { ...env, DB: db }, ctx });
  context.set(servicesContext, { db: getDb(db, DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
  context.set(sessionContext, session);
  return { request: new Request(`http://localhost${path}`), context, params, unstable_pattern: path } as never;
}

describe("every read of the pages and the /api, alone and batched", () => {
  it("answers the same rows either way", async () => {
    const round = await makeRound({ openForRegistration: true });
    const player = await makePlayer();
    await makeEntry({ roundId: round.id, playerId: player.id, score: 54 });
    await makeTransfer({ fromPlayerId: player.id, toPlayerId: (await makePlayer()).id, amountCents: 500 });
    const live = await makeLiveRound([2, 2]);
    const admin = await makeAdmin();
    const token = await tokenFor(admin);
    const session = await authenticate(testDb(), env, token, DEFAULT_LEAGUE_ID);
    const asked: Asked[] = [];
    const db = recording(env.DB, asked);

    const gets = [
      "/api/rounds/all",
      `/api/rounds/round/${round.id}`,
      `/api/entries/${round.id}`,
      `/api/entries/${live.round.id}`,
      "/api/players",
      `/api/players/player/${player.id}`,
      `/api/players/${player.id}/history`,
      `/api/rounds/roundsByPlayer/${player.id}`,
      `/api/rounds/${live.round.id}/cards`,
      `/api/rounds/${live.round.id}/side-pots`,
      `/api/rounds/${live.round.id}/teams`,
      `/api/admin/rounds/${live.round.id}/check-in`,
      `/api/entries/${live.cards[0].players[0].entry.id}/owes`,
      `/api/admin/rounds/${round.id}/waitlist`,
      "/api/standings",
      "/api/ace",
      "/api/ace/list",
      "/api/tags",
      "/api/transfers",
      `/api/transfers/transfersByPlayer/${player.id}`,
      "/api/courses",
      "/api/admin/users",
      `/api/admin/users/${admin.id}`,
      "/api/admin/payments/all",
      "/api/admin/settings",
      "/api/admin/audit",
      "/api/claims",
    ];
    for (const path of gets) {
      const res = await api.request(path, { headers: { Authorization: `Bearer ${token}` } }, { ...env, DB: db }, ctx);
      expect(res.status, path).toBe(200);
    }
    const pages: [{ loader: (args: never) => unknown }, string, Record<string, string>][] = [
      [home, "/", {}],
      [roundPage, `/rounds/${round.id}`, { roundId: String(round.id) }],
      [roundPage, `/rounds/${live.round.id}`, { roundId: String(live.round.id) }],
      [playerPage, `/players/${player.id}`, { playerId: String(player.id) }],
      [standings, "/standings", {}],
      [transfersPage, "/transfers", {}],
      [adminRounds, "/admin/rounds", {}],
      [adminUser, `/admin/user/${admin.id}`, { userId: String(admin.id) }],
      [adminReports, "/admin/reports", {}],
      [adminNight, `/admin/round/night/${live.round.id}`, { roundId: String(live.round.id) }],
      [adminPlay, `/admin/round/play/${live.round.id}`, { roundId: String(live.round.id) }],
    ];
    for (const [page, path, params] of pages) await page.loader(await loaderArgs(db, session, path, params));

    const distinct = [...new Map(asked.map((a) => [`${a.method} ${a.sql} ${JSON.stringify(a.params)}`, a])).values()];
    const run = (on: D1Database, a: Asked) => {
      const stmt = on.prepare(a.sql).bind(...a.params);
      return a.method === "all" ? stmt.all().then((r) => r.results) : a.method === "first" ? stmt.first() : stmt.raw();
    };
    const alone = [];
    for (const a of distinct) alone.push(await run(env.DB, a));
    const gathered = gatherReads(env.DB);
    const together = await Promise.all(distinct.map((a) => run(gathered, a)));
    for (const [i, a] of distinct.entries()) expect(together[i], a.sql).toEqual(alone[i]);
    // Not vacuous: the app's reads are many, and every one of them can go in the batch
    // (same-named columns aliased): none is left to be sent alone.
    expect(distinct.length).toBeGreaterThan(80);
    expect(distinct.filter((a) => !batchable(a.sql, a.method)).map((a) => a.sql)).toEqual([]);
  });
});
