// The rain-out panel's forms (ADR 50) as the night and entries screens post them: cancel,
// restore, postpone (a date and time in the league's zone) and end early, each answered in
// words the panel shows, through the same services as the /api.
import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY, balanceOf, makeRound, nowSec, testDb } from "../fixtures";
import { expectBooksBalance, paidEntry } from "../money-fixtures";
import { argsFor, outcome } from "../route-fixtures";
import * as nightPage from "~/routes/admin-round-night";
import * as playPage from "~/routes/admin-round-play";
import { rounds } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { CANCEL_MESSAGES, RESTORE_MESSAGES } from "~/lib/rainouts/messages";
import { wallParts } from "~/lib/shared/time";

const roundRow = async (id: number) => (await testDb().select().from(rounds).where(eq(rounds.id, id)))[0]!;
const night = async (roundId: number, form: Record<string, string>) =>
  outcome(nightPage.action(await argsFor("admin", `/admin/round/night/${roundId}`, form, { roundId: String(roundId) })));

describe("the rain-out panel's forms", () => {
  it("cancel and restore from the night screen, the answer in words", async () => {
    const w = await paidEntry({ creditCents: 600 });
    const cancelled = await night(w.round.id, { intent: "cancelRound", reason: "closed course", aces_stand: "on" });
    expect(cancelled).toMatchObject({ status: 200, data: { success: CANCEL_MESSAGES.done(w.round.name, 600, 1) } });
    expect(await roundRow(w.round.id)).toMatchObject({ cancelReason: "closed course", cancelAcesStand: true });
    expect(await balanceOf(w.player.id)).toBe(600);
    // The loader now shows the cancelled round, for the panel at the top.
    const { data } = await outcome(
      nightPage.loader(await argsFor("admin", `/admin/round/night/${w.round.id}`, undefined, { roundId: String(w.round.id) })),
    );
    expect(data.round.cancelledAt).not.toBeNull();
    const restored = await night(w.round.id, { intent: "restoreRound" });
    expect(restored).toMatchObject({ status: 200, data: { success: RESTORE_MESSAGES.done(w.round.name) } });
    expect(await balanceOf(w.player.id)).toBe(0);
    await expectBooksBalance();
  });

  it("postpone from the entries screen, in the league's zone; a stale version and a past start are refused", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY, openForRegistration: true });
    const zone = leagueFromEnv(env).timeZone;
    const to = wallParts(nowSec() + 8 * DAY, zone);
    const date = `${to.year}-${String(to.month).padStart(2, "0")}-${String(to.day).padStart(2, "0")}`;
    const post = async (form: Record<string, string>) =>
      outcome(
        playPage.action(
          await argsFor("admin", `/admin/round/play/${round.id}`, { intent: "postponeRound", ...form }, { roundId: String(round.id) }),
        ),
      );
    const stale = await post({ date, time: "18:30", version: String(round.version + 5) });
    expect(stale.status).toBe(409);
    const past = await post({ date: "2020-01-02", time: "18:30", version: String(round.version) });
    expect(past.status).toBe(409);
    const done = await post({ date, time: "18:30", version: String(round.version) });
    expect(done.status).toBe(200);
    expect(done.data.success).toMatch(/^Postponed to /);
    const row = await roundRow(round.id);
    expect(wallParts(row.startsAt, zone)).toMatchObject({ year: to.year, month: to.month, day: to.day, hour: 18, minute: 30 });
    expect(row.postponedFrom).toBe(round.startsAt);
  });

  it("end early is refused, in words, for a round with no published cards", async () => {
    const round = await makeRound({ startsAt: nowSec() - 3600 });
    const refused = await night(round.id, { intent: "endEarly" });
    expect(refused.status).toBe(409);
    expect(refused.data.formError).toMatch(/nothing to end/);
  });

  it("a director may use them; a player is sent away, and nothing changes", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY });
    const asPlayer = await outcome(
      nightPage.action(
        await argsFor("player", `/admin/round/night/${round.id}`, { intent: "cancelRound", reason: "rain" }, { roundId: String(round.id) }),
      ),
    );
    expect([302, 403]).toContain(asPlayer.status);
    expect((await roundRow(round.id)).cancelledAt).toBeNull();
    const asDirector = await outcome(
      nightPage.action(
        await argsFor(
          "director",
          `/admin/round/night/${round.id}`,
          { intent: "cancelRound", reason: "rain" },
          { roundId: String(round.id) },
        ),
      ),
    );
    expect(asDirector.status).toBe(200);
    expect((await roundRow(round.id)).cancelReason).toBe("rain");
  });
});
