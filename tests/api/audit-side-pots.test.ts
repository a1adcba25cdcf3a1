// Who changed a side pot's money (ADR 20, ADR 30): a CTP mark, the organiser's settle and an
// owed buy-in, each made through the app, leave audit rows naming whoever made them, never
// "Outside the app". And the app's list of audited tables is the database's: every table
// that carries an audit trigger is stamped with the actor.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeLiveRound, change, postOk } from "../live-fixtures";
import { makeTransfer, testDb, uniq } from "../fixtures";
import { auditRowsAfter, lastAuditId, postPage } from "./audit-harness";
import { sidePots } from "~/.server/db/schema";
import { eq } from "drizzle-orm";
import { AUDITED_TABLES } from "../../workers/audit-actor";

const SIDE_POT_TABLES = ["side_pot_players", "side_pot_marks", "side_pot_wins"];

describe("side pots in the audit log", () => {
  it("names the admin for a buy-in owed and a settle, and the player for a CTP mark", async () => {
    const live = await makeLiveRound([2, 1]);
    const [a, b] = live.cards[0].players;
    const [c] = live.cards[1].players;
    const roundId = live.round.id;
    const night = (form: Record<string, string>) => postPage(`/admin/round/night/${roundId}`, form, live.adminToken);
    const name = `CTP ${uniq()}`;
    expect((await night({ intent: "addPot", name, kind: "ctp", buy_in: "2", holes: "3, 7" })).status).toBe(200);
    const [pot] = await testDb().select().from(sidePots).where(eq(sidePots.name, name));
    await makeTransfer({ fromPlayerId: null, toPlayerId: a.player.id, amountCents: 500 });

    let mark = await lastAuditId();
    // a from credit; b and c owe their buy-ins, paid at the course.
    const join = (entryId: number, fromCredit: boolean) =>
      night({
        intent: "potPlayer",
        pot_id: String(pot.id),
        entry_id: String(entryId),
        join: "1",
        ...(fromCredit ? { from_credit: "on" } : {}),
      });
    for (const [x, fromCredit] of [
      [a, true],
      [b, false],
      [c, false],
    ] as const)
      expect((await join(x.entry.id, fromCredit)).status).toBe(200);
    const joined = await auditRowsAfter(mark);
    expect(joined.filter((r) => r.tableName === "side_pot_players")).toHaveLength(3);
    for (const r of joined) expect([r.tableName, r.actorUserId, r.actorRole]).toEqual([r.tableName, live.admin.id, "admin"]);

    // B's card scores hole 3, then a marks their cardmate b on it.
    await postOk(roundId, a.token, [change.strokes(a.entry.id, 3, 3), change.strokes(b.entry.id, 3, 2)]);
    mark = await lastAuditId();
    const marked = await postPage(
      `/rounds/${roundId}/score`,
      { intent: "ctp", pot_id: String(pot.id), hole: "3", entry_id: String(b.entry.id), distance: "1.2" },
      a.token,
    );
    expect(marked.status, await marked.clone().text()).toBe(200);
    const marks = (await auditRowsAfter(mark)).filter((r) => r.tableName === "side_pot_marks");
    expect(marks.map((r) => [r.action, r.actorUserId, r.actorRole])).toEqual([["insert", a.user.id, "player"]]);

    // The organiser settles hole 7 as a tie between a and c.
    mark = await lastAuditId();
    const settled = await night({
      intent: "settleHole",
      pot_id: String(pot.id),
      hole: "7",
      winner: String(a.entry.id),
      tie_with: String(c.entry.id),
    });
    expect(settled.status, await settled.clone().text()).toBe(200);
    const settles = (await auditRowsAfter(mark)).filter((r) => SIDE_POT_TABLES.includes(r.tableName));
    expect(settles.length).toBeGreaterThan(0);
    for (const r of settles) expect([r.tableName, r.actorUserId, r.actorRole]).toEqual([r.tableName, live.admin.id, "admin"]);
  });

  it("stamps every table that carries an audit trigger, and no other", async () => {
    const { results } = await env.DB.prepare(
      "select distinct tbl_name as t from sqlite_master where type = 'trigger' and (sql like '%INSERT INTO audit_log%' or name = 'tag_moves_actor')",
    ).all<{ t: string }>();
    expect([...AUDITED_TABLES].sort()).toEqual(results.map((r) => r.t).sort());
  });
});
