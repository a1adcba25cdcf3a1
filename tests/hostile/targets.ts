// The valid things bad requests aim at, made once per file before any checksum: users of
// each role with their tokens, players, an open round with an entry, a transfer, an ace,
// claims in several states, and the bad credentials of every kind.
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { APP_ORIGIN, b64url, call, expectStatus, makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { makeCourse } from "../course-fixtures";
import { DAY, makeAce, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { makePayment } from "../money-fixtures";
import { cardPlayers, cards, claims, leagueInvites, leagues, pushSubscriptions, users } from "~/.server/db/schema";
import { choose } from "../registration-fixtures";
import { signMessageOff, signUnsubscribe } from "~/.server/auth/unsubscribe-link";
import { env } from "cloudflare:workers";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { hashResetToken } from "~/.server/services/accounts/password-reset";
import { newJoinCode } from "~/lib/accounts/join-codes";

/** A browser's subscription keys (RFC 8291's example receiver): a real P-256 point and a 16-byte secret. */
export const PUSH_KEYS = {
  p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
};

/** An id no row has (and a safe integer, so only its absence is wrong). */
export const MISSING_ID = 2_147_483_647;

/**
 * A join code of the right shape that no league has (ADR 47). A code names its own league
 * from whichever league's address it is posted: the join routes' valid request names this
 * one, so that a walk of it (tests/isolation/) makes no one a member of another league.
 */
export const NO_LEAGUE_CODE = "ZZZZZZ";

/** An invitation to `leagueId` for `email`, its token as its link carries it. */
async function makeInvite(leagueId: number, email: string, more: Partial<typeof leagueInvites.$inferInsert> = {}) {
  const token = `invite-${crypto.randomUUID()}`;
  const [row] = await testDb()
    .insert(leagueInvites)
    .values({
      leagueId,
      email: email.toLowerCase(),
      role: "player",
      tokenHash: await hashResetToken(token),
      expiresAt: nowSec() + 14 * DAY,
      ...more,
    })
    .returning();
  if (!row) throw new Error("the invitation was not made");
  return { id: row.id, email: row.email, token };
}

export async function makeTargets() {
  const [admin, user, fresh, other, locked, gone] = await Promise.all([
    makeAdmin(),
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser({ locked: true }),
    makeUser(),
  ]);
  const [claimed, entered, pending, spare, broke] = await Promise.all([
    makePlayer({ division: "MA2" }),
    makePlayer(),
    makePlayer(),
    makePlayer(),
    makePlayer(),
  ]);
  const [round, closedRound] = await Promise.all([makeRound({ openForRegistration: true }), makeRound({ openForRegistration: false })]);
  const entry = await makeEntry({ roundId: round.id, playerId: entered.id });
  // A round of its own for the rain-out calls (ADR 50): a cancel that got through would freeze `round`.
  const rainRound = await makeRound({ startsAt: nowSec() + DAY });
  // $1 of the entry's $6 paid in cash: a record to void, and $5 still owed.
  const cash = await makePayment({
    roundId: round.id,
    playerId: entered.id,
    method: "cash",
    amountCents: 100,
    captureId: null,
    transactionId: null,
  });
  // A round a week ahead whose one place is taken (ADR 28): the waitlist routes' target.
  const fullRound = await makeRound({ openForRegistration: true, startsAt: nowSec() + 7 * DAY, fieldCap: 1 });
  await makeEntry({ roundId: fullRound.id, playerId: entered.id });
  // A round that started a minute ago, its flag still open until the cron closes it (ADR 39).
  const startedRound = await makeRound({ openForRegistration: true, startsAt: nowSec() - 60 });
  const live = await liveTargets(claimed.id, entered.id);
  // A course whose layout a round plays, and one whose layout none plays.
  const [course, freeCourse] = await Promise.all([makeCourse(), makeCourse()]);
  const layoutRound = await makeRound({ layoutId: course.layoutId, location: course.courseName });
  const transfer = await makeTransfer({ fromPlayerId: null, toPlayerId: claimed.id, amountCents: 2_000 });
  const ace = await makeAce({ playerId: entered.id, amountCents: 100 });
  // `user` is linked to `claimed`; `other` waits on `pending`; `fresh` has only a withdrawn claim.
  const [approvedClaim, pendingClaim, withdrawnClaim] = await testDb()
    .insert(claims)
    .values([
      { leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: claimed.id, status: "approved" },
      { leagueId: DEFAULT_LEAGUE_ID, userId: other.id, playerId: pending.id, status: "pending" },
      { leagueId: DEFAULT_LEAGUE_ID, userId: fresh.id, playerId: spare.id, status: "withdrawn" },
    ])
    .returning();

  // A league beside the default one: the operator's change of address renames it (ADR 46).
  const [spareLeague] = await testDb()
    .insert(leagues)
    .values({ slug: `spare-${crypto.randomUUID().slice(0, 8)}`, name: "Spare League", timeZone: "America/Chicago" })
    .returning();
  // Joining and invitations (ADR 47): a closed league with its code (it takes no one), and
  // invitations to the default league — pending for `other`, expired for `user`, accepted by
  // `other` — and one pending in the spare league.
  const [closedLeague] = await testDb()
    .insert(leagues)
    .values({
      slug: `closed-${crypto.randomUUID().slice(0, 8)}`,
      name: "Closed League",
      timeZone: "America/Chicago",
      joinCode: newJoinCode(),
      closedAt: nowSec() - DAY,
    })
    .returning();
  const invites = {
    pending: await makeInvite(DEFAULT_LEAGUE_ID, other.email),
    expired: await makeInvite(DEFAULT_LEAGUE_ID, user.email, { expiresAt: nowSec() - 60 }),
    spent: await makeInvite(DEFAULT_LEAGUE_ID, other.email, { acceptedAt: nowSec() - 60, acceptedBy: other.id }),
    elsewhere: await makeInvite(spareLeague!.id, other.email),
  };
  // A device of `other`'s (ADR 49): no one else's DELETE may take it away.
  const otherDevice = `https://fcm.googleapis.com/fcm/send/hostile-${crypto.randomUUID()}`;
  await testDb()
    .insert(pushSubscriptions)
    .values({ userId: other.id, endpoint: otherDevice, ...PUSH_KEYS });
  const [adminToken, userToken, freshToken, otherToken] = await Promise.all([admin, user, fresh, other].map((u) => tokenFor(u)));
  const badTokens = await badCredentials(user, { locked, gone });
  // Opted in to the registration mail, with the signature of its unsubscribe link: a bad
  // post that wrongly unsubscribed it would change a table.
  const subscriber = await makeUser();
  await choose(subscriber.id, { notifyRegistration: true });
  // Signed for the default league, as its mail signs them (ADR 46); `old`: a link from before links named their league.
  const unsubscribeSig = (id: number) => signUnsubscribe(env.SESSION_SECRET, id, DEFAULT_LEAGUE_ID);
  const signatures = {
    subscriber: await unsubscribeSig(subscriber.id),
    user: await unsubscribeSig(user.id),
    missing: await unsubscribeSig(MISSING_ID),
    old: await signUnsubscribe(env.SESSION_SECRET, subscriber.id),
    otherLeague: await signUnsubscribe(env.SESSION_SECRET, subscriber.id, DEFAULT_LEAGUE_ID + 1),
    /** The subscriber's link turning off the default league's `cards` messages (ADR 49). */
    messageOff: await signMessageOff(env.SESSION_SECRET, subscriber.id, DEFAULT_LEAGUE_ID, "cards"),
  };
  return {
    admin,
    user,
    fresh,
    other,
    adminToken,
    userToken,
    freshToken,
    otherToken,
    claimed,
    entered,
    /** A round with published cards: `claimed` (the linked user's player) on card 1, `entered` on card 2, none started. */
    live,
    pending,
    spare,
    broke,
    round,
    closedRound,
    rainRound,
    fullRound,
    startedRound,
    entry,
    cash,
    course,
    freeCourse,
    layoutRound,
    transfer,
    ace,
    approvedClaim,
    spareLeague,
    /** A league closed by its owner, with its join code. */
    closedLeague: closedLeague!,
    /** Invitations (their ids and tokens): the default league's pending (for `other`), expired (for `user`) and spent (by `other`); one of the spare league's. */
    invites,
    pendingClaim,
    withdrawnClaim,
    badTokens,
    /** The endpoint of a device `other` turned notifications on for. */
    otherDevice,
    subscriber,
    /** Unsubscribe-link signatures in the default league: the subscriber's, the linked user's, one for an id no user has; the subscriber's old one and another league's. */
    signatures,
    /** A user's token that claims the admin role: it grants nothing (ADR 47). */
    userAsAdmin: await tokenFor(user, { role: "admin" }),
  };
}

export type Targets = Awaited<ReturnType<typeof makeTargets>>;

/** A live round (ADR 26) for the live routes' bad requests: two published cards, nothing scored. */
async function liveTargets(mine: number, theirs: number) {
  const round = await makeRound({ cardsPublishedAt: nowSec() });
  const [own, other] = await Promise.all([
    makeEntry({ roundId: round.id, playerId: mine }),
    makeEntry({ roundId: round.id, playerId: theirs }),
  ]);
  const [card, otherCard] = await testDb()
    .insert(cards)
    .values([
      { leagueId: DEFAULT_LEAGUE_ID, roundId: round.id, number: 1 },
      { leagueId: DEFAULT_LEAGUE_ID, roundId: round.id, number: 2 },
    ])
    .returning();
  await testDb()
    .insert(cardPlayers)
    .values([
      { leagueId: DEFAULT_LEAGUE_ID, entryId: own.id, cardId: card.id, position: 0 },
      { leagueId: DEFAULT_LEAGUE_ID, entryId: other.id, cardId: otherCard.id, position: 0 },
    ]);
  const draft = await makeRound();
  return { round, entry: own, otherEntry: other, draft };
}

/** Flips one character in the middle of a JWT's signature. */
function flipSignature(token: string): string {
  const [head, body, sig] = token.split(".");
  const i = Math.floor(sig.length / 2);
  return `${head}.${body}.${sig.slice(0, i)}${sig[i] === "A" ? "B" : "A"}${sig.slice(i + 1)}`;
}

/**
 * Credentials that must not authenticate anyone, each as the Authorization header it
 * arrives in (null: none at all). Made before any checksum: the logged-out session
 * writes its revocation here, and the deleted user is deleted here.
 */
async function badCredentials(
  user: { id: number; sessionVersion: number; isOperator: boolean },
  more: {
    locked: { id: number; sessionVersion: number; isOperator: boolean };
    gone: { id: number; sessionVersion: number; isOperator: boolean };
  },
): Promise<{ name: string; authorization: string | null }[]> {
  const good = await tokenFor(user);
  const [head, body] = good.split(".");
  const payload = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/")));
  const otherKey = new TextEncoder().encode("another-secret-that-is-long-enough-for-hs256-0123456789");
  const foreign = await new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).sign(otherKey);

  const loggedOut = await tokenFor(user);
  await expectStatus(await call("POST", "/api/users/logout", { token: loggedOut }), 200);
  const goneToken = await tokenFor(more.gone);
  await testDb().delete(users).where(eq(users.id, more.gone.id));

  const bearer = (token: string) => `Bearer ${token}`;
  return [
    { name: "no credentials", authorization: null },
    { name: "a token that is not a JWT", authorization: bearer("not-a-jwt") },
    { name: "an empty Bearer", authorization: "Bearer " },
    { name: "Basic auth", authorization: `Basic ${btoa("user:pass")}` },
    { name: "an expired token", authorization: bearer(await tokenFor(user, { now: nowSec() - 3 * DAY, maxAge: DAY })) },
    { name: "a tampered signature", authorization: bearer(flipSignature(good)) },
    { name: "a tampered payload", authorization: bearer(`${head}.${b64url({ ...payload, sub: "1" })}.${good.split(".")[2]}`) },
    { name: "alg=none", authorization: bearer(`${b64url({ alg: "none", typ: "JWT" })}.${body}.`) },
    { name: "signed with another key", authorization: bearer(foreign) },
    { name: "an old session version", authorization: bearer(await tokenFor({ ...user, sessionVersion: user.sessionVersion + 1 })) },
    { name: "a logged-out session", authorization: bearer(loggedOut) },
    { name: "a deleted user's token", authorization: bearer(goneToken) },
    { name: "a locked user's token", authorization: bearer(await tokenFor(more.locked)) },
  ];
}

/** Origins a cookie-authenticated write must not come from (null: no Origin header). */
export const FOREIGN_ORIGINS: (string | null)[] = ["https://evil.example", "null", null, `${APP_ORIGIN}.evil.example`];
