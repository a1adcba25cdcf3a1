// Registration-open mail, with the real D1: opening a round enqueues one
// job per closed→open change, and the job mails every opted-in, unlocked user once per
// round and league day, however often it runs.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, makeRound, nowSec, refusal, testDb } from "../fixtures";
import { recordMail } from "../job-fixtures";
import {
  announce,
  choose,
  countByAddress,
  mailRows,
  makeMember,
  recipients,
  recordQueue,
  runRegistrationJob,
  subscriber,
} from "../registration-fixtures";
import { DEFAULT_LEAGUE_ID, claims, leagues, players, rounds, users } from "~/.server/db/schema";
import { setRegistration } from "~/.server/services/rounds/registration";

const isOpen = async (id: number) => (await testDb().select().from(rounds).where(eq(rounds.id, id)))[0]?.openForRegistration;
// 2026-11-24 15:00 UTC is 09:00 that day in Chicago; 2026-11-25 05:00 UTC is still the 24th there.
const NOV_24 = Date.UTC(2026, 10, 24, 15) / 1000;
const NOV_24_LATE = Date.UTC(2026, 10, 25, 5) / 1000;
const NOV_25 = Date.UTC(2026, 10, 25, 15) / 1000;

describe("setRegistration", () => {
  it("enqueues one job when a closed round opens, keyed on the league's day, after the write", async () => {
    const round = await makeRound({ openForRegistration: false });
    const { jobs, queue } = recordQueue();
    expect(await setRegistration(testDb(), round.id, true, announce(queue, NOV_24_LATE))).toEqual({ opened: true });
    expect(await isOpen(round.id)).toBe(true);
    expect(jobs).toEqual([
      {
        type: "registration-opened",
        id: expect.any(String),
        leagueId: DEFAULT_LEAGUE_ID,
        roundId: round.id,
        day: "2026-11-24",
        origin: "http://localhost:8787",
      },
    ]);
  });

  it("opening an open round, or closing one, enqueues nothing; each new opening enqueues one more", async () => {
    const round = await makeRound({ openForRegistration: true });
    const { jobs, queue } = recordQueue();
    expect(await setRegistration(testDb(), round.id, true, announce(queue))).toEqual({ opened: false });
    expect(await setRegistration(testDb(), round.id, false, announce(queue))).toEqual({ opened: false });
    expect(await isOpen(round.id)).toBe(false);
    expect(await setRegistration(testDb(), round.id, false, announce(queue))).toEqual({ opened: false });
    expect(jobs).toHaveLength(0);
    await setRegistration(testDb(), round.id, true, announce(queue));
    await setRegistration(testDb(), round.id, true, announce(queue));
    expect(jobs).toHaveLength(1);
  });

  it("a round that does not exist: 404, nothing enqueued", async () => {
    const { jobs, queue } = recordQueue();
    expect((await refusal(setRegistration(testDb(), 2_147_483_000, true, announce(queue)))).status).toBe(404);
    expect((await refusal(setRegistration(testDb(), 2_147_483_000, false, announce(queue)))).status).toBe(404);
    expect(jobs).toEqual([]);
  });

  it("when the job cannot be enqueued, the round is closed again and the error thrown", async () => {
    const round = await makeRound({ openForRegistration: false, startsAt: nowSec() + DAY });
    await expect(setRegistration(testDb(), round.id, true, announce(recordQueue({ fail: true }).queue))).rejects.toThrow(
      "queue unavailable",
    );
    expect(await isOpen(round.id)).toBe(false);
  });
});

