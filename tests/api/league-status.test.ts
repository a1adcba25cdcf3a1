// A league takes changes only while it is active (ADR 46): every batch that writes a
// league's table is guarded by the league's status at the epoch the Worker holds. Frozen,
// a write is refused with 503 and nothing of it is written; reads, logins and other
// account writes go on; thawed, the next write goes through on its first try.
import { env } from "cloudflare:workers";
import { count, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PASSWORD, call, expectError, expectStatus, makeAdmin, makeUser, tokenFor, uniqueIp } from "../auth-fixtures";
import { makePlayer, makeTransfer, nowSec, testDb } from "../fixtures";
import { getDb } from "~/.server/db/client";
import { auditLog, leagues, players, transfers } from "~/.server/db/schema";
import { appErrorOf } from "~/.server/errors";
import { handleForm } from "~/.server/forms";
import { LEAGUE_PAUSED, withLeagueGuard } from "../../workers/league-guard";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const setStatus = (status: "active" | "frozen" | "moved") =>
  testDb()
    .update(leagues)
    .set({ status, epoch: sql`${leagues.epoch} + 1` })
    .where(eq(leagues.id, 1));

const countOf = async (table: typeof transfers | typeof auditLog | typeof players) =>
  (await testDb().select({ n: count() }).from(table))[0]?.n;

afterEach(() => setStatus("active"));

/** The code of the AppError a write was refused with, whether drizzle wrapped it or not. */
const refusalOf = (write: Promise<unknown>) =>
  write.then(
    () => "written",
    (err: unknown) => appErrorOf(err)?.code ?? String(err),
  );

describe("the league's status guards its writes", () => {
  it("frozen: an /api write is a 503 that writes nothing; reads and a login go on", async () => {
    const admin = await makeAdmin();
    const token = await tokenFor(admin);
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    await makeTransfer({ fromPlayerId: null, toPlayerId: a.id, amountCents: 1_000 });
    const before = { transfers: await countOf(transfers), audit: await countOf(auditLog) };

    await setStatus("frozen");
    const add = { values: { d: nowSec(), fromPlayer: a.id, toPlayer: b.id, amt: 4 } };
    await expectError(await call("POST", "/api/transfers/add", { token, body: add }), 503, LEAGUE_PAUSED);
    expect({ transfers: await countOf(transfers), audit: await countOf(auditLog) }).toEqual(before);

    expect((await call("GET", "/api/players", {})).status).toBe(200);
    const user = await makeUser();
    const login = await call("POST", "/api/users/login", { body: { email: user.email, password: PASSWORD }, ip: uniqueIp() });
    expect(login.status).toBe(200);

    // Moved is refused the same way.
    await setStatus("moved");
    await expectError(await call("POST", "/api/transfers/add", { token, body: add }), 503, LEAGUE_PAUSED);
    expect(await countOf(transfers)).toBe(before.transfers);

    // Thawed at a later epoch: the Worker held the old one, reads the row again and the write goes.
    await setStatus("active");
    const { newId } = await expectStatus(await call("POST", "/api/transfers/add", { token, body: add }), 201);
    expect(await testDb().select().from(transfers).where(eq(transfers.id, newId))).toHaveLength(1);
  });

  it("a lone write and a batch through the binding are refused alike; a page form says so with 503", async () => {
    const db = getDb(withLeagueGuard(env.DB), DEFAULT_LEAGUE_ID);
    await setStatus("frozen");
    const before = await countOf(players);
    expect(
      await refusalOf(db.insert(players).values({ leagueId: DEFAULT_LEAGUE_ID, firstName: "Frozen", lastName: "Out", division: "MA1" })),
    ).toBe("unavailable");
    const batch = db.batch([
      db.insert(players).values({ leagueId: DEFAULT_LEAGUE_ID, firstName: "Frozen", lastName: "Twice", division: "MA1" }),
      db.select().from(players).limit(1),
    ]);
    expect(await refusalOf(batch)).toBe("unavailable");
    expect(await countOf(players)).toBe(before);
    // A read alone is not guarded.
    expect(await db.select().from(players).limit(1)).toBeDefined();

    const body = new FormData();
    body.append("firstName", "Form");
    const answer = await handleForm(new Request("http://localhost/x", { method: "POST", body }), z.object({ firstName: z.string() }), (v) =>
      db.insert(players).values({ leagueId: DEFAULT_LEAGUE_ID, firstName: v.firstName, lastName: "Post", division: "MA1" }),
    );
    expect(answer).toMatchObject({ data: { formError: LEAGUE_PAUSED }, init: { status: 503 } });
    expect(await countOf(players)).toBe(before);
  });
});
