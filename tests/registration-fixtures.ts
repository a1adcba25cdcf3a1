// Helpers for the registration-mail tests: opted-in users, a queue stand-in that keeps
// what was enqueued, and the job run as the consumer runs it.
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { makeUser } from "./auth-fixtures";
import { makePlayer, testDb } from "./fixtures";
import { DEFAULT_LEAGUE_ID, claims, leaguePrefs, registrationMails, users } from "~/.server/db/schema";
import { getDb } from "~/.server/db/client";
import { type Job, JobSchema } from "~/.server/jobs";
import type { Mail, MailSender } from "~/.server/mail/mailer";
import { sendRegistrationMails } from "~/.server/services/rounds/registration-mails";

export const TIME_ZONE = "America/Chicago";

/**
 * A member of the league (an approved claim on a player of its) who asked for the mail (or,
 * with `notify: false`, one who did not); `member: false`, an account of no league yet.
 */
export async function subscriber(opts: { notify?: boolean; locked?: boolean; member?: boolean } = {}) {
  const user = await makeUser({ locked: opts.locked });
  await choose(user.id, { notifyRegistration: opts.notify ?? true });
  if (opts.member ?? true) await makeMember(user.id);
  return user;
}

type Choices = Partial<Pick<typeof leaguePrefs.$inferInsert, "notifyRegistration" | "notifyCards" | "notifyWaitlist" | "calendarToken">>;

/** Sets account `userId`'s choices in league `leagueId` (the default league's unless named), as its profile would. */
export async function choose(userId: number, choices: Choices, leagueId = DEFAULT_LEAGUE_ID) {
  await getDb(env.DB, leagueId)
    .insert(leaguePrefs)
    .values({ leagueId, userId, ...choices })
    .onConflictDoUpdate({ target: [leaguePrefs.leagueId, leaguePrefs.userId], set: choices });
}

/** Account `userId`'s row of choices in league `leagueId` (the default league's unless named), or undefined. */
export async function prefsOf(userId: number, leagueId = DEFAULT_LEAGUE_ID) {
  const [row] = await getDb(env.DB, leagueId)
    .select()
    .from(leaguePrefs)
    .where(and(eq(leaguePrefs.leagueId, leagueId), eq(leaguePrefs.userId, userId)));
  return row;
}

/** Makes account `userId` a member of the default league: an approved claim on a new player. */
export async function makeMember(userId: number) {
  const player = await makePlayer();
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId, playerId: player.id, status: "approved" });
}

/** A queue stand-in: keeps each message (parsed as the consumer parses it), or refuses them all. */
export function recordQueue(opts: { fail?: boolean } = {}) {
  const jobs: Job[] = [];
  const queue = {
    send: async (body: unknown) => {
      if (opts.fail) throw new Error("queue unavailable");
      jobs.push(JobSchema.parse(body));
    },
    sendBatch: async (messages: { body: unknown }[]) => {
      if (opts.fail) throw new Error("queue unavailable");
      for (const m of messages) jobs.push(JobSchema.parse(m.body));
    },
  } as unknown as Queue;
  return { jobs, queue };
}

export const announce = (queue: Queue, now?: number) => ({ jobs: queue, timeZone: TIME_ZONE, origin: "http://localhost:8787", now });

/** Runs the registration job for (round, day) as the consumer does, mail to `send`. */
export const runRegistrationJob = (roundId: number, day: string, send: MailSender) =>
  sendRegistrationMails(
    testDb(),
    { roundId, day },
    { secret: env.SESSION_SECRET, linkOrigin: env.APP_URL, leagueName: "Test League", timeZone: TIME_ZONE, send },
  );

/** The addresses every opted-in, unlocked user has: who a job must mail (the file's other tests' users too). */
export async function recipients(): Promise<string[]> {
  const rows = await testDb()
    .select({ email: users.email })
    .from(users)
    .innerJoin(leaguePrefs, and(eq(leaguePrefs.userId, users.id), eq(leaguePrefs.leagueId, DEFAULT_LEAGUE_ID)))
    .where(
      and(
        eq(leaguePrefs.notifyRegistration, true),
        eq(users.locked, false),
        // A member of the default league, or an account of no league at all (ADR 46).
        sql`(exists (select 1 from claims c where c.user_id = ${users.id} and c.league_id = ${DEFAULT_LEAGUE_ID} and c.status = 'approved')
          or not exists (select 1 from claims c where c.user_id = ${users.id} and c.status = 'approved'))`,
      ),
    );
  return rows.map((r) => r.email).sort();
}

/** How many mails each address got. */
export function countByAddress(mails: Mail[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of mails) counts[m.to] = (counts[m.to] ?? 0) + 1;
  return counts;
}

export const mailRows = (roundId: number) =>
  testDb().select().from(registrationMails).where(eq(registrationMails.roundId, roundId)).orderBy(sql`user_id, day`);
