// The isolation suite's leagues (ADR 46): league A twice — the default league, served at the
// root, and a league of its own under /l/same-night — and league B under /l/same-night-b,
// each with a full set of rows made the same way. B's text carries SENTINEL wherever a page
// could show it; A's rows share B's names where they can ("Sam Same", "Week Same", the same
// PayPal order and capture ids, the same course), and every league has the same settings.
// B's people: a player (an approved claim in B), a director, an admin and the owner, none
// with a role or a claim in either A; and A's owner (of both A's), who has nothing in B.
import { choose } from "../registration-fixtures";
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { makeUser, tokenFor } from "../auth-fixtures";
import { PAR_56 } from "../course-fixtures";
import { DAY, nowSec } from "../fixtures";
import { MISSING_ID, type Targets } from "../hostile/targets";
import type { ActionTargets } from "../hostile/action-routes";
import { withAuditActor } from "../../workers/audit-actor";
import { forgetLeagues } from "../../workers/league-directory";
import type { Session } from "~/.server/auth/current-user";
import { signMessageOff, signUnsubscribe } from "~/.server/auth/unsubscribe-link";
import { type Db, getDb } from "~/.server/db/client";
import {
  DEFAULT_LEAGUE_ID,
  aces,
  cardMails,
  cardPlayers,
  cards,
  claims,
  entries,
  leagueInvites,
  leagueSettings,
  memberships,
  paymentRefunds,
  payments,
  players,
  registrationMails,
  rounds,
  tagMoves,
  transfers,
  waitlist,
} from "~/.server/db/schema";
import { createCourse } from "~/.server/services/courses/courses";
import { createLayout } from "~/.server/services/courses/layouts";
import { choosePot } from "~/.server/services/entries/pot-opt-in";
import { creditPayouts } from "~/.server/services/entries/payouts";
import { ensureCalendarToken } from "~/.server/services/rounds/calendar";
import { hashResetToken } from "~/.server/services/accounts/password-reset";
import { newJoinCode } from "~/lib/accounts/join-codes";
import { addPot } from "~/.server/services/sidepots/side-pots";
import type { LeagueRole } from "~/lib/accounts/roles";

/** In every text of league B a page could show; never in anything of A's. */
export const SENTINEL = "ZqBkestrel";

/** League ids far from every row id: a bound value that equals one names that league and nothing else. */
export const LEAGUE_IDS = { a2: 7_000_001, b: 9_000_001 } as const;
export const SLUGS = { a2: "same-night", b: "same-night-b" } as const;

/**
 * Who walks A: nobody, B's player, director, admin and owner (none with a role or a claim in
 * either A) and, so that A's admin pages and B's ids reach the handlers behind the guards,
 * A's own owner (of both A's), who has nothing in B.
 */
export type Persona = "visitor" | "player" | "director" | "admin" | "owner" | "aOwner";
export const PERSONAS: readonly Persona[] = ["visitor", "player", "director", "admin", "owner", "aOwner"];
const ROLE: Partial<Record<Persona, LeagueRole>> = { director: "director", admin: "admin", owner: "owner" };

type UserRow = Awaited<ReturnType<typeof makeUser>>;

/** Writes made for `leagueId`, stamped with `actor` (its name is what the audit rows keep). */
const dbFor = (leagueId: number, actor: number) =>
  getDb(
    withAuditActor(env.DB, () => ({ userId: actor, role: "admin" })),
    leagueId,
  );

const playerValues = (db: Db, firstName: string, lastName: string, division = "MA1") => ({
  leagueId: db.leagueId,
  firstName,
  lastName,
  division,
});

const ALL_MAIL = { notifyRegistration: true, notifyCards: true, notifyWaitlist: true };

