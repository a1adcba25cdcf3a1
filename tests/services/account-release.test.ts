import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, getDb, inLeague } from "~/.server/db/client";
import {
  cardMails,
  claims,
  entries,
  leaguePrefs,
  leagues,
  memberships,
  payments,
  players,
  registrationMails,
  revokedSessions,
  rounds,
  waitlist,
} from "~/.server/db/schema";
import { deleteUser } from "~/.server/services/accounts/user-admin";
import { listClaims } from "~/.server/services/players/claims";
import { listPayments } from "~/.server/services/money/payments";
import { personalCalendar } from "~/.server/services/rounds/calendar";
import { runAfterWrite } from "../../workers/after-write";
import { forgetLeagues } from "../../workers/league-directory";
import { withAuditActor } from "../../workers/audit-actor";
import { makeAdmin, makeUser, userRow } from "../auth-fixtures";
import { deliver } from "../job-fixtures";
import { choose, prefsOf, recordQueue } from "../registration-fixtures";
import { nowSec, testDb } from "../fixtures";
import type { Job } from "~/.server/jobs";
import { base64url } from "~/lib/shared/base64url";

// A league's rows name accounts without a foreign key (ADR 46): deleting an account deletes
// the deployment's rows in one batch and queues one job per league, which lets go of it in
// that league's rows only, as the foreign keys' cascades used to; a replayed job changes
// nothing more, and until a league's job runs its pages read the rows naming no one.

// Set-up writes name the system as their actor (tests/books-check.ts), in league B too.
const stamped = withAuditActor(env.DB, () => ({ userId: null, role: "system" }));

let second: number;
let moved: number;
beforeAll(async () => {
  forgetLeagues();
  const made = await testDb()
    .insert(leagues)
    .values([
      { slug: "release-second", name: "Second League", timeZone: "America/Denver" },
      { slug: "release-moved", name: "Moved League", timeZone: "America/Denver", status: "moved" },
    ])
    .returning({ id: leagues.id });
  [second, moved] = made.map((l) => l.id);
});
afterAll(() => forgetLeagues());

/** Everything of `userId` in league `db`: a claim, a record it made, a waitlist place, payments, a check-in, mail marks and choices. */
async function rowsOf(db: Db, userId: number) {
  const leagueId = db.leagueId;
  const base = { leagueId, division: "MA1" };
  const [[player], [own], [round], [other]] = await Promise.all([
    db
      .insert(players)
      .values({ ...base, firstName: "Pat", lastName: `L${leagueId}` })
      .returning(),
    db
      .insert(players)
      .values({ ...base, firstName: "Made", lastName: "ByUser", createdByUserId: userId })
      .returning(),
    db.insert(rounds).values(roundValues(leagueId)).returning(),
    db.insert(rounds).values(roundValues(leagueId)).returning(),
  ]);
  await db.insert(claims).values({ leagueId, userId, playerId: player.id, status: "approved" });
  await db.insert(waitlist).values({ ...base, roundId: other.id, playerId: player.id, userId });
  const [paid] = await db
    .insert(payments)
    .values({ ...base, userId, roundId: round.id, playerId: player.id, method: "paypal", status: "failed", amountCents: 0 })
    .returning();
  const [entry] = await db
    .insert(entries)
    .values({ ...base, roundId: round.id, playerId: player.id })
    .returning();
  await db.update(entries).set({ checkedInAt: 1, checkedInBy: userId }).where(eq(entries.id, entry.id));
  await db.insert(registrationMails).values({ leagueId, roundId: round.id, userId, day: "2026-12-01", mailedAt: 1 });
  await db.insert(cardMails).values({ leagueId, roundId: round.id, userId, publishedAt: 1, mailedAt: 1 });
  await choose(userId, { notifyRegistration: true, calendarToken: token() }, leagueId);
  return { player, own, paid, entry };
}

const roundValues = (leagueId: number) => ({
  leagueId,
  startsAt: nowSec() + 86_400,
  name: "Night",
  location: "Park",
  feePdgaCents: 0,
  feeCourseCents: 0,
  feeOtherCents: 0,
  aceCents: 0,
  payoutCents: 500,
});
const token = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** What a league keeps naming `userId`: everything the job lets go of. */
async function naming(db: Db, userId: number, made: Awaited<ReturnType<typeof rowsOf>>) {
  const [c, w, r, m, p, own, paid, entry] = await Promise.all([
    db
      .select()
      .from(claims)
      .where(and(inLeague(db, claims), eq(claims.userId, userId))),
    db
      .select()
      .from(waitlist)
      .where(and(inLeague(db, waitlist), eq(waitlist.userId, userId))),
    db
      .select()
      .from(registrationMails)
      .where(and(inLeague(db, registrationMails), eq(registrationMails.userId, userId))),
    db
      .select()
      .from(cardMails)
      .where(and(inLeague(db, cardMails), eq(cardMails.userId, userId))),
    db
      .select()
      .from(leaguePrefs)
      .where(and(inLeague(db, leaguePrefs), eq(leaguePrefs.userId, userId))),
    db.select().from(players).where(eq(players.id, made.own.id)),
    db.select().from(payments).where(eq(payments.id, made.paid.id)),
    db.select().from(entries).where(eq(entries.id, made.entry.id)),
  ]);
  return {
    claims: c.length,
    waitlist: w.length,
    registrationMails: r.length,
    cardMails: m.length,
    prefs: p.length,
    recordBy: own[0]?.createdByUserId,
    paymentBy: paid[0]?.userId,
    checkedInBy: entry[0]?.checkedInBy,
  };
}

