import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { makePlayer, makeRound, nowSec, testDb, uniq } from "../fixtures";
import { getDb } from "~/.server/db/client";
import { aces, entries, paymentRefunds, payments, players, rounds, transfers } from "~/.server/db/schema";
import { type ActorRole, withAuditActor } from "../../workers/audit-actor";
import { lastAuditRowId, writtenOutsideTheApp } from "../books-check";
import { auditLogPage, playerMoneyHistory, userMoneyChanges } from "~/.server/services/audit/audit-log";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// Reading the audit log (ADR 20): each kind of row in an organiser's words, the filters by
// player (either side), round and actor, and paging newest first.

const TZ = "America/Chicago";
/** Writes as the Worker makes them: the actor's id and the name its session read (ADR 46). */
const as = (who: { id: number; name: string } | null, role: ActorRole) =>
  getDb(
    withAuditActor(env.DB, () => ({ userId: who?.id ?? null, role, name: who?.name ?? null })),
    DEFAULT_LEAGUE_ID,
  );
const page = (filter: Parameters<typeof auditLogPage>[1], opts: { page?: number; pageSize?: number } = {}) =>
  auditLogPage(testDb(), filter, { ...opts, timeZone: TZ });
const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

describe("the audit log in words", () => {
  it("an entry signed up by a player, then credited by an admin: what, who, and only what changed", async () => {
    const [admin, user] = await Promise.all([makeUser({ isAdmin: true }), makeUser()]);
    const [ann, round] = await Promise.all([makePlayer(), makeRound({ name: "Week 5" })]);
    const [entry] = await as(user, "player")
      .insert(entries)
      .values({ leagueId: DEFAULT_LEAGUE_ID, roundId: round.id, playerId: ann.id, division: "MA2", ace: true, creditUsedCents: 600 })
      .returning();
    await as(admin, "admin").update(entries).set({ payoutCents: 900, creditAddedCents: 725 }).where(eq(entries.id, entry!.id));

    const { entries: log } = await page({ playerId: ann.id });
    expect(log.map((e) => e.action)).toEqual(["Changed", "Added"]);
    const [credited, added] = log;
    expect(credited).toMatchObject({
      what: `Entry · ${name(ann)} in Week 5`,
      actor: { userId: admin.id, name: admin.name, role: "admin" },
      changes: [
        { field: "payout", before: "$0.00", after: "$9.00" },
        { field: "credit added", before: "$0.00", after: "$7.25" },
      ],
    });
    expect(added).toMatchObject({
      actor: { userId: user.id, name: user.name, role: "player" },
      changes: [
        { field: "division", before: null, after: "MA2" },
        { field: "ace", before: null, after: "on" },
        { field: "credit used", before: null, after: "$6.00" },
      ],
    });
    expect(added?.when).toMatch(/^\d\d\/\d\d\/\d\d, \d{1,2}:\d\d [AP]M$/);
  });

  it("a transfer names both sides (the league when one is empty), and a removed one what it held", async () => {
    const [admin, from, to] = await Promise.all([makeUser({ isAdmin: true }), makePlayer(), makePlayer()]);
    const db = as(admin, "admin");
    await db.insert(transfers).values({
      leagueId: DEFAULT_LEAGUE_ID,
      date: nowSec(),
      fromPlayerId: null,
      toPlayerId: from.id,
      amountCents: 1_000,
      description: "Cash in",
    });
    const [t] = await db
      .insert(transfers)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), fromPlayerId: from.id, toPlayerId: to.id, amountCents: 400 })
      .returning();
    await db.update(transfers).set({ toPlayerId: from.id, fromPlayerId: to.id }).where(eq(transfers.id, t!.id));
    await db.delete(transfers).where(eq(transfers.id, t!.id));

    const log = (await page({ playerId: to.id })).entries;
    expect(log.map((e) => [e.what, e.action])).toEqual([
      [`Transfer · ${name(to)} → ${name(from)}`, "Removed"],
      [`Transfer · ${name(to)} → ${name(from)}`, "Changed"],
      [`Transfer · ${name(from)} → ${name(to)}`, "Added"],
    ]);
    expect(log[0]?.changes).toContainEqual({ field: "amount", before: "$4.00", after: null });
    expect(log[1]?.changes).toEqual([
      { field: "from", before: name(from), after: name(to) },
      { field: "to", before: name(to), after: name(from) },
    ]);
    const [cashIn] = (await page({ playerId: from.id })).entries.slice(-1);
    expect(cashIn).toMatchObject({ what: `Transfer · league → ${name(from)}` });
    expect(cashIn?.changes).toContainEqual({ field: "description", before: null, after: "Cash in" });
  });

  it("aces, payments, refunds and a round's fees, each in its own words", async () => {
    const [admin, ann, round] = await Promise.all([makeUser({ isAdmin: true }), makePlayer(), makeRound({ name: "Week 6" })]);
    const db = as(admin, "admin");
    const [ace] = await db
      .insert(aces)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), playerId: ann.id, roundId: round.id, amountCents: 300 })
      .returning();
    await db.delete(aces).where(eq(aces.id, ace!.id));
    const [pay] = await as(null, "paypal")
      .insert(payments)
      .values({
        leagueId: DEFAULT_LEAGUE_ID,
        roundId: round.id,
        playerId: ann.id,
        method: "paypal",
        status: "created",
        amountCents: 417,
        division: "MA1",
      })
      .returning();
    await as(null, "paypal").update(payments).set({ status: "completed", providerFeeCents: 64 }).where(eq(payments.id, pay!.id));
    await as(null, "system")
      .insert(paymentRefunds)
      .values({ leagueId: DEFAULT_LEAGUE_ID, paymentId: pay!.id, kind: "refund", providerRefundId: `R-${pay!.id}`, amountCents: 417 });
    await db.update(rounds).set({ feePdgaCents: 100 }).where(eq(rounds.id, round.id));

    const log = (await page({ roundId: round.id })).entries;
    expect(log.map((e) => [e.what, e.action, e.actor.name])).toEqual([
      ["Round Week 6 fees", "Changed", admin.name],
      [`Refund of payment #${pay!.id}`, "Added", "System"],
      [`Payment #${pay!.id} · PayPal`, "Changed", "PayPal"],
      [`Payment #${pay!.id} · PayPal`, "Added", "PayPal"],
      [`Ace · ${name(ann)}`, "Removed", admin.name],
      [`Ace · ${name(ann)}`, "Added", admin.name],
    ]);
    expect(log[0]?.changes).toEqual([{ field: "PDGA fee", before: "$0.50", after: "$1.00" }]);
    expect(log[1]).toMatchObject({ context: `${name(ann)} in Week 6` });
    expect(log[1]?.changes).toContainEqual({ field: "amount", before: null, after: "$4.17" });
    expect(log[2]?.changes).toEqual([
      { field: "status", before: "created", after: "completed" },
      { field: "PayPal fee", before: "none", after: "$0.64" },
    ]);
    expect(log[4]).toMatchObject({ context: "Week 6" });
  });

  it("an ace moved to another player and round names the ones it left, read with the page", async () => {
    const [admin, ann, bob] = await Promise.all([makeUser({ isAdmin: true }), makePlayer(), makePlayer()]);
    const [first, second] = await Promise.all([makeRound({ name: `Week ${uniq()}` }), makeRound({ name: `Week ${uniq()}` })]);
    const db = as(admin, "admin");
    const [ace] = await db
      .insert(aces)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), playerId: ann.id, roundId: first.id, amountCents: 300 })
      .returning();
    await db.update(aces).set({ playerId: bob.id, roundId: second.id }).where(eq(aces.id, ace!.id));

    // Filtered by the player it moved to: the row's joins name only the new player and round.
    const [moved] = (await page({ playerId: bob.id })).entries;
    expect(moved?.changes).toEqual(
      expect.arrayContaining([
        { field: expect.stringMatching(/player/i), before: name(ann), after: name(bob) },
        { field: expect.stringMatching(/round/i), before: first.name, after: second.name },
      ]),
    );
  });

  it("a write outside the app and a visitor's are named as such", async () => {
    const p = await makePlayer();
    // Straight to D1, as an operator's command would: no actor.
    await getDb(env.DB, DEFAULT_LEAGUE_ID)
      .insert(transfers)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), toPlayerId: p.id, amountCents: 5 });
    writtenOutsideTheApp([await lastAuditRowId()]);
    await as(null, "visitor").insert(transfers).values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), toPlayerId: p.id, amountCents: 6 });
    const log = (await page({ playerId: p.id })).entries;
    expect(log.map((e) => e.actor)).toEqual([
      { userId: null, name: "Visitor (not logged in)", role: "visitor" },
      { userId: null, name: "Outside the app", role: null },
    ]);
  });

  it("names a deleted round and a deleted player by their id", async () => {
    const [p, round] = await Promise.all([makePlayer(), makeRound()]);
    const [entry] = await as(null, "system")
      .insert(entries)
      .values({ leagueId: DEFAULT_LEAGUE_ID, roundId: round.id, playerId: p.id, division: "MA1" })
      .returning();
    await testDb().delete(rounds).where(eq(rounds.id, round.id)); // its entries go with it (cascade)
    const log = (await page({ roundId: round.id })).entries;
    expect(log.map((e) => [e.what, e.action])).toEqual([
      [`Entry · ${name(p)} in round #${round.id}`, "Removed"],
      [`Entry · ${name(p)} in round #${round.id}`, "Added"],
    ]);
    expect(log[0]?.rowId).toBe(entry!.id);
    const gone = await makePlayer();
    const [t] = await as(null, "system")
      .insert(transfers)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), toPlayerId: gone.id, amountCents: 5 })
      .returning();
    await as(null, "system").delete(transfers).where(eq(transfers.id, t!.id));
    await testDb().delete(players).where(eq(players.id, gone.id));
    expect((await page({ playerId: gone.id })).entries.map((e) => e.what)).toEqual([
      `Transfer · league → player #${gone.id}`,
      `Transfer · league → player #${gone.id}`,
    ]);
  });
});