/** One league's rows: `marked(x)` is how a text of it reads (B's carry the sentinel, A's do not). */
async function fillLeague(leagueId: number, isB: boolean) {
  const marked = (text: string) => (isB ? `${SENTINEL} ${text}` : `${text} Same`);
  const now = nowSec();
  // Its members, and the clerk its set-up writes name: accounts are the deployment's (ADR 46),
  // so their names carry no sentinel (A's owner may name them: a transfer of A's ownership says who).
  const [clerk, member, other, fresh, subscriber] = await Promise.all(
    ["Clerk", "Member", "Other", "Fresh", "Subscriber"].map((n) => makeUser({ name: `${n} of ${isB ? "B" : "A"}` })),
  );
  const db = dbFor(leagueId, clerk.id);
  await db.insert(memberships).values({ leagueId, userId: clerk.id, role: "admin" });
  // Every member takes every mail: a mail of another league's would find them.
  for (const u of [member, other, fresh, subscriber]) await choose(u.id, ALL_MAIL, leagueId);

  // Courses: one whose layout a round plays, one free.
  const courseName = "Oak Same";
  const { id: courseId } = await createCourse(db, { name: courseName, place: marked("Springfield") });
  const layoutName = marked("Long tees");
  const { id: layoutId } = await createLayout(db, courseId, { name: layoutName, holes: PAR_56 });
  const freeName = marked("Free course");
  const { id: freeCourseId } = await createCourse(db, { name: freeName, place: marked("Shelbyville") });
  const freeLayoutName = marked("Short tees");
  const { id: freeLayoutId } = await createLayout(db, freeCourseId, { name: freeLayoutName, holes: PAR_56 });

  const made = await db
    .insert(players)
    .values([
      playerValues(db, "Sam", "Same"),
      playerValues(db, "Cleo", marked("Claimed"), "MA2"),
      playerValues(db, "Ed", marked("Entered")),
      playerValues(db, "Pat", marked("Pending")),
      playerValues(db, "Spud", marked("Spare")),
      playerValues(db, "Bea", marked("Broke")),
      playerValues(db, "Dot", marked("Doubles")),
      playerValues(db, "Dan", marked("Doubles")),
    ])
    .returning();
  type Row = (typeof made)[number];
  const [sam, claimed, entered, pending, spare, broke, dot, dan] = made as [Row, Row, Row, Row, Row, Row, Row, Row];

  const round = (name: string, startsAt: number, more: Partial<typeof rounds.$inferInsert> = {}) =>
    db
      .insert(rounds)
      .values({
        leagueId,
        startsAt,
        name,
        location: marked("Park"),
        feePdgaCents: 50,
        feeCourseCents: 0,
        feeOtherCents: 0,
        aceCents: 100,
        payoutCents: 450,
        pdgaUrl: isB ? `https://www.pdga.com/tour/event/${SENTINEL}` : null,
        ...more,
      })
      .returning()
      .then(([r]) => r!);
  const past = await round("Week Same", now - 7 * DAY, { layoutId, location: courseName });
  const doubles = await round(marked("Doubles"), now - 14 * DAY, { doubles: true, teamsVersion: 1 });
  const open = await round("Week Next", now + DAY, { openForRegistration: true });
  const closed = await round(marked("Closed"), now + 2 * DAY);
  const full = await round(marked("Full"), now + 7 * DAY, { openForRegistration: true, fieldCap: 1 });
  const started = await round(marked("Started"), now - 60, { openForRegistration: true });
  const live = await round(marked("Live"), now - 30 * 60, { cardsPublishedAt: now - 3600, cardsVersion: 1 });
  const draft = await round(marked("Draft"), now + 3 * DAY);
  // The rain-out calls' own round (ADR 50): a cancel of it leaves the others writable.
  const rain = await round(marked("Rain"), now + 4 * DAY);

  // Credit: the league pays Claimed $20 and Sam $10; Claimed gives Spare $5.
  const [credit, gift] = await db
    .insert(transfers)
    .values([
      { leagueId, date: now - 20 * DAY, toPlayerId: claimed.id, amountCents: 2_000, description: marked("Credit") },
      { leagueId, date: now - 19 * DAY, fromPlayerId: claimed.id, toPlayerId: spare.id, amountCents: 500, description: marked("Gift") },
      { leagueId, date: now - 18 * DAY, toPlayerId: sam.id, amountCents: 1_000, description: marked("Prize") },
    ])
    .returning();

  // The past round: scored, placed, paid; a PayPal payment (ids shared by every league) refunded in part.
  const [paid] = await db
    .insert(payments)
    .values({
      leagueId,
      userId: member.id,
      roundId: past.id,
      playerId: claimed.id,
      method: "paypal",
      status: "completed",
      amountCents: 631,
      leagueFeeCents: 31,
      providerFeeCents: 30,
      division: "MA2",
      transactionId: "ORDER-SAME-1",
      captureId: "CAP-SAME-1",
      paymentData: JSON.stringify({ payer: marked("Payer") }),
    })
    .returning();
  const pastEntries = await db
    .insert(entries)
    .values([
      {
        leagueId,
        roundId: past.id,
        playerId: sam.id,
        division: "MA1",
        score: 48,
        result: "1/4",
        payoutCents: 900,
        checkedInAt: past.startsAt,
      },
      { leagueId, roundId: past.id, playerId: claimed.id, division: "MA2", score: 50, result: "2/4", paymentId: paid!.id },
      { leagueId, roundId: past.id, playerId: entered.id, division: "MA1", score: 52, result: "3/4" },
      { leagueId, roundId: past.id, playerId: spare.id, division: "MA1", score: 55, result: "4/4" },
    ])
    .returning();
  await db
    .insert(paymentRefunds)
    .values({ leagueId, paymentId: paid!.id, kind: "refund", providerRefundId: "REF-SAME-1", amountCents: 100 });
  await db.insert(aces).values({ leagueId, date: past.startsAt, playerId: sam.id, roundId: past.id, amountCents: 200 });
  // A CTP pot bought in from credit, then settled with the round's payouts.
  const potId = await addPot(db, past.id, { name: marked("CTP"), kind: "ctp", buyInCents: 100, holes: [3] });
  for (const e of pastEntries.slice(0, 2)) await choosePot(db, past.id, { potId, entryId: e.id, join: true, fromCredit: true });
  await db.run(
    sql`insert into side_pot_marks (league_id, pot_id, hole, entry_id, distance_cm, settled, at) values (${leagueId}, ${potId}, 3, ${pastEntries[0]!.id}, 120, 1, ${now})`,
  );
  await creditPayouts(db, past.id, { confirmUnmeasured: true });
  // Bag tags: two an admin gave, swapped by the past round (counted for tags once it was paid).
  await db.run(sql`update rounds set counts_for_tags = 1 where id = ${past.id}`);
  await db.insert(tagMoves).values([
    { leagueId, tag: 7, toPlayerId: entered.id, reason: "assigned", at: now - 30 * DAY },
    { leagueId, tag: 8, toPlayerId: sam.id, reason: "assigned", at: now - 30 * DAY },
    { leagueId, tag: 7, fromPlayerId: entered.id, toPlayerId: sam.id, roundId: past.id, reason: "swap", at: past.startsAt },
    { leagueId, tag: 8, fromPlayerId: sam.id, toPlayerId: entered.id, roundId: past.id, reason: "swap", at: past.startsAt },
  ]);

  // The doubles round: two teams, scored.
  await db.insert(entries).values([
    { leagueId, roundId: doubles.id, playerId: dot.id, division: "MA1", score: 51, team: 1, result: "1/2" },
    { leagueId, roundId: doubles.id, playerId: dan.id, division: "MA1", score: 51, team: 1, result: "1/2" },
    { leagueId, roundId: doubles.id, playerId: sam.id, division: "MA1", score: 54, team: 2, result: "2/2" },
  ]);

  // The open round: Entered owes $5 after $1 of cash; Claimed paid by credit; Broke waits for cash.
  const [entry, , brokeEntry] = await db
    .insert(entries)
    .values([
      { leagueId, roundId: open.id, playerId: entered.id, division: "MA1" },
      { leagueId, roundId: open.id, playerId: claimed.id, division: "MA2", creditUsedCents: 600 },
      { leagueId, roundId: open.id, playerId: broke.id, division: "MA1", ace: false },
    ])
    .returning();
  const [cash] = await db
    .insert(payments)
    .values([
      {
        leagueId,
        roundId: open.id,
        playerId: entered.id,
        method: "cash",
        status: "completed",
        amountCents: 100,
        division: "MA1",
        paymentData: JSON.stringify({ note: marked("Cash note") }),
      },
      {
        leagueId,
        roundId: open.id,
        playerId: broke.id,
        method: "cash",
        status: "voided",
        amountCents: 500,
        division: "MA1",
        voidReason: marked("Entered twice"),
        voidedAt: now - 60,
      },
    ])
    .returning();
  void brokeEntry;

  // The full round: Entered holds its one place; Pending's member waits, Spare's is offered it.
  await db.insert(entries).values({ leagueId, roundId: full.id, playerId: entered.id, division: "MA1" });
  await db.insert(waitlist).values([
    { leagueId, roundId: full.id, playerId: pending.id, userId: other.id, division: "MA1" },
    { leagueId, roundId: full.id, playerId: spare.id, userId: fresh.id, division: "MA1" },
  ]);
  // Offered as the waitlist offers a place: its trigger writes the notice the mail job sends.
  await db.run(
    sql`update waitlist set status = 'offered', offered_at = ${now - 60}, offer_expires_at = ${now + DAY} where league_id = ${leagueId} and player_id = ${spare.id}`,
  );

  // The live round: its cards published, Claimed on card 1 and Entered on card 2.
  const [liveMine, liveTheirs] = await db
    .insert(entries)
    .values([
      { leagueId, roundId: live.id, playerId: claimed.id, division: "MA2", checkedInAt: now - 3600 },
      { leagueId, roundId: live.id, playerId: entered.id, division: "MA1", checkedInAt: now - 3600 },
    ])
    .returning();
  const [card1, card2] = await db
    .insert(cards)
    .values([
      { leagueId, roundId: live.id, number: 1, startHole: 1 },
      { leagueId, roundId: live.id, number: 2, startHole: 2 },
    ])
    .returning();
  await db.insert(cardPlayers).values([
    { leagueId, entryId: liveMine!.id, cardId: card1!.id, position: 0 },
    { leagueId, entryId: liveTheirs!.id, cardId: card2!.id, position: 0 },
  ]);
  await db.insert(registrationMails).values({ leagueId, roundId: open.id, userId: subscriber.id, day: "2026-01-01", mailedAt: now - DAY });
  await db.insert(cardMails).values({ leagueId, roundId: live.id, userId: subscriber.id, publishedAt: now - 3600, mailedAt: now - 3600 });

  const [approvedClaim, pendingClaim, withdrawnClaim] = await db
    .insert(claims)
    .values([
      { leagueId, userId: member.id, playerId: claimed.id, status: "approved", approvedAt: now - 30 * DAY },
      { leagueId, userId: other.id, playerId: pending.id, status: "pending", note: marked("That is me") },
      { leagueId, userId: fresh.id, playerId: spare.id, status: "withdrawn", note: marked("Not me") },
    ])
    .returning();
  await db.insert(leagueSettings).values({ leagueId, bagTags: "every", moneyVisibility: "everyone", cardSize: 4 });

  // Its join code, and an invitation of `other`'s waiting (ADR 47): the code and the token name
  // this league from any league's address. `other` is none of the walk's personas, so no one
  // who walks A can accept B's.
  const code = newJoinCode();
  await env.DB.prepare("update leagues set join_code = ? where id = ?").bind(code, leagueId).run();
  const inviteToken = `invite-${crypto.randomUUID()}`;
  const [invite] = await db
    .insert(leagueInvites)
    .values({
      leagueId,
      email: other.email.toLowerCase(),
      role: "player",
      tokenHash: await hashResetToken(inviteToken),
      invitedBy: clerk.id,
      expiresAt: now + 14 * DAY,
    })
    .returning();

  const [ace] = await db.select().from(aces).where(sql`league_id = ${leagueId}`);
  const entryNow = (await db.select().from(entries).where(sql`id = ${entry!.id}`))[0]!;
  const closedNow = (await db.select().from(rounds).where(sql`id = ${closed.id}`))[0]!;
  return {
    leagueId,
    clerk,
    member,
    other,
    fresh,
    subscriber,
    feed: await ensureCalendarToken(db, member.id),
    code,
    invite: { id: invite!.id, email: invite!.email, token: inviteToken },
    players: { sam, claimed, entered, pending, spare, broke },
    rounds: { past, doubles, open, closed: closedNow, full, started, live, draft, rain },
    entry: entryNow,
    pastEntry: pastEntries[0]!,
    cash: cash!,
    paid: paid!,
    credit: credit!,
    gift: gift!,
    ace: ace!,
    potId,
    course: { courseId, courseName, layoutId, layoutName },
    freeCourse: { courseId: freeCourseId, courseName: freeName, layoutId: freeLayoutId, layoutName: freeLayoutName },
    claims: { approved: approvedClaim!, pending: pendingClaim!, withdrawn: withdrawnClaim! },
    live: { round: live, entry: liveMine!, otherEntry: liveTheirs!, draft },
  };
}

