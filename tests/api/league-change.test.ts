import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { forgetLeagues, FRESH_MS, leagueBySlug } from "../../workers/league-directory";
import { createWorker } from "../../workers/worker";
import { expectError, makeAdmin, makeMember, makeUser, tokenFor } from "../auth-fixtures";
import { testDb, uniq } from "../fixtures";
import { auditLog, leagues } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { LEAGUE_CREATE_MESSAGES } from "~/.server/services/accounts/league-create-sql";
import { SLUG_RULE } from "~/schemas/leagues";

// The operator changes a league's address (ADR 46): PATCH /api/admin/leagues/{id} with a new
// slug, or the league made the deployment's default. The league's cached pages — every one,
// whatever it read — are purged, the old address stops answering, and an isolate's copy of a
// league is read again once it is FRESH_MS old, so other isolates follow.

// Every page the Worker renders is a public, cacheable one tagged with what it read.
const worker = createWorker(
  async () =>
    new Response("<p>page</p>", {
      headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=30", "Cache-Tag": "rounds" },
    }),
);
const cachedEnv = { ...env, PAGE_CACHE: "cache-api" } as unknown as Env;

async function send(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const headers = new Headers();
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.body !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://localhost${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) }),
    cachedEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** The page's cache outcome (hit, miss, bypass) and where it went. */
async function page(path: string) {
  const res = await send("GET", path);
  await res.arrayBuffer();
  return {
    status: res.status,
    cache: /cache;desc="(\w+)"/.exec(res.headers.get("Server-Timing") ?? "")?.[1],
    location: res.headers.get("Location"),
  };
}

let operator: Awaited<ReturnType<typeof makeAdmin>>;
let token: string;
let club: { id: number; slug: string };
beforeAll(async () => {
  operator = await makeAdmin();
  token = await tokenFor(operator);
  const [row] = await testDb()
    .insert(leagues)
    .values({ slug: `club-${uniq().toLowerCase()}`, name: "Club", timeZone: "America/Chicago" })
    .returning();
  club = row;
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  // The default stays the first league for the files after this one.
  await testDb().update(leagues).set({ isDefault: false }).where(eq(leagues.isDefault, true));
  await testDb().update(leagues).set({ isDefault: true }).where(eq(leagues.id, DEFAULT_LEAGUE_ID));
  forgetLeagues();
});

describe("PATCH /api/admin/leagues/{id}: a new slug", () => {
  it("moves the league to its new address at once, purges every cached page of it, and audits who did it", async () => {
    const path = `/l/${club.slug}/standings?v=${uniq()}`;
    expect((await page(path)).cache).toBe("miss");
    expect((await page(path)).cache).toBe("hit");
    // Another league's cached page is left alone.
    const rootPath = `/standings?v=${uniq()}`;
    await page(rootPath);

    const slug = `renamed-${uniq().toLowerCase()}`;
    const res = await send("PATCH", `/api/admin/leagues/${club.id}`, { token, body: { slug: slug.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: club.id, slug, default: false, suspended: false, hidden: false });

    // The old address's cached copy is gone, and the old address answers nothing more.
    expect((await page(path)).cache).toBe("miss");
    expect((await page(`/l/${club.slug}/api/rounds/thisYear`)).status).toBe(404);
    expect((await page(`/l/${slug}/api/rounds/thisYear`)).status).toBe(200);
    expect((await page(rootPath)).cache).toBe("hit");
    const [audit] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leagueId, club.id), eq(auditLog.tableName, "leagues")));
    expect(audit).toMatchObject({ actorUserId: operator.id, action: "update", rowId: club.id });
    expect(JSON.parse(audit.after ?? "{}")).toMatchObject({ slug });
    club = { ...club, slug };
  });

  it("a cached page of the league under its new address is purged by the next change too", async () => {
    const path = `/l/${club.slug}/rounds?v=${uniq()}`;
    await page(path);
    expect((await page(path)).cache).toBe("hit");
    // The same slug again: nothing moved, nothing written, nothing purged.
    const audits = async () =>
      (
        await testDb()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.leagueId, club.id), eq(auditLog.tableName, "leagues")))
      ).length;
    const before = await audits();
    expect((await send("PATCH", `/api/admin/leagues/${club.id}`, { token, body: { slug: club.slug } })).status).toBe(200);
    expect((await page(path)).cache).toBe("hit");
    expect(await audits()).toBe(before);
  });

  it("refuses a taken address (whatever its case), a reserved one, an unknown league and everyone but the operator", async () => {
    const [before] = await testDb().select().from(leagues).where(eq(leagues.id, club.id));
    await expectError(
      await send("PATCH", `/api/admin/leagues/${club.id}`, { token, body: { slug: "LEAGUE" } }),
      409,
      LEAGUE_CREATE_MESSAGES.taken("league"),
    );
    for (const slug of ["admin", "..", "a b", "l"])
      await expectError(await send("PATCH", `/api/admin/leagues/${club.id}`, { token, body: { slug } }), 400, SLUG_RULE);
    await expectError(await send("PATCH", `/api/admin/leagues/${club.id}`, { token, body: {} }), 400);
    await expectError(await send("PATCH", `/api/admin/leagues/${club.id}`, { token, body: { default: false } }), 400);
    await expectError(await send("PATCH", "/api/admin/leagues/999999", { token, body: { slug: "nowhere-here" } }), 404);
    for (const who of [await makeMember("owner"), await makeMember("admin"), await makeUser()])
      await expectError(
        await send("PATCH", `/api/admin/leagues/${club.id}`, { token: await tokenFor(who), body: { slug: "stolen-address" } }),
        403,
      );
    await expectError(await send("PATCH", `/api/admin/leagues/${club.id}`, { body: { slug: "stolen-address" } }), 401);
    const [after] = await testDb().select().from(leagues).where(eq(leagues.id, club.id));
    expect(after).toEqual(before);
  });
});

