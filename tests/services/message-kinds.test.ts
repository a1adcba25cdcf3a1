import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, makeAce, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { deliver, recordMail } from "../job-fixtures";
import { copiesOf, keysOf, league, notifyJob, playerOf, pushEnv, pushService, pushedNow, subscribe } from "../notice-fixtures";
import { recordQueue } from "../registration-fixtures";
import worker from "../worker";
import { getDb } from "~/.server/db/client";
import { aces, claims, entries, leagues, messagePrefs, rounds, waitlist } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import type { Job } from "~/.server/jobs";
import { publishCards } from "~/.server/services/cards/card-publish";
import { makeRoundCards } from "~/.server/services/cards/card-writes";
import { updateEntries } from "~/.server/services/entries/entry-admin";
import { creditPayouts } from "~/.server/services/entries/payouts";
import { makeNotice } from "~/.server/services/messages/notices";
import { cancelledNotice } from "~/.server/services/messages/round-notices";
import { REMINDER_SECONDS, dueNotices } from "~/.server/services/messages/due-notices";
import type { Channel } from "~/lib/messages/kinds";
import { formatTime } from "~/lib/shared/time";
import type { Notice } from "~/schemas/notices";

// The league's own messages (ADR 49): each kind picks exactly the accounts it concerns — an
// approved claim on the player, unlocked; nobody for a player without an account; never
// another league's — with each one's own words, makes its message once by its key however
// often a job or the cron asks, and reaches the players through the queue consumer by push
// (held in quiet hours but a cancellation's) or mail.

const db = () => testDb();
const CHECK_IN_OPENS = 120 * 60;
const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

async function run(notice: Notice | Record<string, unknown>) {
  const mail = recordMail();
  const service = pushService();
  const { result, ids } = await deliver([{ body: notifyJob(notice) }], { send: mail.send, push: service.push, env: pushEnv });
  expect(result.explicitAcks).toEqual(ids);
  return { mail, service };
}

/** The cron's tick as the Worker runs it; answers the jobs it queued. */
async function tick(): Promise<Job[]> {
  const { jobs, queue } = recordQueue();
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *" }), { ...env, JOBS: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return jobs;
}

const noticesFor = (jobs: Job[], roundId: number) =>
  jobs.flatMap((j) => (j.type === "notify" && "roundId" in j.notice && j.notice.roundId === roundId ? [j.notice] : []));

/** A round starting at `startsAt` with a paid player, an owing one (with a device), and one without an account. */
async function signedUp(startsAt: number) {
  const round = await makeRound({ startsAt });
  const paid = await playerOf(round.id, { entry: { creditUsedCents: 600 } });
  const owing = await playerOf(round.id);
  const nobody = await playerOf(round.id, { account: false });
  const device = await subscribe(owing.user!.id);
  return { round, paid, owing, nobody, device };
}

async function secondLeague() {
  const [row] = await db()
    .insert(leagues)
    .values({ slug: `kinds-${crypto.randomUUID().slice(0, 8)}`, name: "Second League", timeZone: "America/Denver" })
    .returning();
  return row!;
}