export type LeagueRows = Awaited<ReturnType<typeof fillLeague>>;

/** The people who walk A: B's player, director, admin and owner, and A's owner. */
async function makePersonas(b: number) {
  const people = {} as Record<Exclude<Persona, "visitor">, UserRow>;
  people.aOwner = await makeUser({ name: "A's owner" });
  for (const a of [DEFAULT_LEAGUE_ID, LEAGUE_IDS.a2])
    await env.DB.prepare("insert into memberships (league_id, user_id, role) values (?, ?, 'owner')").bind(a, people.aOwner.id).run();
  for (const who of ["player", "director", "admin", "owner"] as const) {
    people[who] = await makeUser({ name: `B's ${who}` });
    // Every mail of every league: a mail of A's that reached B's people would find them.
    for (const league of [DEFAULT_LEAGUE_ID, LEAGUE_IDS.a2, b]) await choose(people[who].id, ALL_MAIL, league);
    const role = ROLE[who];
    if (role)
      await env.DB.prepare("insert into memberships (league_id, user_id, role) values (?, ?, ?)").bind(b, people[who].id, role).run();
  }
  return people;
}

/** The three leagues, B's people, and B's player's approved claim in B. */
export async function makeLeagues() {
  await env.DB.batch([
    env.DB.prepare("insert into leagues (id, slug, name, time_zone) values (?, ?, 'Same Night League', 'America/Chicago')").bind(
      LEAGUE_IDS.a2,
      SLUGS.a2,
    ),
    env.DB.prepare("insert into leagues (id, slug, name, time_zone) values (?, ?, 'Same Night League', 'America/Chicago')").bind(
      LEAGUE_IDS.b,
      SLUGS.b,
    ),
  ]);
  forgetLeagues();
  const [a, a2, b] = [
    await fillLeague(DEFAULT_LEAGUE_ID, false),
    await fillLeague(LEAGUE_IDS.a2, false),
    await fillLeague(LEAGUE_IDS.b, true),
  ];
  const people = await makePersonas(LEAGUE_IDS.b);
  // B's player: an approved claim on a player of B's own (B's member keeps Claimed).
  await dbFor(LEAGUE_IDS.b, b.clerk.id)
    .insert(claims)
    .values({ leagueId: LEAGUE_IDS.b, userId: people.player.id, playerId: b.players.sam.id, status: "approved", approvedAt: nowSec() });
  return { a, a2, b, people };
}

