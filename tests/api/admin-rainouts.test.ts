// Cancel and restore through the /api (ADR 50): whoever runs the night may call a round off
// and undo it; each give-back and the step itself carry who did it in the audit log; a player,
// a visitor and another league's round are refused, and bad bodies change nothing.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeMember, makeUser, tokenFor } from "../auth-fixtures";
import { balanceOf, makeRound, nowSec, testDb } from "../fixtures";
import { makeLeague } from "../message-fixtures";
import { expectBooksBalance, paidEntry } from "../money-fixtures";
import { auditLog, rounds } from "~/.server/db/schema";
import { RAINOUT_AUDIT_TABLE } from "~/.server/services/rainouts/rainout-sql";
import { CANCEL_MESSAGES, RESTORE_MESSAGES } from "~/lib/rainouts/messages";
import { auditLogPage } from "~/.server/services/audit/audit-log";

const roundRow = async (id: number) => (await testDb().select().from(rounds).where(eq(rounds.id, id)))[0];

describe("POST /api/admin/rounds/{id}/cancel and /restore", () => {
  it("a director cancels and restores; every money row and the steps name them", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const director = await makeMember("director");
    const token = await tokenFor(director);
    const res = await call("POST", `/api/admin/rounds/${w.round.id}/cancel`, { token, body: { reason: "  lightning  " } });
    const body = await expectStatus(res, 200);
    expect(body.message).toBe(CANCEL_MESSAGES.done(w.round.name, 617, 1));
    expect(body.cancelled).toMatchObject({ roundId: w.round.id, reason: "lightning", total: 6.17 });
    expect(await roundRow(w.round.id)).toMatchObject({ cancelReason: "lightning" });
    expect(await balanceOf(w.player.id)).toBe(617);

    const rows = await testDb()
      .select({ table: auditLog.tableName, action: auditLog.action, userId: auditLog.actorUserId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.roundId, w.round.id), sql`${auditLog.tableName} in ('transfers', ${RAINOUT_AUDIT_TABLE})`));
    const transfersIn = await testDb().all<{ n: number }>(
      sql`select count(*) as n from audit_log where table_name = 'transfers' and action = 'insert' and actor_user_id = ${director.id}
        and after like ${`%"to_player_id":${w.player.id}%`}`,
    );
    expect(Number(transfersIn[0]?.n)).toBe(2);
    const step = rows.find((r) => r.table === RAINOUT_AUDIT_TABLE);
    expect(step).toMatchObject({ userId: director.id });
    expect(JSON.parse(step!.after!)).toMatchObject({ step: "cancelled", reason: "lightning", acesStand: false });
    const log = await auditLogPage(testDb(), {}, { timeZone: "America/Chicago", pageSize: 200 });
    expect(log.entries.some((r) => r.what === `Round cancelled · ${w.round.name}`)).toBe(true);

    const again = await call("POST", `/api/admin/rounds/${w.round.id}/cancel`, { token, body: { reason: "weather" } });
    await expectError(again, 409, CANCEL_MESSAGES.already(w.round.name));

    const restored = await expectStatus(await call("POST", `/api/admin/rounds/${w.round.id}/restore`, { token }), 200);
    expect(restored.message).toBe(RESTORE_MESSAGES.done(w.round.name));
    expect(await balanceOf(w.player.id)).toBe(0);
    const deleted = await testDb().all<{ n: number }>(
      sql`select count(*) as n from audit_log where table_name = 'transfers' and action = 'delete' and actor_user_id = ${director.id}
        and before like ${`%"to_player_id":${w.player.id}%`}`,
    );
    expect(Number(deleted[0]?.n)).toBe(2);
    await expectError(
      await call("POST", `/api/admin/rounds/${w.round.id}/restore`, { token }),
      409,
      RESTORE_MESSAGES.notCancelled(w.round.name),
    );
    await expectBooksBalance();
  });

  it("refuses a player, a visitor, another league's round and bad bodies, changing nothing", async () => {
    const round = await makeRound({ startsAt: nowSec() + 86_400 });
    const director = await makeMember("director");
    const token = await tokenFor(director);
    const player = await tokenFor(await makeUser());
    await expectStatus(await call("POST", `/api/admin/rounds/${round.id}/cancel`, { token: player, body: { reason: "weather" } }), 403);
    await expectStatus(await call("POST", `/api/admin/rounds/${round.id}/cancel`, { body: { reason: "weather" } }), 401);
    const other = await makeLeague("Other Rain League");
    const theirs = await makeRound({ leagueId: other.id, startsAt: nowSec() + 86_400 });
    await expectError(await call("POST", `/api/admin/rounds/${theirs.id}/cancel`, { token, body: { reason: "weather" } }), 404);
    await expectError(await call("POST", `/api/admin/rounds/${theirs.id}/restore`, { token }), 404);
    for (const bad of [
      {},
      { reason: "" },
      { reason: "   " },
      { reason: "x".repeat(81) },
      { reason: "rain\u0000" },
      { reason: "rain", acesStand: "yes" },
      { reason: "rain", more: 1 },
    ]) {
      await expectStatus(await call("POST", `/api/admin/rounds/${round.id}/cancel`, { token, body: bad }), 400);
    }
    expect((await roundRow(round.id))?.cancelledAt).toBeNull();
    expect((await testDb().select().from(rounds).where(eq(rounds.id, theirs.id)))[0]?.cancelledAt).toBeNull();
  });
});