describe("the reminder and what is owed", () => {
  it("fire once each in their window and not before; a postponed round reminds again", async () => {
    const startsAt = nowSec() + 30 * DAY;
    const { round } = await signedUp(startsAt);
    const kinds = async (now: number) =>
      (await dueNotices(db(), now)).flatMap((f) =>
        f.kind === "notify" && "roundId" in f.notice && f.notice.roundId === round.id ? [f.notice.kind] : [],
      );
    expect(await kinds(startsAt - REMINDER_SECONDS - 60)).toEqual([]);
    expect(await kinds(startsAt - REMINDER_SECONDS + 60)).toEqual(["reminder"]);
    expect(await kinds(startsAt - CHECK_IN_OPENS + 60)).toEqual(["reminder", "owed"]);
    expect(await kinds(startsAt)).toEqual([]);
    // Made once: the next ticks ask for neither, however many.
    const now = startsAt - CHECK_IN_OPENS + 60;
    for (const f of await dueNotices(db(), now)) if (f.kind === "notify") await makeNotice(db(), f.notice, league, now);
    for (const f of await dueNotices(db(), now)) if (f.kind === "notify") await makeNotice(db(), f.notice, league, now);
    expect(await kinds(now + 60)).toEqual([]);
    expect(await keysOf(`reminder:${round.id}:`)).toEqual([`reminder:${round.id}:${startsAt}`]);
    expect(await keysOf(`owed:${round.id}:`)).toEqual([`owed:${round.id}:${startsAt}`]);
    // Moved a day later: its new start reminds again; a job of the old start makes nothing.
    await db()
      .update(rounds)
      .set({ startsAt: startsAt + DAY })
      .where(eq(rounds.id, round.id));
    expect(await kinds(startsAt + DAY - REMINDER_SECONDS + 60)).toEqual(["reminder"]);
    expect(await makeNotice(db(), { kind: "reminder", roundId: round.id, startsAt }, league, now)).toBeNull();
  });

  it("the cron reminds those signed up 4 hours ahead, saying what each owes, once across ticks", async () => {
    const { round, paid, owing, device } = await signedUp(nowSec() + 3 * 3600);
    const first = noticesFor(await tick(), round.id);
    expect(first).toEqual([{ kind: "reminder", roundId: round.id, startsAt: round.startsAt }]);
    const { mail, service } = await run(first[0]!);
    const copies = await copiesOf(`reminder:${round.id}:`);
    const at = `${round.name} starts at ${formatTime(round.startsAt, league.timeZone)} at ${round.location}.`;
    expect(copies.map((c) => [c.userId, c.body])).toEqual(
      [
        [paid.user!.id, `${at} You are paid.`],
        [owing.user!.id, `${at} You owe $6.00.`],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect(copies.find((c) => c.userId === owing.user!.id)?.status).toBe(pushedNow());
    expect(service.got).toEqual(pushedNow() === "pushed" ? [device.endpoint] : []);
    expect(mail.sent.map((m) => m.to)).toEqual([paid.user!.email]);
    expect(mail.sent[0]?.subject).toBe(`${league.name}: ${round.name}`);
    // The next tick asks nothing more of this round.
    expect(noticesFor(await tick(), round.id)).toEqual([]);
  });

  it("the cron tells the entries still owing when check-in opens, and nobody paid", async () => {
    const { round, owing } = await signedUp(nowSec() + 3600);
    const asked = noticesFor(await tick(), round.id);
    expect(asked.map((n) => n.kind).sort()).toEqual(["owed", "reminder"]);
    await run(asked.find((n) => n.kind === "owed")!);
    const copies = await copiesOf(`owed:${round.id}:`);
    expect(copies.map((c) => [c.userId, c.body])).toEqual([
      [owing.user!.id, `You owe $6.00 for ${round.name}. Pay at check-in or with your credit.`],
    ]);
    await run(asked.find((n) => n.kind === "owed")!);
    expect(await copiesOf(`owed:${round.id}:`)).toHaveLength(1);
  });

  it("never tells of another league's round", async () => {
    const other = await secondLeague();
    const round = await makeRound({ leagueId: other.id, startsAt: nowSec() + 3600 });
    expect(await makeNotice(db(), { kind: "reminder", roundId: round.id, startsAt: round.startsAt }, league)).toBeNull();
    // The cron asks it of its own league only.
    const jobs = (await tick()).flatMap((j) => (j.type === "notify" && "roundId" in j.notice && j.notice.roundId === round.id ? [j] : []));
    expect(jobs.map((j) => j.leagueId)).toEqual([other.id, other.id]);
    expect(await keysOf(`reminder:${round.id}:`)).toEqual([]);
  });
});

describe("results", () => {
  it("tell both partners of a doubles team their place and credit, once per credit that changed something", async () => {
    const round = await makeRound({ doubles: true, startsAt: nowSec() - DAY });
    const entry = (team: number, score: number) => ({ entry: { team, score, division: "MA1" } });
    const [a, b] = [await playerOf(round.id, entry(1, 50)), await playerOf(round.id, entry(1, 50))];
    const [c, d] = [await playerOf(round.id, entry(2, 55)), await playerOf(round.id, { ...entry(2, 55), account: false })];
    expect(await makeNotice(db(), { kind: "results", roundId: round.id }, league)).toBeNull();
    await creditPayouts(db(), round.id);
    for (let i = 0; i < 2; i++) await run({ kind: "results", roundId: round.id });
    const [key] = await keysOf(`results:${round.id}:`);
    expect(await keysOf(`results:${round.id}:`)).toHaveLength(1);
    const copies = await copiesOf(key!);
    const credited = async (playerId: number) =>
      (await db().select({ c: entries.creditedForCents }).from(entries).where(eq(entries.playerId, playerId)))[0]!.c!;
    expect(await credited(a.player.id)).toBeGreaterThan(0);
    expect(copies.map((x) => [x.userId, x.body])).toEqual([
      [a.user!.id, `You placed 1 of 2 in Doubles. $${((await credited(a.player.id)) / 100).toFixed(2)} was credited to your balance.`],
      [b.user!.id, `You placed 1 of 2 in Doubles. $${((await credited(b.player.id)) / 100).toFixed(2)} was credited to your balance.`],
      [c.user!.id, "You placed 2 of 2 in Doubles."],
    ]);
    expect(d.user).toBeNull();
    // A correction credited again is news again.
    const rows = await db().select().from(entries).where(eq(entries.roundId, round.id));
    await updateEntries(
      db(),
      rows.map((e) => ({ id: e.id, version: e.version, value: { score: e.team === 1 ? 60 : 50 } })),
      round.id,
    );
    await creditPayouts(db(), round.id);
    await run({ kind: "results", roundId: round.id });
    const keys = await keysOf(`results:${round.id}:`);
    expect(keys).toHaveLength(2);
    const again = await copiesOf(keys[1]!);
    expect(again.find((x) => x.userId === a.user!.id)?.body).toBe("You placed 2 of 2 in Doubles.");
    expect(again.find((x) => x.userId === c.user!.id)?.body).toMatch(/^You placed 1 of 2 in Doubles\. \$\d+\.\d\d was credited/);
  });

  it("mark a shared place with T and say a player did not finish", async () => {
    const round = await makeRound({ startsAt: nowSec() - DAY });
    const [a, b] = [await playerOf(round.id, { entry: { score: 50 } }), await playerOf(round.id, { entry: { score: 50 } })];
    const c = await playerOf(round.id, { entry: { score: 0, dnf: true } });
    await creditPayouts(db(), round.id);
    const key = await makeNotice(db(), { kind: "results", roundId: round.id }, league);
    const copies = await copiesOf(key!);
    expect(copies.find((x) => x.userId === a.user!.id)?.body).toMatch(/^You placed T1 of 3 in MA1\. \$\d+\.\d\d was credited/);
    expect(copies.find((x) => x.userId === b.user!.id)?.body).toMatch(/^You placed T1 of 3 in MA1\./);
    expect(copies.find((x) => x.userId === c.user!.id)?.body).toBe("You did not finish in MA1.");
  });
});

describe("crediting payouts at the /api", () => {
  it("hands the results over: the queue's consumer tells each entered player, once however often credited", async () => {
    const round = await makeRound({ startsAt: nowSec() - DAY });
    const [first, second] = [await playerOf(round.id, { entry: { score: 48 } }), await playerOf(round.id, { entry: { score: 52 } })];
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    for (let i = 0; i < 2; i++)
      await expectStatus(await call("POST", "/api/admin/entry/creditPayouts", { token, body: { round_id: round.id } }), 200);
    const deadline = Date.now() + 15_000;
    const told = async () => (await copiesOf(`results:${round.id}:`)).filter((c) => c.status === "mailed");
    while ((await told()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await keysOf(`results:${round.id}:`)).toHaveLength(1);
    expect((await told()).map((c) => [c.userId, c.body])).toEqual([
      [first.user!.id, expect.stringMatching(/^You placed 1 of 2 in MA1\. \$\d+\.\d\d was credited to your balance\.$/)],
      [second.user!.id, "You placed 2 of 2 in MA1."],
    ]);
  });
});

describe("a round cancelled", () => {
  it("tells every entered and waitlisted player with an account, pushed even in the quiet hours", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY });
    const entered = await playerOf(round.id);
    const noAccount = await playerOf(round.id, { account: false });
    const waiting = await playerOf(null);
    const left = await playerOf(null);
    for (const [p, status] of [
      [waiting, "waiting"],
      [left, "left"],
    ] as const)
      await db().insert(waitlist).values({
        leagueId: DEFAULT_LEAGUE_ID,
        roundId: round.id,
        playerId: p.player.id,
        userId: p.user!.id,
        division: "MA1",
        status,
      });
    const device = await subscribe(entered.user!.id);
    const notice = cancelledNotice(round.id, "  Storm warning ");
    const key = await makeNotice(db(), notice, league);
    expect(key).toBe(`cancelled:${round.id}:${notice.kind === "cancelled" ? notice.at : 0}`);
    const copies = await copiesOf(key!);
    expect(copies.map((c) => [c.userId, c.body])).toEqual([
      [entered.user!.id, `${round.name} is cancelled: Storm warning. What you paid is back as credit.`],
      [waiting.user!.id, `${round.name} is cancelled: Storm warning.`],
    ]);
    expect(noAccount.user).toBeNull();
    // Through the queue: the same key makes nothing more; the push goes whatever the hour.
    const { mail, service } = await run(notice);
    expect(await copiesOf(key!)).toHaveLength(2);
    expect(service.got).toEqual([device.endpoint]);
    expect(mail.sent.map((m) => m.to)).toEqual([waiting.user!.email]);
    expect((await copiesOf(key!)).map((c) => c.status)).toEqual(["pushed", "mailed"]);
  });
});

