// Registration closes by itself at the round's start (ADR 39): a round whose start has
// passed reads closed wherever it is read, whatever its flag; the sign-up's own batch
// refuses it, even when the request read the round before its start; an admin cannot
// open it again; and the cron settles the flag. No GET writes anything.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, balanceOf, creditSignUpBody, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { getPublic } from "./http";
import worker from "../worker";
import { claims, entries, payments, rounds } from "~/.server/db/schema";
import { closeStartedRounds } from "~/.server/services/rounds/registration";
import { SIGNUP_MESSAGES, signUpWithCredit } from "~/.server/services/signup/signup";
import * as adminRoundsPage from "~/routes/admin-rounds";
import * as roundPage from "~/routes/round";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const db = () => testDb();

/** A user whose approved claim is a player holding $10 of credit. */
async function claimed() {
  const [user, player] = await Promise.all([makeUser(), makePlayer({ division: "MA2" })]);
  await db().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: 1_000 });
  return { user, player, token: await tokenFor(user) };
}

const flagOf = async (id: number) => (await db().select().from(rounds).where(eq(rounds.id, id)))[0]?.openForRegistration;
const nothingWritten = async (roundId: number, playerId: number) => {
  expect(await db().select().from(entries).where(eq(entries.roundId, roundId))).toEqual([]);
  expect(await db().select().from(payments).where(eq(payments.roundId, roundId))).toEqual([]);
  expect(await balanceOf(playerId)).toBe(1_000);
};

describe("a round whose start has passed", () => {
  it("reads closed in the /api, the round page and the admin's rounds, though its flag says open", async () => {
    const started = await makeRound({ startsAt: nowSec() - 60, openForRegistration: true });
    const coming = await makeRound({ startsAt: nowSec() + DAY, openForRegistration: true });
    expect(await getPublic(`/api/rounds/round/${started.id}`)).toMatchObject({ openForRegistration: false });
    expect(await getPublic(`/api/rounds/round/${coming.id}`)).toMatchObject({ openForRegistration: true });
    const listed = await getPublic<{ id: number; openForRegistration: boolean }[]>("/api/rounds/all");
    expect(listed.find((r) => r.id === started.id)?.openForRegistration).toBe(false);

    const page = await outcome(
      roundPage.loader(await argsFor("nobody", `/rounds/${started.id}`, undefined, { roundId: String(started.id) })),
    );
    expect(page.data.round.openForRegistration).toBe(false);
    const admin = await outcome(adminRoundsPage.loader(await argsFor("admin", "/admin/rounds")));
    const row = [...admin.data.future, ...admin.data.past].find((r: { id: number }) => r.id === started.id);
    expect(row.openForRegistration).toBe(false);
    // Read, not written: the flag stays as it was until the cron settles it.
    expect(await flagOf(started.id)).toBe(true);
  });

  it("refuses a sign-up with 409 'Registration is closed for this round.' and writes nothing", async () => {
    const { player, token } = await claimed();
    const started = await makeRound({ startsAt: nowSec() - 60, openForRegistration: true });
    await expectError(
      await call("POST", "/api/entries", { token, body: creditSignUpBody(player.id, started.id) }),
      409,
      SIGNUP_MESSAGES.closed,
    );
    await nothingWritten(started.id, player.id);
  });

  it("refuses a sign-up in its own batch when the request read the round before its start", async () => {
    const { user, player } = await claimed();
    const started = await makeRound({ startsAt: nowSec() - 5, openForRegistration: true });
    // The request's clock says a minute before the start; the database's says after it.
    const req = { userId: user.id, playerId: player.id, roundId: started.id, division: "MA2", ace: true, creditRequestedCents: 600 };
    const refused = await signUpWithCredit(db(), req, started.startsAt - 60).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, message: SIGNUP_MESSAGES.closed });
    await nothingWritten(started.id, player.id);
  });

  it("cannot be opened again: 409 naming the round, and the flag stays closed", async () => {
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    const started = await makeRound({ startsAt: nowSec() - 60, name: "Week 12" });
    await expectError(
      await call("POST", "/api/admin/round/openForRegistration", { token, body: { id: started.id, openForRegistration: true } }),
      409,
      "Week 12 has started, so its registration is closed.",
    );
    expect(await flagOf(started.id)).toBe(false);
    const page = await outcome(
      adminRoundsPage.action(await argsFor("admin", "/admin/rounds", { intent: "registration", id: String(started.id), open: "true" })),
    );
    expect(page).toMatchObject({ status: 409, data: { formError: "Week 12 has started, so its registration is closed." } });
    expect(await flagOf(started.id)).toBe(false);
  });
});

describe("the cron", () => {
  it("closes the flag of every open round that has started, and no other", async () => {
    const started = await makeRound({ startsAt: nowSec() - 60, openForRegistration: true });
    const coming = await makeRound({ startsAt: nowSec() + DAY, openForRegistration: true });
    expect(await closeStartedRounds(db(), nowSec())).toBeGreaterThanOrEqual(1);
    expect(await flagOf(started.id)).toBe(false);
    expect(await flagOf(coming.id)).toBe(true);

    const again = await makeRound({ startsAt: nowSec() - 60, openForRegistration: true });
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await flagOf(again.id)).toBe(false);
    expect(await flagOf(coming.id)).toBe(true);
  });
});
