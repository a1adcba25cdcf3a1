import { env } from "cloudflare:workers";
import { readsAccounts, recording } from "../d1-recorder";
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { getDb } from "~/.server/db/client";
import { auditActor, auditLog, entries, transfers, users } from "~/.server/db/schema";
import { withAuditActor } from "../../workers/audit-actor";
import { openRequest } from "../../workers/request-scope";
import { sessionOfClaims } from "~/.server/auth/current-user";
import { requestClaims } from "~/.server/auth/session";
import { writtenOutsideTheApp } from "../books-check";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// The audit log's mechanism (ADR 20): triggers record every money change, the app's D1
// binding names the actor for the batch, and nothing can change or remove a row.

const rowsFor = (table: string, rowId: number) =>
  testDb().select().from(auditLog).where(sql`${auditLog.tableName} = ${table} and ${auditLog.rowId} = ${rowId}`).orderBy(auditLog.id);

describe("audit log", () => {
  it("records an admin's transfer through the /api with the admin as actor, before and after", async () => {
    const admin = await makeUser({ isAdmin: true });
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    await makeTransfer({ fromPlayerId: null, toPlayerId: a.id, amountCents: 1_000 });
    const token = await tokenFor(admin);
    const { newId } = await expectStatus(
      await call("POST", "/api/transfers/add", { token, body: { values: { d: nowSec(), fromPlayer: a.id, toPlayer: b.id, amt: 4 } } }),
      201,
    );
    const [added] = await rowsFor("transfers", newId);
    expect(added).toMatchObject({
      action: "insert",
      actorUserId: admin.id,
      actorName: admin.name,
      actorRole: "admin",
      playerId: a.id,
      otherPlayerId: b.id,
      before: null,
    });
    expect(JSON.parse(added?.after ?? "{}")).toMatchObject({ amt_cents: 400, from_player_id: a.id, to_player_id: b.id });

    await expectStatus(await call("POST", "/api/transfers/delete", { token, body: { id: newId } }), 200);
    const [, gone] = await rowsFor("transfers", newId);
    expect(gone).toMatchObject({ action: "delete", actorUserId: admin.id, after: null });
    expect(JSON.parse(gone?.before ?? "{}")).toMatchObject({ amt_cents: 400 });
    // The actor row lives only inside the batch that set it.
    expect(await testDb().select().from(auditActor)).toEqual([]);
  });

  it("a request's money write names its actor as the session it verified read them, however the account is renamed after", async () => {
    const admin = await makeUser({ isAdmin: true, name: `Verified ${Math.random().toString(36).slice(2, 8)}` });
    const p = await makePlayer();
    const request = new Request("http://localhost/api/x", { headers: { Authorization: `Bearer ${await tokenFor(admin)}` } });
    const open = openRequest(request, env);
    const db = getDb(open.db, DEFAULT_LEAGUE_ID);
    const claims = await requestClaims(env, request);
    expect(await sessionOfClaims(db, claims!, DEFAULT_LEAGUE_ID)).not.toBeNull();
    await testDb().update(users).set({ name: "Renamed Meanwhile" }).where(eq(users.id, admin.id));
    const [t] = await db
      .insert(transfers)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), fromPlayerId: null, toPlayerId: p.id, amountCents: 5 })
      .returning();
    expect((await rowsFor("transfers", t!.id))[0]).toMatchObject({ actorUserId: admin.id, actorName: admin.name, actorRole: "admin" });

    // A request that verified no session names the account by its id only (the log shows "user #id").
    const unverified = getDb(openRequest(request, env).db, DEFAULT_LEAGUE_ID);
    const [u] = await unverified
      .insert(transfers)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), fromPlayerId: null, toPlayerId: p.id, amountCents: 5 })
      .returning();
    expect((await rowsFor("transfers", u!.id))[0]).toMatchObject({ actorUserId: admin.id, actorName: null });
  });

  it("records each changed money field of an entry in a batch, and nothing for a field that is not money", async () => {
    const round = await makeRound();
    const entry = await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id, creditAddedCents: 0 });
    const db = getDb(
      withAuditActor(env.DB, () => ({ userId: 42, role: "admin" })),
      DEFAULT_LEAGUE_ID,
    );
    await db.batch([
      db.update(transfers).set({ description: "x" }).where(eq(transfers.id, -1)),
      db.update(entries).set({ creditAddedCents: 725 }).where(eq(entries.id, entry.id)),
    ]);
    await db.update(entries).set({ rating: 900 }).where(eq(entries.id, entry.id));
    const rows = await rowsFor("entries", entry.id);
    const update = rows.filter((r) => r.action === "update");
    expect(update).toHaveLength(1);
    expect(update[0]).toMatchObject({ actorUserId: 42, actorRole: "admin", roundId: round.id, playerId: entry.playerId });
    expect(JSON.parse(update[0]?.before ?? "{}").credit_added_cents).toBe(0);
    expect(JSON.parse(update[0]?.after ?? "{}").credit_added_cents).toBe(725);
  });

  it("names the actor from what the Worker wrote with it: no trigger nor statement reads users, a later rename leaves the row", async () => {
    const triggers = await env.DB.prepare("select name, sql from sqlite_master where type = 'trigger'").all<{
      name: string;
      sql: string;
    }>();
    expect(triggers.results.length).toBeGreaterThan(20);
    expect(triggers.results.filter((t) => /\busers\b/i.test(t.sql)).map((t) => t.name)).toEqual([]);

    const admin = await makeUser({ isAdmin: true, name: `Actor ${Math.random().toString(36).slice(2, 8)}` });
    const entry = await makeEntry({ roundId: (await makeRound()).id, playerId: (await makePlayer()).id, creditAddedCents: 0 });
    // The name is the one the request's verified session read: the statement binds it.
    const rec = recording(env.DB);
    const db = getDb(
      withAuditActor(rec.db, () => ({ userId: admin.id, role: "admin", name: admin.name })),
      DEFAULT_LEAGUE_ID,
    );
    await db.update(entries).set({ creditAddedCents: 300 }).where(eq(entries.id, entry.id));
    expect(rec.sent.filter((s) => readsAccounts(s.sql))).toEqual([]);
    await testDb().update(users).set({ name: "Renamed Later" }).where(eq(users.id, admin.id));
    const [, update] = await rowsFor("entries", entry.id);
    expect(update).toMatchObject({ action: "update", actorUserId: admin.id, actorName: admin.name });
  });

  it("a single write answers as it would without the actor (returning rows, run)", async () => {
    const p = await makePlayer();
    const db = getDb(
      withAuditActor(env.DB, () => ({ userId: null, role: "system" })),
      DEFAULT_LEAGUE_ID,
    );
    const [row] = await db
      .insert(transfers)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: 1, fromPlayerId: null, toPlayerId: p.id, amountCents: 99 })
      .returning();
    expect(row).toMatchObject({ toPlayerId: p.id, amountCents: 99 });
    // D1 counts the trigger's audit row in `changes`, with or without the actor.
    const res = await db
      .delete(transfers)
      .where(eq(transfers.id, row?.id ?? 0))
      .run();
    expect(res.success).toBe(true);
    expect(
      await testDb()
        .select()
        .from(transfers)
        .where(eq(transfers.id, row?.id ?? 0)),
    ).toEqual([]);
    const [log] = await testDb().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(log).toMatchObject({ tableName: "transfers", action: "delete", actorRole: "system", actorUserId: null });
  });

  it("a write outside the app is recorded with no actor", async () => {
    const p = await makePlayer();
    const [t] = await getDb(env.DB, DEFAULT_LEAGUE_ID)
      .insert(transfers)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), toPlayerId: p.id, amountCents: 10 })
      .returning();
    const [row] = await rowsFor("transfers", t?.id ?? 0);
    writtenOutsideTheApp([row?.id ?? 0]);
    expect(row).toMatchObject({ action: "insert", actorUserId: null, actorRole: null });
  });

  it("no statement can change or delete an audit row", async () => {
    const p = await makePlayer();
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 10 });
    const before = await testDb().select().from(auditLog);
    await expect(env.DB.prepare("update audit_log set actor_name = 'x'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("delete from audit_log").run()).rejects.toThrow(/append-only/);
    expect(await testDb().select().from(auditLog)).toEqual(before);
  });
});
