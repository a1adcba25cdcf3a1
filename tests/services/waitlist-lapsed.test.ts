import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeAdmin, tokenFor } from "../auth-fixtures";
import { dbSnapshot } from "../db-snapshot";
import { DAY, makePlayer, nowSec, refusal, testDb } from "../fixtures";
import { argsWith } from "../route-fixtures";
import { PRICE, claimedPlayer, lapse, listRows, offeredRound } from "../waitlist-fixtures";
import worker from "../worker";
import type { Session } from "~/.server/auth/current-user";
import { walkUp } from "~/.server/services/night/walk-up";
import { addEntry } from "~/.server/services/entries/entry-admin";
import { signUpWithCredit } from "~/.server/services/signup/signup";
import { joinWaitlist, leaveWaitlist } from "~/.server/services/signup/waitlist";
import * as roundPage from "~/routes/round";
import { leagueFromEnv } from "~/.server/league";
import { playerWaitlists } from "~/.server/services/waitlist/waitlist-view";
import { formatRoundWhen } from "~/lib/rounds/round-dates";
import { waitlistLines } from "~/lib/waitlist/waitlist-words";
import { afterWrite } from "../after-write";

// A lapsed waitlist offer (ADR 28): a read never settles it. The round page and the admin's
// list read it as lapsed from the rows, and write nothing; the cron or the next write to the
// round's entries or waitlist passes the place on.

type Claimed = Awaited<ReturnType<typeof claimedPlayer>>;

const sessionOf = ({ user, player }: Claimed): Session => ({
  user: { id: user.id, name: user.name, email: user.email, isOperator: false, linkedPlayerId: player.id, claimStatus: "approved" },
  leagueId: 1,
  leagueRole: null,
  loginKind: "user",
  sessionId: crypto.randomUUID(),
  expiresAt: nowSec() + DAY,
});

/** The round page's data for `who` (null: a visitor), through the route's own loader. */
async function pageFor(who: Claimed | null, roundId: number) {
  const args = argsWith(who && sessionOf(who), new Request(`http://localhost/rounds/${roundId}`), { roundId: String(roundId) });
  return (await roundPage.loader(args)) as Awaited<ReturnType<typeof roundPage.loader>> & Record<string, any>;
}

/** The fixtures' offered round with `a`'s offer lapsed: `b` still waits, nothing settled. */
async function lapsedRound(creditCents = 0) {
  const made = await offeredRound(creditCents);
  const [offer] = await listRows(made.round.id);
  await lapse(offer!.id);
  const [lapsed] = await listRows(made.round.id);
  return { ...made, deadline: lapsed!.offerExpiresAt };
}

const statuses = async (roundId: number) => (await listRows(roundId)).map((r) => r.status);

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the round page with a lapsed offer", () => {
  it("shows its holder the offer lapsed, offers them nothing to accept, counts the field as settled, and writes nothing", async () => {
    const { round, a, b, deadline } = await lapsedRound(PRICE);
    const stranger = await claimedPlayer(PRICE);
    const before = await dbSnapshot();

    const mine = await pageFor(a, round.id);
    expect(mine.signUp?.waitlist).toEqual({ place: null, lapsedAt: deadline, full: "The round is full." });
    // The place goes to b: nobody else is told there is room, and b no longer counts as waiting.
    expect(mine.field).toMatchObject({ line: "0 of 1 place", waiting: 0 });
    expect((await pageFor(stranger, round.id)).signUp?.waitlist).toEqual({ place: null, lapsedAt: null, full: "The round is full." });
    expect((await pageFor(b, round.id)).signUp?.waitlist).toMatchObject({ place: { status: "waiting", position: 1 }, lapsedAt: null });
    expect((await pageFor(null, round.id)).field).toMatchObject({ waiting: 0 });

    expect(await dbSnapshot()).toEqual(before);
    expect(await statuses(round.id)).toEqual(["offered", "waiting"]);
  });

  it("reads the same once the cron has passed the place on: the cron settles it within the minute", async () => {
    const { round, a, b, deadline } = await lapsedRound();
    const read = await pageFor(a, round.id);
    await runCron();
    expect(await statuses(round.id)).toEqual(["expired", "offered"]);
    const after = await pageFor(a, round.id);
    expect(after.signUp?.waitlist).toEqual(read.signUp?.waitlist);
    expect(after.signUp?.waitlist).toMatchObject({ lapsedAt: deadline });
    expect(after.field).toEqual(read.field);
    expect((await pageFor(b, round.id)).signUp?.waitlist).toMatchObject({ place: { status: "offered" } });
  });

  it("lapsed with nobody waiting: the place reads as free", async () => {
    const { round, a, b } = await lapsedRound();
    await afterWrite(await leaveWaitlist(testDb(), b.user.id, round.id));
    // b's leave settled the list: a's offer is written expired.
    expect(await statuses(round.id)).toEqual(["expired", "left"]);
    const page = await pageFor(a, round.id);
    expect(page.signUp?.waitlist).toMatchObject({ place: null, full: null });
    expect(page.field).toMatchObject({ line: "0 of 1 place", waiting: 0 });
  });
});

