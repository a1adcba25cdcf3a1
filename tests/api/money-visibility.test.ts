// Who sees the league's balances and transfers through the /api (moneyVisibility, ADR 25):
// everyone, signed-in players, or admins only. Hidden balances are null; hidden transfers
// are refused saying who may see them; a player always sees their own.
import { beforeAll, describe, expect, it } from "vitest";
import { makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { makePlayer, makeTransfer, testDb, uniq } from "../fixtures";
import { claims } from "~/.server/db/schema";
import { getLeagueSettings, updateLeagueSettings } from "~/.server/services/settings/league-settings";
import type { MoneyVisibility } from "~/lib/settings/league-settings";
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { createWorker } from "../../workers/worker";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

type Who = "visitor" | "player" | "admin";
const tag = uniq("Mv");
let mine: number;
let other: number;
const tokens: Record<Who, string | null> = { visitor: null, player: null, admin: null };

beforeAll(async () => {
  const [me, them, user, admin] = await Promise.all([
    makePlayer({ firstName: "Mine", lastName: tag }),
    makePlayer({ firstName: "Other", lastName: tag }),
    makeUser(),
    makeAdmin(),
  ]);
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: me.id, status: "approved" });
  await makeTransfer({ fromPlayerId: null, toPlayerId: me.id, amountCents: 1_000 });
  await makeTransfer({ fromPlayerId: null, toPlayerId: them.id, amountCents: 2_500 });
  [mine, other] = [me.id, them.id];
  tokens.player = await tokenFor(user);
  tokens.admin = await tokenFor(admin);
});

const read = (path: string, who: Who) =>
  exports.default.fetch(
    new Request(`http://example.com${path}`, { headers: tokens[who] ? { Authorization: `Bearer ${tokens[who]}` } : {} }),
  );

async function json<T>(path: string, who: Who): Promise<T> {
  const res = await read(path, who);
  expect(res.status, `${who} ${path}`).toBe(200);
  return (await res.json()) as T;
}

type Listed = { id: number; balance: number | null };
/** The two test players' balances as `who` reads them from every /api read that has balances. */
async function balances(who: Who) {
  const all = await json<Listed[]>("/api/players", who);
  const found = await json<Listed[]>(`/api/players/search/${tag}`, who);
  const pair = (list: Listed[]) => [list.find((p) => p.id === mine)?.balance, list.find((p) => p.id === other)?.balance];
  const one = async (id: number) => (await json<Listed>(`/api/players/player/${id}`, who)).balance;
  const shapes = [pair(all), pair(found), [await one(mine), await one(other)]];
  // Every read agrees.
  expect(shapes[1], `${who}: search`).toEqual(shapes[0]);
  expect(shapes[2], `${who}: one player`).toEqual(shapes[0]);
  return shapes[0];
}

const transfers = async (who: Who) => [
  (await read("/api/transfers", who)).status,
  (await read(`/api/transfers/transfersByPlayer/${mine}`, who)).status,
  (await read(`/api/transfers/transfersByPlayer/${other}`, who)).status,
];

async function set(visibility: MoneyVisibility) {
  await updateLeagueSettings(testDb(), { moneyVisibility: visibility });
}

describe("moneyVisibility through the /api", () => {
  it("everyone: every reader gets every balance and every transfer", async () => {
    await set("everyone");
    for (const who of ["visitor", "player", "admin"] as const) {
      expect(await balances(who), who).toEqual([10, 25]);
      expect(await transfers(who), who).toEqual([200, 200, 200]);
    }
  });

  it("signed-in players: a visitor gets null balances and 401 for transfers; any signed-in reader gets them all", async () => {
    await set("players");
    expect(await balances("visitor")).toEqual([null, null]);
    expect(await transfers("visitor")).toEqual([401, 401, 401]);
    const visitor = await read("/api/transfers", "visitor");
    expect(await visitor.json()).toEqual({
      error: "Balances and transfers are shown to signed-in players: log in to see them.",
      code: "unauthorized",
      requestId: visitor.headers.get("X-Request-Id"),
    });
    for (const who of ["player", "admin"] as const) {
      expect(await balances(who), who).toEqual([10, 25]);
      expect(await transfers(who), who).toEqual([200, 200, 200]);
    }
  });

  it("admins only: a player gets their own balance and transfers, 403 for the rest; a visitor nothing; an admin all", async () => {
    await set("admins");
    expect(await balances("visitor")).toEqual([null, null]);
    expect(await transfers("visitor")).toEqual([401, 401, 401]);
    expect(await balances("player")).toEqual([10, null]);
    expect(await transfers("player")).toEqual([403, 200, 403]);
    const player = await read("/api/transfers", "player");
    expect(await player.json()).toEqual({
      error: "Balances and transfers are shown to the league's admins only.",
      code: "forbidden",
      requestId: player.headers.get("X-Request-Id"),
    });
    const own = await json<{ toPlayer: number; amt: number }[]>(`/api/transfers/transfersByPlayer/${mine}`, "player");
    expect(own).toEqual([expect.objectContaining({ toPlayer: mine, amt: 10 })]);
    expect(await balances("admin")).toEqual([10, 25]);
    expect(await transfers("admin")).toEqual([200, 200, 200]);
  });

  it("an anonymous answer with balances is tagged `settings`, so a change of the setting purges it", async () => {
    await set("everyone");
    for (const path of ["/api/players", `/api/players/search/${tag}`, `/api/players/player/${mine}`, "/api/transfers"]) {
      const res = await read(path, "visitor");
      expect(res.headers.get("Cache-Tag")?.split(","), path).toContain("l1:settings");
    }
  });
});

describe("page cache: the setting changed, the next anonymous read", () => {
  const worker = createWorker(async () => new Response("page"));
  const cachedEnv = { ...env, PAGE_CACHE: "cache-api" } as unknown as Env;
  const get = (path: string, headers: Record<string, string> = {}) =>
    worker.fetch(new Request(`http://cache.test${path}`, { headers }), cachedEnv, createExecutionContext());
  const cacheOf = (res: Response) => /cache;desc="(\w+)"/.exec(res.headers.get("Server-Timing") ?? "")?.[1];

  it("shows the balances hidden at once: a miss with nulls, not the stored copy", async () => {
    await set("everyone");
    const path = `/api/players/search/${tag}?v=${uniq()}`;
    await get(path);
    const hit = await get(path);
    expect(cacheOf(hit)).toBe("hit");
    expect(((await hit.json()) as Listed[]).map((p) => p.balance).sort()).toEqual([10, 25]);

    const saved = await worker.fetch(
      new Request("http://cache.test/api/admin/settings", {
        method: "PUT",
        headers: { Authorization: `Bearer ${tokens.admin}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ...(await getLeagueSettings(testDb())), moneyVisibility: "admins" }),
      }),
      cachedEnv,
      createExecutionContext(),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = await get(path);
    expect(cacheOf(after)).toBe("miss");
    expect(((await after.json()) as Listed[]).map((p) => p.balance)).toEqual([null, null]);
    await set("everyone");
  });
});