const all = (userId: number) => ({
  claims: 1,
  waitlist: 1,
  registrationMails: 1,
  cardMails: 1,
  prefs: 1,
  recordBy: userId,
  paymentBy: userId,
  checkedInBy: userId,
});
const none = { claims: 0, waitlist: 0, registrationMails: 0, cardMails: 0, prefs: 0, recordBy: null, paymentBy: null, checkedInBy: null };

describe("deleting an account", () => {
  it("deletes the deployment's rows at once and returns one job per league whose rows are here (a moved league's are not)", async () => {
    const admin = await makeAdmin();
    const user = await makeUser();
    const a = await rowsOf(testDb(), user.id);
    await testDb().insert(memberships).values({ leagueId: second, userId: user.id, role: "director" });
    await env.DB.prepare("insert into revoked_sessions (sid, user_id, expires_at) values (?, ?, ?)")
      .bind(crypto.randomUUID(), user.id, nowSec() + 60)
      .run();

    const done = await deleteUser(testDb(), admin.id, user.id);
    expect(done.followUps).toEqual([{ kind: "release-account", userId: user.id, leagueIds: [1, second] }]);
    expect(done.followUps.some((f) => f.kind === "release-account" && f.leagueIds.includes(moved))).toBe(false);
    expect(await userRow(user.id)).toBeUndefined();
    expect(await testDb().select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);
    expect(await testDb().select().from(revokedSessions).where(eq(revokedSessions.userId, user.id))).toEqual([]);
    // The league's rows wait for its job: until it runs they name an account that is gone.
    expect(await naming(testDb(), user.id, a)).toEqual(all(user.id));

    // The runner queues the jobs, each naming its league and the account.
    const { jobs, queue } = recordQueue();
    await runAfterWrite({ db: testDb(), jobs: queue }, done.followUps);
    expect(jobs).toEqual([
      { type: "release-account", id: expect.any(String), leagueId: 1, userId: user.id },
      { type: "release-account", id: expect.any(String), leagueId: second, userId: user.id },
    ]);
  });

  it("each league's job lets go of the account in its own league only; replayed, it changes nothing more", async () => {
    const admin = await makeAdmin();
    const user = await makeUser();
    const dbB = getDb(stamped, second);
    const [a, b] = [await rowsOf(testDb(), user.id), await rowsOf(dbB, user.id)];
    const { jobs, queue } = recordQueue();
    await runAfterWrite({ db: testDb(), jobs: queue }, (await deleteUser(testDb(), admin.id, user.id)).followUps);
    const [jobA, jobB] = jobs as Extract<Job, { type: "release-account" }>[];

    const first = await deliver([{ body: jobA }]);
    expect(first.retries).toEqual([]);
    expect(await naming(testDb(), user.id, a)).toEqual(none);
    // League B's rows are untouched by A's job.
    expect(await naming(dbB, user.id, b)).toEqual(all(user.id));
    // The player record and its entry are the league's: they stay.
    expect(await testDb().select({ id: players.id }).from(players).where(eq(players.id, a.player.id))).toHaveLength(1);
    expect(await testDb().select({ id: entries.id }).from(entries).where(eq(entries.id, a.entry.id))).toHaveLength(1);

    // A replayed job (the queue delivers at least once) finds nothing left to change.
    const before = await env.DB.prepare("select count(*) as n from audit_log").first<{ n: number }>();
    await deliver([{ body: jobA }]);
    expect(await naming(testDb(), user.id, a)).toEqual(none);
    expect(await env.DB.prepare("select count(*) as n from audit_log").first<{ n: number }>()).toEqual(before);

    expect((await deliver([{ body: jobB }])).retries).toEqual([]);
    expect(await naming(dbB, user.id, b)).toEqual(none);
  });

  it("until its job runs, the league's pages read rows naming an account that is gone as no one's", async () => {
    const admin = await makeAdmin();
    const user = await makeUser();
    const made = await rowsOf(testDb(), user.id);
    const feed = (await prefsOf(user.id))?.calendarToken ?? "";
    await deleteUser(testDb(), admin.id, user.id);
    // Claims to decide, the payments list, and the account's calendar feed (gone with the account at once).
    expect((await listClaims(testDb())).some((c) => c.userId === user.id)).toBe(false);
    const history = await listPayments(testDb(), { userId: user.id });
    expect(history.find((p) => p.id === made.paid.id)).toMatchObject({ userId: user.id, userName: null });
    const league = {
      id: 1,
      slug: "league",
      name: "Test",
      timeZone: "America/Chicago",
      status: "active" as const,
      epoch: 0,
      isDefault: true,
      suspendedAt: null,
      closedAt: null,
    };
    expect(await personalCalendar(testDb(), feed, { league, origin: "http://localhost" })).toBeNull();
  });
});
