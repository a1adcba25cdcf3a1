// The organiser's "Message players" through the /api (ADR 49): who each audience reaches on
// a doubles night and a round with a waitlist, the preview's counts, a send made once by its
// key and inside the league's limits (5 an hour, 20 a day, sends at once included), a test to
// oneself outside them, the round's log, and every refusal. Each test sends in a league of
// its own, so the limits of one never meet another's messages.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { APP_ORIGIN, call, expectError, expectStatus, grantRole, makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { makeLeague } from "../message-fixtures";
import { forgetLeagues } from "../../workers/league-directory";
import type { LoggedMessageJson, PreviewJson, SentJson } from "../../workers/api/serializers/messages";
import {
  auditLog,
  cardPlayers,
  cards,
  claims,
  memberships,
  messagePrefs,
  messageRecipients,
  messages,
  pushSubscriptions,
  waitlist,
} from "~/.server/db/schema";
import { AUDIENCE_MESSAGES, audienceReach } from "~/.server/services/messages/audiences";
import { MESSAGE_AUDIT_TABLE, ORGANISER_MESSAGES } from "~/.server/services/messages/organiser-messages";
import { TURNED_OFF_DETAIL } from "~/lib/messages/prefs";
import { previewLine } from "~/lib/messages/organiser";
import { ORGANISER_LIMITS } from "~/lib/messages/kinds";

afterAll(() => forgetLeagues());

const base = (slug: string) => `/l/${slug}/api/admin/rounds`;

/** An account with an approved claim on a new player of `leagueId`. */
async function claimed(leagueId: number, division = "MA1") {
  const user = await makeUser();
  const player = await makePlayer({ leagueId, division });
  await testDb().insert(claims).values({ leagueId, userId: user.id, playerId: player.id, status: "approved" });
  return { user, player };
}

/**
 * A doubles night in a league of its own: Ann and Bob (team 1, MA1) and Cat and Dan (team 2,
 * FA1; Dan has no account). Ann paid and is checked in, Bob checked in and owes, Cat owes and
 * is not; Dan neither. Card 1: Ann and Cat; card 2: Bob and Dan. Eve plays in the league but
 * not tonight; Max is a member by role only; the owner runs it. Ann has a device (push), Bob
 * chose mail, Cat turned organisers' messages off.
 */