describe("the next write settles a lapsed offer", () => {
  const signUp = (who: Claimed, roundId: number) =>
    signUpWithCredit(testDb(), { userId: who.user.id, playerId: null, roundId, division: "MA2", ace: true, creditRequestedCents: PRICE });

  it("a sign-up by another player: the place goes to the next on the list first, and the sign-up is refused", async () => {
    const { round } = await lapsedRound(PRICE);
    const stranger = await claimedPlayer(PRICE);
    const err = await refusal(signUp(stranger, round.id));
    expect([err.status, err.message]).toEqual([409, "The round is full."]);
    expect(await statuses(round.id)).toEqual(["expired", "offered"]);
  });

  it("a sign-up by the player whose offer lapsed is refused: it is not theirs any more", async () => {
    const { round, a } = await lapsedRound(PRICE);
    const err = await refusal(signUp(a, round.id));
    expect([err.status, err.message]).toEqual([409, "The round is full."]);
    expect(await statuses(round.id)).toEqual(["expired", "offered"]);
  });

  it("an admin's entry or a walk-up without the override: the next on the list gets the place first", async () => {
    const { round } = await lapsedRound();
    const [admin, p1, p2] = await Promise.all([makeAdmin(), makePlayer(), makePlayer()]);
    const add = addEntry(testDb(), {
      round_id: round.id,
      player: p1.id,
      division: "MA2",
      ace: true,
      credit_added: 0,
      credit_used: 0,
      payoutAdjust: 0,
      over_cap: false,
    });
    expect((await refusal(add)).message).toBe("The round is full. To enter them anyway, tick “Over the cap”.");
    expect(await statuses(round.id)).toEqual(["expired", "offered"]);

    const again = await lapsedRound();
    const cash = { amountCents: PRICE, note: "", requestKey: `key-${crypto.randomUUID()}` };
    const walk = walkUp(testDb(), {
      roundId: again.round.id,
      player: { id: p2.id },
      division: "MA2",
      ace: true,
      cash,
      adminId: admin.id,
      overCap: false,
    });
    expect((await refusal(walk)).message).toBe("The round is full. To enter them anyway, tick “Over the cap”.");
    expect(await statuses(again.round.id)).toEqual(["expired", "offered"]);
  });

  it("a write to the waitlist: another player joining", async () => {
    const { round } = await lapsedRound();
    const c = await claimedPlayer();
    await afterWrite(
      await joinWaitlist(testDb(), { userId: c.user.id, roundId: round.id, division: "MA2", ace: true, autoConfirm: false }),
    );
    expect(await statuses(round.id)).toEqual(["expired", "offered", "waiting"]);
  });

  it("a write to the waitlist: a waiting player leaving", async () => {
    const { round, a } = await offeredRound();
    const c = await claimedPlayer();
    await afterWrite(
      await joinWaitlist(testDb(), { userId: c.user.id, roundId: round.id, division: "MA2", ace: true, autoConfirm: false }),
    );
    const [offer] = await listRows(round.id);
    expect(offer?.playerId).toBe(a.player.id);
    await lapse(offer!.id);
    await afterWrite(await leaveWaitlist(testDb(), c.user.id, round.id));
    expect(await statuses(round.id)).toEqual(["expired", "offered", "left"]);
  });
});

describe("GET /api/admin/rounds/{id}/waitlist with a lapsed offer", () => {
  it("reads the offer as lapsed and writes nothing", async () => {
    const { round, a } = await lapsedRound();
    const token = await tokenFor(await makeAdmin());
    const before = await dbSnapshot();
    const body = await expectStatus(await call("GET", `/api/admin/rounds/${round.id}/waitlist`, { token }), 200);
    expect(body.waitlist.map((r: { player_id: number; status: string }) => [r.player_id === a.player.id, r.status])).toEqual([
      [true, "lapsed"],
      [false, "waiting"],
    ]);
    expect(await dbSnapshot()).toEqual(before);
  });
});

describe("the player's home with a lapsed offer", () => {
  it("says the place held until its deadline has lapsed, not that a place was offered, until the cron passes it on", async () => {
    const { round, a, deadline } = await lapsedRound();
    const tz = leagueFromEnv(env).timeZone;
    const home = await playerWaitlists(testDb(), a.player.id, nowSec());
    const lines = waitlistLines(home.places, home.notices, tz, home.lapsed).map((l) => l.text);
    expect(lines).toEqual([`${round.name}: the place held for you until ${formatRoundWhen(deadline ?? 0, tz)} has lapsed.`]);
    await runCron();
    const after = await playerWaitlists(testDb(), a.player.id, nowSec());
    expect(after.lapsed).toEqual([]);
    expect(waitlistLines(after.places, after.notices, tz, after.lapsed).map((l) => l.text)).toContain(
      `${round.name}: your offer lapsed and went to the next player.`,
    );
  });
});