describe("the registration mail job", () => {
  it("sends exactly one mail to each opted-in, unlocked member of the league; none to the others", async () => {
    const [a, b, off, locked, elsewhere] = [
      await subscriber(),
      await subscriber(),
      await subscriber({ notify: false }),
      await subscriber({ locked: true }),
      // Opted in, but plays in another league only (ADR 46): this league's mail is not theirs.
      await subscriber({ member: false }),
    ];
    const [other] = await testDb()
      .insert(leagues)
      .values({ slug: `mail-${Date.now()}`, name: "Elsewhere", timeZone: "America/Chicago" })
      .returning();
    const [theirs] = await testDb()
      .insert(players)
      .values({ leagueId: other.id, firstName: "Else", lastName: "Where", division: "MA1" })
      .returning();
    await testDb().insert(claims).values({ leagueId: other.id, userId: elsewhere.id, playerId: theirs.id, status: "approved" });
    // And one of no league at all: the default league's, as before leagues (ADR 46).
    const loose = await subscriber({ member: false });
    const round = await makeRound({ openForRegistration: true });
    const mail = recordMail();
    const outcome = await runRegistrationJob(round.id, "2026-11-24", mail.send);
    const counts = countByAddress(mail.sent);
    expect(Object.keys(counts).sort()).toEqual(await recipients());
    expect(Object.values(counts).every((n) => n === 1)).toBe(true);
    expect(counts[a.email]).toBe(1);
    expect(counts[b.email]).toBe(1);
    expect(counts[off.email]).toBeUndefined();
    expect(counts[locked.email]).toBeUndefined();
    expect(counts[elsewhere.email]).toBeUndefined();
    expect(counts[loose.email]).toBe(1);
    expect(outcome).toEqual({ status: "done", sent: mail.sent.length, alreadyMailed: 0, failed: 0 });
    const rows = await mailRows(round.id);
    expect(rows.filter((r) => r.mailedAt !== null)).toHaveLength(mail.sent.length);
    expect(rows.every((r) => r.day === "2026-11-24")).toBe(true);
    // The locked account's row (its lock is the account's, read as the job sends) waits unmailed.
    expect(rows.filter((r) => r.mailedAt === null).map((r) => r.userId)).toEqual([locked.id]);
  });

  it("run twice (the message delivered twice): still one mail each", async () => {
    const user = await subscriber();
    const round = await makeRound({ openForRegistration: true });
    const mail = recordMail();
    await runRegistrationJob(round.id, "2026-11-24", mail.send);
    const first = mail.sent.length;
    const again = await runRegistrationJob(round.id, "2026-11-24", mail.send);
    expect(again).toEqual({ status: "done", sent: 0, alreadyMailed: first, failed: 0 });
    expect(mail.sent).toHaveLength(first);
    expect(countByAddress(mail.sent)[user.email]).toBe(1);
  });

  it("open, close and open again the same day mails nobody twice; a later day's opening mails again", async () => {
    const user = await subscriber();
    const round = await makeRound({ openForRegistration: false, startsAt: nowSec() + DAY });
    const { jobs, queue } = recordQueue();
    await setRegistration(testDb(), round.id, true, announce(queue, NOV_24));
    await setRegistration(testDb(), round.id, false, announce(queue, NOV_24));
    await setRegistration(testDb(), round.id, true, announce(queue, NOV_24_LATE));
    expect(jobs.map((j) => j.type === "registration-opened" && j.day)).toEqual(["2026-11-24", "2026-11-24"]);

    const mail = recordMail();
    for (const job of jobs) if (job.type === "registration-opened") await runRegistrationJob(job.roundId, job.day, mail.send);
    expect(countByAddress(mail.sent)[user.email]).toBe(1);

    await setRegistration(testDb(), round.id, false, announce(queue, NOV_25));
    await setRegistration(testDb(), round.id, true, announce(queue, NOV_25));
    const next = jobs[2];
    expect(next).toMatchObject({ type: "registration-opened", day: "2026-11-25" });
    if (next.type === "registration-opened") await runRegistrationJob(next.roundId, next.day, mail.send);
    expect(countByAddress(mail.sent)[user.email]).toBe(2);
    expect((await mailRows(round.id)).filter((r) => r.userId === user.id).map((r) => r.day)).toEqual(["2026-11-24", "2026-11-25"]);
  });

  it("a round closed again before the job ran, or deleted, mails nobody", async () => {
    await subscriber();
    const closed = await makeRound({ openForRegistration: false });
    const mail = recordMail();
    expect(await runRegistrationJob(closed.id, "2026-11-24", mail.send)).toEqual({ status: "closed" });
    expect(await runRegistrationJob(2_147_483_000, "2026-11-24", mail.send)).toEqual({ status: "no-round" });
    expect(mail.tried).toEqual([]);
    expect(await mailRows(closed.id)).toEqual([]);
  });

  it("a user who opts out before the job runs gets nothing", async () => {
    const user = await subscriber();
    const round = await makeRound({ openForRegistration: true });
    const { setMailPrefs } = await import("~/.server/services/accounts/mail-prefs");
    await setMailPrefs(testDb(), user.id, { registrationOpens: false });
    const mail = recordMail();
    await runRegistrationJob(round.id, "2026-11-24", mail.send);
    expect(countByAddress(mail.sent)[user.email]).toBeUndefined();
  });

  it("after a failed send the job throws; its retry sends only the mails still missing", async () => {
    const user = await subscriber();
    const round = await makeRound({ openForRegistration: true });
    const down = recordMail({ fail: true });
    await expect(runRegistrationJob(round.id, "2026-11-24", down.send)).rejects.toThrow(/could not be sent/);
    expect((await mailRows(round.id)).every((r) => r.mailedAt === null)).toBe(true);

    const mail = recordMail();
    await runRegistrationJob(round.id, "2026-11-24", mail.send);
    expect(countByAddress(mail.sent)[user.email]).toBe(1);
    expect(Object.keys(countByAddress(mail.sent)).sort()).toEqual(await recipients());
  });

  it("pages through a long list (250 more users, more than two pages): each once, also on a second run", async () => {
    const tag = `bulk${Date.now()}`;
    for (let i = 0; i < 250; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) => ({
        email: `${tag}-${i + j}@example.org`,
        name: `Bulk ${i + j}`,
        passwordHash: "not-a-login",
      }));
      const made = await testDb().insert(users).values(batch).returning({ id: users.id });
      for (const u of made) {
        await choose(u.id, { notifyRegistration: true });
        await makeMember(u.id);
      }
    }
    const round = await makeRound({ openForRegistration: true });
    const mail = recordMail();
    await runRegistrationJob(round.id, "2026-11-24", mail.send);
    await runRegistrationJob(round.id, "2026-11-24", mail.send);
    const counts = countByAddress(mail.sent);
    expect(Object.keys(counts).filter((a) => a.startsWith(tag))).toHaveLength(250);
    expect(Object.keys(counts).sort()).toEqual(await recipients());
    expect(Object.values(counts).every((n) => n === 1)).toBe(true);
  });

  it("names the round, its time in the league's zone, the place, the round's link and a one-click unsubscribe", async () => {
    const user = await subscriber();
    // Thursday 2026-12-03 18:00 in Chicago.
    const round = await makeRound({
      openForRegistration: true,
      name: "Frosty Doubles",
      location: "Oak Hollow",
      startsAt: Date.UTC(2026, 11, 4, 0) / 1000,
    });
    const mail = recordMail();
    await runRegistrationJob(round.id, "2026-11-24", mail.send);
    const mine = mail.sent.find((m) => m.to === user.email);
    expect(mine?.subject).toBe("Test League: registration is open for Frosty Doubles (Thu, 12/3/26, 6:00 PM)");
    expect(mine?.text).toContain(`Hello ${user.name},`);
    expect(mine?.text).toContain("When:  Thu, 12/3/26, 6:00 PM");
    expect(mine?.text).toContain("Where: Oak Hollow");
    expect(mine?.text).toContain(`http://localhost:8787/rounds/${round.id}\n`);
    // The way out names the league whose mail it is (ADR 46): the default league's, at the root.
    const unsubscribe = new RegExp(`http://localhost:8787/unsubscribe\\?u=${user.id}&l=1&t=[A-Za-z0-9_-]{43}`).exec(mine?.text ?? "")?.[0];
    expect(unsubscribe).toBeDefined();
    expect(mine?.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe?.replace("/unsubscribe?", "/api/users/unsubscribe?")}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});