describe("PATCH /api/admin/leagues/{id}: the default moves", () => {
  it("the root serves the new default, its /l/ address answers 301 to the root, the old default moves under /l/, both purged", async () => {
    const rootPath = `/standings?v=${uniq()}`;
    await page(rootPath);
    expect((await page(rootPath)).cache).toBe("hit");

    const res = await send("PATCH", `/api/admin/leagues/${club.id}`, { token, body: { default: true } });
    expect(await res.json()).toEqual({ id: club.id, slug: club.slug, default: true, suspended: false, hidden: false });
    const rows = await testDb().select({ id: leagues.id, isDefault: leagues.isDefault }).from(leagues).where(eq(leagues.isDefault, true));
    expect(rows).toEqual([{ id: club.id, isDefault: true }]);

    // The root's cached copy was the old default's: gone.
    expect((await page(rootPath)).cache).toBe("miss");
    expect(await page(`/l/${club.slug}/standings`)).toMatchObject({ status: 301, location: "/standings" });
    expect((await page(`/l/league/standings?v=${uniq()}`)).status).toBe(200);

    // And back: the first league is the default again.
    await send("PATCH", `/api/admin/leagues/${DEFAULT_LEAGUE_ID}`, { token, body: { default: true } });
    expect(await page("/l/league/standings")).toMatchObject({ status: 301, location: "/standings" });
  });
});

describe("an isolate's copy of a league", () => {
  it("is read again once FRESH_MS old: a slug renamed by another isolate stops answering here", async () => {
    const slug = `copied-${uniq().toLowerCase()}`;
    const [row] = await testDb().insert(leagues).values({ slug, name: "Copied", timeZone: "America/Chicago" }).returning();
    vi.useFakeTimers({ toFake: ["Date"] });
    expect((await leagueBySlug(env.DB, slug))?.id).toBe(row.id);
    // Another isolate renames it (a write this one never saw).
    await testDb()
      .update(leagues)
      .set({ slug: `${slug}-2` })
      .where(eq(leagues.id, row.id));
    vi.advanceTimersByTime(FRESH_MS - 1_000);
    expect((await leagueBySlug(env.DB, slug))?.id, "still this isolate's copy").toBe(row.id);
    vi.advanceTimersByTime(2_000);
    expect(await leagueBySlug(env.DB, slug)).toBeNull();
    expect((await leagueBySlug(env.DB, `${slug}-2`))?.id).toBe(row.id);
  });
});