async function doublesNight() {
  const league = await makeLeague("Message League");
  const owner = await makeUser();
  await grantRole(owner.id, "owner", league.id);
  const token = await tokenFor(owner);
  const round = await makeRound({ leagueId: league.id, doubles: true, startsAt: nowSec() + 3600 });
  const [ann, bob, cat, eve] = await Promise.all([claimed(league.id), claimed(league.id), claimed(league.id, "FA1"), claimed(league.id)]);
  const dan = await makePlayer({ leagueId: league.id, division: "FA1" });
  const max = await makeUser();
  await grantRole(max.id, "player", league.id);
  const at = nowSec();
  const e = {
    ann: await makeEntry({
      leagueId: league.id,
      roundId: round.id,
      playerId: ann.player.id,
      team: 1,
      creditUsedCents: 600,
      checkedInAt: at,
    }),
    bob: await makeEntry({ leagueId: league.id, roundId: round.id, playerId: bob.player.id, team: 1, checkedInAt: at }),
    cat: await makeEntry({ leagueId: league.id, roundId: round.id, playerId: cat.player.id, team: 2, division: "FA1" }),
    dan: await makeEntry({ leagueId: league.id, roundId: round.id, playerId: dan.id, team: 2, division: "FA1" }),
  };
  const [card1, card2] = await testDb()
    .insert(cards)
    .values([
      { leagueId: league.id, roundId: round.id, number: 1 },
      { leagueId: league.id, roundId: round.id, number: 2 },
    ])
    .returning();
  await testDb()
    .insert(cardPlayers)
    .values([
      { leagueId: league.id, cardId: card1.id, entryId: e.ann.id, position: 1 },
      { leagueId: league.id, cardId: card1.id, entryId: e.cat.id, position: 2 },
      { leagueId: league.id, cardId: card2.id, entryId: e.bob.id, position: 1 },
      { leagueId: league.id, cardId: card2.id, entryId: e.dan.id, position: 2 },
    ]);
  await testDb()
    .insert(pushSubscriptions)
    .values({ userId: ann.user.id, endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, p256dh: "p", auth: "a" });
  await testDb()
    .insert(messagePrefs)
    .values([
      { leagueId: league.id, userId: bob.user.id, kind: "organiser", channel: "mail" },
      { leagueId: league.id, userId: cat.user.id, kind: "organiser", channel: "off" },
    ]);
  return { league, owner, token, round, ann, bob, cat, eve, dan, max, card1, card2, path: `${base(league.slug)}/${round.id}` };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

const messageRows = (leagueId: number) => testDb().select().from(messages).where(eq(messages.leagueId, leagueId));
const copyRows = (messageId: number) => testDb().select().from(messageRecipients).where(eq(messageRecipients.messageId, messageId));

const send = (path: string, token: string, extra: Record<string, unknown> = {}) =>
  call("POST", `${path}/messages`, {
    token,
    body: { audience: "signed-up", push: true, mail: true, body: "Rain delay: we start at 6:30.", key: crypto.randomUUID(), ...extra },
  });

describe("audiences", () => {
  it("each audience picks exactly its accounts on a doubles night; both partners reached, a player with no account counted", async () => {
    const n = await doublesNight();
    const reach = async (pick: Parameters<typeof audienceReach>[2]) => {
      const r = await audienceReach(n.league.db, n.round.id, pick);
      return { ids: sorted(r.userIds), unreachable: r.unreachable };
    };
    const { ann, bob, cat, eve, max, owner } = n;
    expect(await reach({ audience: "everyone" })).toEqual({
      ids: sorted([ann.user.id, bob.user.id, cat.user.id, eve.user.id, max.id, owner.id]),
      unreachable: 0,
    });
    expect(await reach({ audience: "signed-up" })).toEqual({ ids: sorted([ann.user.id, bob.user.id, cat.user.id]), unreachable: 1 });
    expect(await reach({ audience: "division", division: "FA1" })).toEqual({ ids: [cat.user.id], unreachable: 1 });
    expect(await reach({ audience: "division", division: "MA1" })).toEqual({ ids: sorted([ann.user.id, bob.user.id]), unreachable: 0 });
    expect(await reach({ audience: "card", cardId: n.card1.id })).toEqual({ ids: sorted([ann.user.id, cat.user.id]), unreachable: 0 });
    expect(await reach({ audience: "card", cardId: n.card2.id })).toEqual({ ids: [bob.user.id], unreachable: 1 });
    expect(await reach({ audience: "not-paid" })).toEqual({ ids: sorted([bob.user.id, cat.user.id]), unreachable: 1 });
    expect(await reach({ audience: "not-checked-in" })).toEqual({ ids: [cat.user.id], unreachable: 1 });
    expect(await reach({ audience: "waitlist" })).toEqual({ ids: [], unreachable: 0 });
  });

  it("not paid and not checked in follow the night: a payment and a check-in take a player out", async () => {
    const n = await doublesNight();
    // Cat checks in at the desk and pays in cash.
    const desk = await call("POST", `${n.path}/check-in`, {
      token: n.token,
      body: { entry_id: await entryIdOf(n.league.id, n.round.id, n.cat.player.id) },
    });
    await expectStatus(desk, 200);
    const notIn = await audienceReach(n.league.db, n.round.id, { audience: "not-checked-in" });
    expect(notIn.userIds).toEqual([]);
    expect(notIn.unreachable).toBe(1);
    await expectStatus(
      await call("POST", `/l/${n.league.slug}/api/admin/entry/cash`, {
        token: n.token,
        body: { id: await entryIdOf(n.league.id, n.round.id, n.cat.player.id), amount: 6, request_key: crypto.randomUUID() },
      }),
      201,
    );
    const owing = await audienceReach(n.league.db, n.round.id, { audience: "not-paid" });
    expect(owing.userIds).toEqual([n.bob.user.id]);
  });

  it("the waitlist: waiting and offered rows, not those who left or were entered; an account-less claim reached through the row's account", async () => {
    const league = await makeLeague("Waitlist League");
    const round = await makeRound({ leagueId: league.id, startsAt: nowSec() + DAY, openForRegistration: true, fieldCap: 1 });
    const [waiting, offered, left, entered] = await Promise.all([
      claimed(league.id),
      claimed(league.id),
      claimed(league.id),
      claimed(league.id),
    ]);
    // A row whose player's claim was taken back since: reached through the account that joined.
    const joiner = await makeUser();
    const unclaimed = await makePlayer({ leagueId: league.id });
    const row = (p: { player: { id: number }; user: { id: number } }, status: "waiting" | "offered" | "left" | "entered") => ({
      leagueId: league.id,
      roundId: round.id,
      playerId: p.player.id,
      userId: p.user.id,
      division: "MA1",
      status,
    });
    await testDb()
      .insert(waitlist)
      .values([
        row(waiting, "waiting"),
        row(offered, "offered"),
        row(left, "left"),
        row(entered, "entered"),
        row({ player: unclaimed, user: joiner }, "waiting"),
      ]);
    const r = await audienceReach(league.db, round.id, { audience: "waitlist" });
    expect(sorted(r.userIds)).toEqual(sorted([waiting.user.id, offered.user.id, joiner.id]));
    expect(r.unreachable).toBe(0);
  });
});

async function entryIdOf(leagueId: number, roundId: number, playerId: number) {
  const { entries } = await import("~/.server/db/schema");
  const [row] = await testDb()
    .select({ id: entries.id })
    .from(entries)
    .where(and(eq(entries.leagueId, leagueId), eq(entries.roundId, roundId), eq(entries.playerId, playerId)));
  return row.id;
}

describe("POST /api/admin/rounds/{id}/messages/preview", () => {
  it("counts who is reached by push, by mail, who turned these off and who has no account", async () => {
    const n = await doublesNight();
    const preview = (body: Record<string, unknown>) =>
      call("POST", `${n.path}/messages/preview`, { token: n.token, body: { push: true, mail: true, ...body } });
    expect(await expectStatus<PreviewJson>(await preview({ audience: "signed-up" }), 200)).toEqual({
      reach: 2,
      byPush: 1,
      byMail: 1,
      off: 1,
      unreachable: 1,
      noWay: 0,
    });
    // Push only: Bob has no device to push to.
    expect(await expectStatus<PreviewJson>(await preview({ audience: "signed-up", mail: false }), 200)).toMatchObject({
      reach: 1,
      byPush: 1,
      byMail: 0,
      off: 1,
      noWay: 1,
    });
    // Mail only: Ann's device is not used.
    expect(await expectStatus<PreviewJson>(await preview({ audience: "signed-up", push: false }), 200)).toMatchObject({
      reach: 2,
      byPush: 0,
      byMail: 2,
    });
    expect(await expectStatus<PreviewJson>(await preview({ audience: "card", cardId: n.card2.id }), 200)).toMatchObject({
      reach: 1,
      byMail: 1,
      unreachable: 1,
    });
    expect(previewLine({ reach: 14, byPush: 9, byMail: 5, off: 2, unreachable: 1, noWay: 0 }, "signed-up")).toBe(
      "Will reach 14 players: 9 by push, 5 by mail (2 have turned these off; 1 signed-up player has no account)",
    );
    // Nothing was written by a preview.
    expect(await messageRows(n.league.id)).toEqual([]);
  });

  it("refuses a bad audience, a division or card missing, a card of another round, no channel (400 naming the field)", async () => {
    const n = await doublesNight();
    const other = await makeRound({ leagueId: n.league.id });
    const [otherCard] = await testDb().insert(cards).values({ leagueId: n.league.id, roundId: other.id, number: 1 }).returning();
    const preview = (body: Record<string, unknown>) => call("POST", `${n.path}/messages/preview`, { token: n.token, body });
    expect((await expectError(await preview({ audience: "all", push: true, mail: true }), 400)).error).toMatch(/^audience/);
    await expectError(await preview({ audience: "division", push: true, mail: true }), 400, AUDIENCE_MESSAGES.division);
    expect((await expectError(await preview({ audience: "division", division: "ZZ9", push: true, mail: true }), 400)).error).toMatch(
      /^division/,
    );
    await expectError(await preview({ audience: "card", push: true, mail: true }), 400, AUDIENCE_MESSAGES.card);
    await expectError(await preview({ audience: "card", cardId: otherCard.id, push: true, mail: true }), 400, AUDIENCE_MESSAGES.card);
    await expectError(await preview({ audience: "signed-up", push: false, mail: false }), 400, ORGANISER_MESSAGES.noChannel);
  });
});

describe("POST /api/admin/rounds/{id}/messages", () => {
  it("makes one message with a copy for each account, titled by league and round, audited; the log shows each copy", async () => {
    const n = await doublesNight();
    const key = crypto.randomUUID();
    const sent = await expectStatus<SentJson>(await send(n.path, n.token, { key, body: "  Rain delay: we start at 6:30.  " }), 201);
    expect(sent.message.reach).toBe(3);
    const [message] = await messageRows(n.league.id);
    expect(message).toMatchObject({
      id: sent.message.id,
      kind: "organiser",
      key,
      roundId: n.round.id,
      title: `Message League: ${n.round.name}`,
      body: "Rain delay: we start at 6:30.",
      audience: "Signed up for this round",
      push: true,
      mail: true,
      test: false,
      createdBy: n.owner.id,
    });
    const copies = await copyRows(message.id);
    expect(sorted(copies.map((c) => c.userId))).toEqual(sorted([n.ann.user.id, n.bob.user.id, n.cat.user.id]));
    for (const c of copies)
      expect(c).toMatchObject({ title: message.title, body: message.body, url: `/l/${n.league.slug}/rounds/${n.round.id}` });
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leagueId, n.league.id), eq(auditLog.tableName, MESSAGE_AUDIT_TABLE)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      rowId: message.id,
      roundId: n.round.id,
      actorUserId: n.owner.id,
      actorName: n.owner.name,
      action: "insert",
    });
    expect(JSON.parse(audit[0].after ?? "{}")).toMatchObject({ audience: "Signed up for this round", body: message.body, recipients: 3 });

    // The log: what became of each copy, in words. Cat's copy, turned off, says so once delivered.
    await testDb()
      .update(messageRecipients)
      .set({ status: "skipped", detail: TURNED_OFF_DETAIL })
      .where(and(eq(messageRecipients.messageId, message.id), eq(messageRecipients.userId, n.cat.user.id)));
    await testDb()
      .update(messageRecipients)
      .set({ status: "refused", detail: "fcm.googleapis.com answered 403" })
      .where(and(eq(messageRecipients.messageId, message.id), eq(messageRecipients.userId, n.ann.user.id)));
    const log = await expectStatus<{ messages: LoggedMessageJson[] }>(await call("GET", `${n.path}/messages`, { token: n.token }), 200);
    expect(log.messages).toHaveLength(1);
    expect(log.messages[0]).toMatchObject({
      id: message.id,
      audience: "Signed up for this round",
      body: message.body,
      sender: n.owner.name,
    });
    const byName = Object.fromEntries(log.messages[0].recipients.map((r) => [r.name, r.status]));
    expect(byName[`${n.ann.player.firstName} ${n.ann.player.lastName}`]).toBe("Refused: fcm.googleapis.com answered 403");
    expect(byName[`${n.cat.player.firstName} ${n.cat.player.lastName}`]).toBe("Turned off");
    expect(Object.keys(byName)).toHaveLength(3);
  });

  it("twenty sends of one key at once make one message, one set of copies, one audit row", async () => {
    const n = await doublesNight();
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(n.path, n.token, { key })));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 201),
      String(statuses),
    ).toBe(true);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as SentJson).message.id)));
    expect(ids.size).toBe(1);
    const rows = await messageRows(n.league.id);
    expect(rows).toHaveLength(1);
    expect(await copyRows(rows[0].id)).toHaveLength(3);
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leagueId, n.league.id), eq(auditLog.tableName, MESSAGE_AUDIT_TABLE)));
    expect(audit).toHaveLength(1);
    // Later, the same key answers the same message (200).
    expect((await expectStatus<SentJson>(await send(n.path, n.token, { key }), 200)).message).toEqual({ id: rows[0].id, reach: 3 });
  });

  it("six different sends at once: five pass, the sixth is 429 and writes nothing; a test to oneself still goes", async () => {
    const n = await doublesNight();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(n.path, n.token, { body: `Message ${i}` })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = answers.find((a) => a.status === 429) as Response;
    const body = (await refused.json()) as { error: string; code: string };
    expect(body.code).toBe("rate_limited");
    expect(body.error).toMatch(/^This league has sent 5 messages in the last hour: the next can go at .+\.$/);
    const rows = await messageRows(n.league.id);
    expect(rows).toHaveLength(ORGANISER_LIMITS.perHour);
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leagueId, n.league.id), eq(auditLog.tableName, MESSAGE_AUDIT_TABLE)));
    expect(audit).toHaveLength(ORGANISER_LIMITS.perHour);

    // A test to oneself is outside the limits, and reaches only the sender.
    const test = await expectStatus<SentJson>(await send(n.path, n.token, { test: true }), 201);
    expect(test.message.reach).toBe(1);
    const [made] = await testDb().select().from(messages).where(eq(messages.id, test.message.id));
    expect(made).toMatchObject({ test: true, audience: "Test to me" });
    expect((await copyRows(made.id)).map((c) => c.userId)).toEqual([n.owner.id]);
  });

  it("the daily limit: twenty in the last day refuse the next with the day's words", async () => {
    const n = await doublesNight();
    const at = nowSec() - 2 * 3600;
    for (let i = 0; i < ORGANISER_LIMITS.perDay; i++)
      await testDb()
        .insert(messages)
        .values({
          leagueId: n.league.id,
          kind: "organiser",
          roundId: n.round.id,
          key: crypto.randomUUID(),
          title: "t",
          body: "b",
          createdAt: at - i * 60,
        });
    const refused = await expectError(await send(n.path, n.token), 429);
    expect(refused.error).toMatch(/^This league has sent 20 messages in the last day: the next can go at .+\.$/);
    expect(await messageRows(n.league.id)).toHaveLength(ORGANISER_LIMITS.perDay);
  });

  it("refuses bad bodies with 400 and writes nothing", async () => {
    const n = await doublesNight();
    const other = await makeRound({ leagueId: n.league.id });
    const [otherCard] = await testDb().insert(cards).values({ leagueId: n.league.id, roundId: other.id, number: 1 }).returning();
    await expectError(await send(n.path, n.token, { body: "   " }), 400, ORGANISER_MESSAGES.empty);
    await expectError(await send(n.path, n.token, { body: "x".repeat(1001) }), 400, ORGANISER_MESSAGES.tooLong);
    await expectError(await send(n.path, n.token, { push: false, mail: false }), 400, ORGANISER_MESSAGES.noChannel);
    expect((await expectError(await send(n.path, n.token, { audience: "friends" }), 400)).error).toMatch(/^audience/);
    await expectError(await send(n.path, n.token, { audience: "card", cardId: otherCard.id }), 400, AUDIENCE_MESSAGES.card);
    expect((await expectError(await send(n.path, n.token, { key: "not-a-uuid" }), 400)).error).toMatch(/^key/);
    expect((await expectError(await send(n.path, n.token, { body: 42 }), 400)).error).toMatch(/^body/);
    // A thousand characters of emoji are a thousand characters (a test: outside the limits).
    await expectStatus(await send(n.path, n.token, { body: "⛳".repeat(1000), test: true }), 201);
    // A huge body is refused before it is read.
    const huge = await send(n.path, n.token, { body: "x".repeat(2_000_000) });
    expect(huge.status).toBe(413);
    expect((await messageRows(n.league.id)).filter((m) => !m.test)).toEqual([]);
  });

  it("HEAD and PUT are not routes (404, to the operator; a league's roles are refused any call not in the table)", async () => {
    const n = await doublesNight();
    n.token = await tokenFor(await makeAdmin());
    await expectError(await call("PUT", `${n.path}/messages`, { token: n.token, body: {} }), 404);
    await expectError(await call("PUT", `${n.path}/messages/preview`, { token: n.token, body: {} }), 404);
    expect((await call("HEAD", `${n.path}/messages/preview`, { token: n.token })).status).toBe(404);
  });
});