describe("an ace", () => {
  async function choose(userId: number, channel: Channel, leagueId = DEFAULT_LEAGUE_ID) {
    await db().insert(messagePrefs).values({ leagueId, userId, kind: "ace", channel });
  }

  it("goes only to the league's members who asked for it, by the channel they chose", async () => {
    const round = await makeRound({ startsAt: nowSec() - 3600, location: "Oak Hollow" });
    const shooter = await makePlayer();
    const [pushes, mails, never, off] = [await playerOf(null), await playerOf(null), await playerOf(null), await playerOf(null)];
    await choose(pushes.user!.id, "push");
    await choose(mails.user!.id, "mail");
    await choose(off.user!.id, "off");
    const device = await subscribe(pushes.user!.id);
    // Asked, but not the league's member; a member of another league who asked there.
    const stranger = await makeUser();
    await choose(stranger.id, "push");
    const other = await secondLeague();
    const elsewhere = await makeUser();
    const theirs = await makePlayer({ leagueId: other.id });
    await getDb(env.DB, other.id)
      .insert(claims)
      .values({ leagueId: other.id, userId: elsewhere.id, playerId: theirs.id, status: "approved" });
    await choose(elsewhere.id, "push", other.id);
    expect(never.user).not.toBeNull();

    const ace = await makeAce({ playerId: shooter.id, amountCents: 500, roundId: round.id });
    const { mail, service } = await run({ kind: "ace", aceId: ace.id, hole: 7 });
    await run({ kind: "ace", aceId: ace.id, hole: 7 });
    const copies = await copiesOf(`ace:${ace.id}`);
    expect(copies.map((c) => c.userId)).toEqual([pushes.user!.id, mails.user!.id].sort((x, y) => x - y));
    for (const c of copies) {
      expect(c.body).toBe(`${name(shooter)} aced hole 7 at Oak Hollow!`);
      expect(c.title).toBe(`${league.name}: ${round.name}`);
    }
    expect(copies.find((c) => c.userId === pushes.user!.id)?.status).toBe(pushedNow());
    expect(service.got).toEqual(pushedNow() === "pushed" ? [device.endpoint] : []);
    expect(mail.sent.map((m) => m.to)).toEqual([mails.user!.email]);

    // Without a round or a hole, the words still stand.
    const loose = await makeAce({ playerId: shooter.id, amountCents: 100 });
    const key = await makeNotice(db(), { kind: "ace", aceId: loose.id }, league);
    expect((await copiesOf(key!)).map((c) => c.body)).toEqual([`${name(shooter)} hit an ace!`, `${name(shooter)} hit an ace!`]);
    // An ace of another league's is not this league's to tell.
    const [theirAce] = [await makeAce({ leagueId: other.id, playerId: theirs.id, amountCents: 100 })];
    expect(await makeNotice(db(), { kind: "ace", aceId: theirAce.id }, league)).toBeNull();
  });

  it("POST /api/ace/add hands it over: the queue's consumer tells who asked, with the hole; a bad hole is a 400", async () => {
    const played = await makeRound({ startsAt: nowSec() - 2 * DAY, aceCents: 100, location: "Pine Ridge" });
    const hitter = await makePlayer();
    await makeEntry({ roundId: played.id, playerId: hitter.id, ace: true });
    for (let i = 0; i < 12; i++) await makeEntry({ roundId: played.id, playerId: (await makePlayer()).id, ace: true });
    const fan = await playerOf(null);
    await choose(fan.user!.id, "mail");
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    const body = (hole: unknown) => ({ values: { d: played.startsAt, player: hitter.id, amt: "1.00", hole } });
    await expectError(await call("POST", "/api/ace/add", { token, body: body(0) }), 400);
    expect(await db().select().from(aces).where(eq(aces.playerId, hitter.id))).toEqual([]);
    const { newId } = await expectStatus<{ newId: number }>(await call("POST", "/api/ace/add", { token, body: body(9) }), 201);
    const deadline = Date.now() + 15_000;
    const mine = async () => (await copiesOf(`ace:${newId}`)).find((c) => c.userId === fan.user!.id);
    while ((await mine())?.status !== "mailed" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // The fan, and those an earlier test made who asked too.
    expect(await mine()).toMatchObject({ body: `${name(hitter)} aced hole 9 at Pine Ridge!`, status: "mailed" });
  });
});

describe("the cards published", () => {
  it("tell a doubles team's both partners, and nobody on a card without an account", async () => {
    const round = await makeRound({ doubles: true, startsAt: nowSec() + 3600 });
    const checkedIn = (team: number) => ({ entry: { checkedInAt: nowSec(), team } });
    const [a, b] = [await playerOf(round.id, checkedIn(1)), await playerOf(round.id, checkedIn(1))];
    const c = await playerOf(round.id, { ...checkedIn(2), account: false });
    const board = await makeRoundCards(db(), round.id, { version: 0 });
    const { jobs, queue } = recordQueue();
    await publishCards(db(), round.id, board.version, { jobs: queue, origin: "http://localhost:8787" });
    await deliver([{ body: jobs[0] }], { send: recordMail().send, push: pushService().push, env: pushEnv });
    const copies = await copiesOf(`cards:${round.id}:`);
    expect(copies.map((x) => x.userId)).toEqual([a.user!.id, b.user!.id]);
    expect(copies[0]!.body).toContain(name(b.player));
    expect(copies[1]!.body).toContain(name(a.player));
    expect(c.user).toBeNull();
  });
});