export type Leagues = Awaited<ReturnType<typeof makeLeagues>>;

/** Gives the leagues' id sequence back: the next file's leagues get ids as if these were never made. */
export async function forgetLeagueIds() {
  await env.DB.prepare("update sqlite_sequence set seq = (select max(id) from leagues where id < ?) where name = 'leagues'")
    .bind(LEAGUE_IDS.a2)
    .run();
  forgetLeagues();
}

const sessionOf = (user: UserRow, leagueId: number): Session => ({
  user: { id: user.id, name: user.name, email: user.email, isOperator: false, linkedPlayerId: null, claimStatus: null },
  leagueId,
  leagueRole: null,
  loginKind: "user",
  sessionId: "isolation",
  expiresAt: nowSec() + DAY,
});

/**
 * The hostile suite's targets (tests/hostile/targets.ts), made of one league's rows: its
 * route descriptions then give valid paths and bodies naming that league's ids. The accounts
 * in it are the league's members; `ids: "missing"` names rows no league has.
 */
export async function targetsOf(rows: LeagueRows, ids: "own" | "missing" = "own"): Promise<ActionTargets> {
  const id = (n: number) => (ids === "missing" ? MISSING_ID : n);
  const row = <T extends { id: number }>(r: T): T => ({ ...r, id: id(r.id) });
  const course = (c: LeagueRows["course"]) => ({ ...c, courseId: id(c.courseId), layoutId: id(c.layoutId) });
  const token = await tokenFor(rows.member);
  const targets = {
    admin: rows.clerk,
    user: rows.member,
    fresh: rows.fresh,
    other: rows.other,
    subscriber: rows.subscriber,
    adminToken: await tokenFor(rows.clerk, { role: "admin" }),
    userToken: token,
    freshToken: await tokenFor(rows.fresh),
    otherToken: await tokenFor(rows.other),
    userAsAdmin: await tokenFor(rows.member, { role: "admin" }),
    badTokens: [],
    claimed: row(rows.players.claimed),
    entered: row(rows.players.entered),
    pending: row(rows.players.pending),
    spare: row(rows.players.spare),
    broke: row(rows.players.broke),
    round: row(rows.rounds.open),
    closedRound: row(rows.rounds.closed),
    fullRound: row(rows.rounds.full),
    rainRound: row(rows.rounds.rain),
    startedRound: row(rows.rounds.started),
    layoutRound: row(rows.rounds.past),
    entry: row(rows.entry),
    cash: row(rows.cash),
    transfer: row(rows.gift),
    ace: row(rows.ace),
    course: course(rows.course),
    freeCourse: course(rows.freeCourse),
    approvedClaim: row(rows.claims.approved),
    pendingClaim: row(rows.claims.pending),
    withdrawnClaim: row(rows.claims.withdrawn),
    // The operator's change of a league's address names the league itself (no persona walked is the operator).
    spareLeague: row({ id: rows.leagueId }),
    live: { round: row(rows.live.round), entry: row(rows.live.entry), otherEntry: row(rows.live.otherEntry), draft: row(rows.live.draft) },
    // The league's invitation waiting for `other` (a token no invitation has, with `ids: "missing"`).
    invites: { pending: { ...row(rows.invite), token: ids === "missing" ? "never-sent" : rows.invite.token } },
    signatures: {
      subscriber: await signUnsubscribe(env.SESSION_SECRET, rows.subscriber.id),
      user: await signUnsubscribe(env.SESSION_SECRET, rows.member.id),
      missing: await signUnsubscribe(env.SESSION_SECRET, MISSING_ID),
      // The subscriber's link turning off this league's `cards` messages (ADR 49).
      messageOff: await signMessageOff(env.SESSION_SECRET, rows.subscriber.id, rows.leagueId, "cards"),
    },
    adminSession: sessionOf(rows.clerk, rows.leagueId),
    playerSession: sessionOf(rows.member, rows.leagueId),
  };
  return targets as unknown as Targets & ActionTargets;
}