describe("who may message players", () => {
  it("a director may; a player 403; no session 401; a foreign Origin 403; another league's round 404", async () => {
    const n = await doublesNight();
    const director = await makeUser();
    await grantRole(director.id, "director", n.league.id);
    const directorToken = await tokenFor(director, { role: "admin" });
    const body = { audience: "signed-up", push: true, mail: true };
    await expectStatus(await call("POST", `${n.path}/messages/preview`, { token: directorToken, body }), 200);
    await expectStatus(await call("GET", `${n.path}/messages`, { token: directorToken }), 200);
    await expectStatus(await send(n.path, directorToken, { test: true }), 201);

    await expectError(await call("POST", `${n.path}/messages/preview`, { token: await tokenFor(n.ann.user), body }), 403, "Not an admin");
    await expectError(await send(n.path, await tokenFor(n.ann.user)), 403, "Not an admin");
    await expectError(await call("POST", `${n.path}/messages/preview`, { body }), 401);
    await expectError(await call("GET", `${n.path}/messages`), 401);
    await expectError(await send(n.path, ""), 401);
    await expectError(
      await call("POST", `${n.path}/messages`, {
        cookie: n.token,
        origin: "https://evil.example",
        body: { ...body, body: "x", key: crypto.randomUUID() },
      }),
      403,
    );
    // The same cookie from the app's own origin goes.
    await expectStatus(
      await call("POST", `${n.path}/messages`, {
        cookie: n.token,
        origin: APP_ORIGIN,
        body: { ...body, body: "x", key: crypto.randomUUID(), test: true },
      }),
      201,
    );

    // A round of the default league, asked through this league's address.
    const foreign = await makeRound();
    const there = `${base(n.league.slug)}/${foreign.id}`;
    await expectError(await call("POST", `${there}/messages/preview`, { token: n.token, body }), 404);
    await expectError(await send(there, n.token), 404);
    await expectError(await call("GET", `${there}/messages`, { token: n.token }), 404);
    expect((await messageRows(n.league.id)).filter((m) => !m.test)).toEqual([]);
    // Max, a member by role "player", runs nothing either.
    expect(
      (
        await testDb()
          .select()
          .from(memberships)
          .where(and(eq(memberships.leagueId, n.league.id), eq(memberships.userId, n.max.id)))
      )[0]?.role,
    ).toBe("player");
    await expectError(await call("POST", `${n.path}/messages/preview`, { token: await tokenFor(n.max), body }), 403);
  });
});