describe("filters and paging", () => {
  it("a player's filter finds either side of a transfer, a round's and an actor's only theirs", async () => {
    const [a, b, c] = await Promise.all([makeUser({ isAdmin: true }), makeUser({ isAdmin: true }), makePlayer()]);
    const [p, q, r1, r2] = await Promise.all([makePlayer(), makePlayer(), makeRound(), makeRound()]);
    await as(a, "admin")
      .insert(transfers)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), fromPlayerId: null, toPlayerId: p.id, amountCents: 500 });
    await as(b, "admin")
      .insert(transfers)
      .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), fromPlayerId: p.id, toPlayerId: q.id, amountCents: 100 });
    await as(a, "admin").insert(entries).values({ leagueId: DEFAULT_LEAGUE_ID, roundId: r1.id, playerId: p.id, division: "MA1" });
    await as(b, "admin").insert(entries).values({ leagueId: DEFAULT_LEAGUE_ID, roundId: r2.id, playerId: q.id, division: "MA1" });
    await as(b, "admin").insert(entries).values({ leagueId: DEFAULT_LEAGUE_ID, roundId: r1.id, playerId: c.id, division: "MA1" });

    const whats = async (f: Parameters<typeof page>[0]) => (await page(f)).entries.map((e) => e.what);
    expect(await whats({ playerId: q.id })).toEqual([expect.stringMatching(/^Entry · /), `Transfer · ${name(p)} → ${name(q)}`]);
    expect(await whats({ playerId: p.id })).toHaveLength(3);
    expect(await whats({ roundId: r1.id })).toEqual([`Entry · ${name(c)} in ${r1.name}`, `Entry · ${name(p)} in ${r1.name}`]);
    expect(await whats({ actorId: a.id })).toEqual([`Entry · ${name(p)} in ${r1.name}`, `Transfer · league → ${name(p)}`]);
    expect(await whats({ actorId: b.id, roundId: r1.id })).toEqual([`Entry · ${name(c)} in ${r1.name}`]);
    expect(await whats({ playerId: p.id, actorId: b.id })).toEqual([`Transfer · ${name(p)} → ${name(q)}`]);
    expect(await whats({ playerId: q.id, roundId: r1.id })).toEqual([]);
  });

  it("pages newest first: each page the next rows, none twice, and whether an older page follows", async () => {
    const p = await makePlayer();
    const db = as(null, "system");
    for (let i = 1; i <= 5; i++)
      await db.insert(transfers).values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), toPlayerId: p.id, amountCents: i * 100 });
    const amounts = async (n: number) => {
      const got = await page({ playerId: p.id }, { page: n, pageSize: 2 });
      return [got.entries.map((e) => e.changes.find((c) => c.field === "amount")?.after), got.hasMore];
    };
    expect(await amounts(1)).toEqual([["$5.00", "$4.00"], true]);
    expect(await amounts(2)).toEqual([["$3.00", "$2.00"], true]);
    expect(await amounts(3)).toEqual([["$1.00"], false]);
    expect(await amounts(4)).toEqual([[], false]);
    const all = await page({}, { pageSize: 3 });
    expect(all.entries.map((e) => e.id)).toEqual([...all.entries.map((e) => e.id)].sort((x, y) => y - x));
  });

  it("a user's and a player's latest changes: at most ten, newest first", async () => {
    const [admin, p] = await Promise.all([makeUser({ isAdmin: true }), makePlayer()]);
    for (let i = 1; i <= 12; i++)
      await as(admin, "admin").insert(transfers).values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), toPlayerId: p.id, amountCents: i });
    const [mine, theirs] = await Promise.all([userMoneyChanges(testDb(), admin.id, TZ), playerMoneyHistory(testDb(), p.id, TZ)]);
    for (const h of [mine, theirs]) {
      expect(h.entries).toHaveLength(10);
      expect(h.hasMore).toBe(true);
      expect(h.entries[0]?.changes).toContainEqual({ field: "amount", before: null, after: "$0.12" });
    }
  });
});
