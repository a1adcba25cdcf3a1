import { settled, settledValue } from "~/lib/shared/settled";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { z } from "zod";
import type { SessionUser } from "../../auth/current-user";
import { hashPassword, needsRehash, verifyPassword } from "../../auth/password";
import { ADMIN_SESSION_SECONDS, type LoginKind, USER_SESSION_SECONDS, signSession } from "../../auth/session";
import { LOGIN_FAILED, type LoginResult, kindOf, startSession } from "./session-start";
import { type Db, uniqueViolation, dbNow } from "../../db/client";
import { memberships, users } from "../../db/schema";
import type { LeagueRole } from "~/lib/accounts/roles";
import { AppError, badRequest, conflict } from "../../errors";
import { type Counter, LIMITS, TOO_MANY, clearLimit, consume, hitStatement, refund, remember, seenWithinSql } from "../../rate-limit";
import { spendOpenResets } from "./password-reset";
import { nowSeconds } from "~/lib/shared/time";
import { EMAIL_IN_USE } from "~/lib/accounts/messages";
import type { LoginSchema, ProfileSchema, RegisterSchema } from "~/schemas/auth";

export { EMAIL_IN_USE };
export { LOGIN_FAILED };
export const ADMIN_LOGIN_FAILED = "Login failed. Please try again.";

// A hash of a throwaway password: unknown emails cost as much time as wrong passwords.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy-password-never-used-A1"));

/** The registration form's "is this email taken?" check, limited per client (no bulk enumeration). */
export async function checkEmail(db: Db, email: string, client: string): Promise<boolean> {
  // The attempt counted and the address looked up together (one trip); a refused attempt's
  // answer is never sent.
  const [, exists] = await Promise.all([consume(db, [`check-email:ip:${client}`, LIMITS.checkEmail]), emailExists(db, email)]);
  return exists;
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return !!row;
}

/**
 * Insert that turns the unique-email race into a clean 409 instead of a 500; answers the
 * new row as a session needs it (no read after the insert).
 */
export async function insertUser(
  db: Db,
  values: { email: string; name: string; passwordHash: string; isOperator?: boolean; lastLogin?: number },
) {
  try {
    const [row] = await db.insert(users).values(values).returning({
      id: users.id,
      name: users.name,
      email: users.email,
      isOperator: users.isOperator,
      sessionVersion: users.sessionVersion,
    });
    return row;
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(EMAIL_IN_USE);
    throw err;
  }
}

/** Registration as both front doors do it: the per-client limit, the account, its first session. */
export async function createAccountAndStartSession(
  db: Db,
  env: Env,
  input: z.infer<typeof RegisterSchema>,
  client: string,
  leagueId: number,
): Promise<LoginResult> {
  // The attempt counted and the address looked up together (one trip, ADR 41); the 429
  // still wins over the 409, and the insert's unique email still catches a race.
  const [, taken] = await Promise.all([consume(db, [`register:ip:${client}`, LIMITS.register]), emailExists(db, input.email)]);
  if (taken) throw conflict(EMAIL_IN_USE);
  const passwordHash = await hashPassword(input.password);
  // Registering logs the user in: that is their first login. The session's user is the
  // insert's own answer: a new account has no claim and no role yet.
  const user = await insertUser(db, { email: input.email, name: input.name, passwordHash, lastLogin: nowSeconds() });
  const session = await signSession(env, { id: user.id, sessionVersion: user.sessionVersion }, "user", USER_SESSION_SECONDS);
  const sessionUser: SessionUser = {
    id: user.id,
    name: user.name,
    email: user.email,
    isOperator: user.isOperator,
    linkedPlayerId: null,
    claimStatus: null,
  };
  return { ...session, user: sessionUser, leagueId, leagueRole: null };
}

/**
 * Checks email and password under the login limits (ADR 7), in the request's league. `kind`
 * "admin" is the admin login: only the operator and a user with a role in this league pass
 * (ADR 47), and get the 72 h session.
 *
 * The attempt is counted before the password is checked, so parallel guesses can never
 * get more checks than the limits allow; a right password gives its count back. The
 * account-wide ceiling does not apply from a client the account has logged in from, so
 * an attacker elsewhere cannot lock the owner out of their usual device.
 */
export async function login(
  db: Db,
  env: Env,
  input: z.infer<typeof LoginSchema>,
  client: string,
  leagueId: number,
  kind: LoginKind = "user",
): Promise<LoginResult> {
  const pairKey = `login:acct-client:${input.email}|${client}`;
  const knownKey = `login:known:${input.email}|${client}`;
  const now = nowSeconds();
  // Whether this client is the account's own decides whether the account-wide counter counts
  // this attempt: SQL decides it as it counts, so the counts and the account's row go in one
  // trip (ADR 41), and the password is checked only once the counts have landed. From a
  // known client the attempt lands on a key of its own that no limit reads.
  const account = `login:acct:${input.email}`;
  const ownClient = `login:acct-own-client:${input.email}|${client}`;
  const accountKey = sql`case when ${seenWithinSql(knownKey, LIMITS.knownClient, now)} then ${ownClient} else ${account} end`;
  const counters: Counter[] = [
    [pairKey, LIMITS.loginAccountClient],
    [`login:ip:${client}`, LIMITS.loginClient],
  ];
  const [counts, [row]] = await Promise.all([
    db.batch([
      ...(counters.map(([key, limit]) => hitStatement(db, key, limit, now)) as [ReturnType<typeof hitStatement>]),
      hitStatement(db, accountKey, LIMITS.loginAccount, now),
    ]),
    db
      .select({
        ...getTableColumns(users),
        // The role in this league, in the same read (memberships are the deployment's, like users).
        leagueRole: sql<LeagueRole | null>`(select ${memberships.role} from ${memberships} where ${and(
          eq(memberships.leagueId, leagueId),
          eq(memberships.userId, users.id),
        )})`,
      })
      .from(users)
      .where(eq(users.email, input.email)),
  ]);
  const [counted] = counts[counters.length] ?? [];
  // The account's limit applies only when this attempt counted on it (not a known client's).
  const over =
    counters.some(([, limit], i) => (counts[i]?.[0]?.count ?? 1) > limit.max) ||
    (counted?.key === account && counted.count > LIMITS.loginAccount.max);
  if (over) throw new AppError("rate_limited", TOO_MANY);
  // An unknown email costs a password check too, so timing does not tell who has an account.
  const ok = await verifyPassword(input.password, row?.passwordHash ?? (await decoy()));
  if (!row || !ok || row.locked || (kind === "admin" && kindOf(row) !== "admin")) {
    if (row?.locked && ok) throw new AppError("forbidden", "This account is locked. Contact the league.");
    throw new AppError("unauthorized", LOGIN_FAILED);
  }
  // Upgrade hashes made with older parameters while the password is at hand.
  const rehash = needsRehash(row.passwordHash) ? { passwordHash: await hashPassword(input.password) } : {};
  // A right password's writes and the session's user, sent together (one trip): the stamp
  // changes none of the fields the session reads. Staff are signed as staff whichever form
  // they used; the admin login's session lasts 72 h.
  const [session] = await Promise.all([
    startSession(db, env, row.id, leagueId, kindOf(row), kind === "admin" ? ADMIN_SESSION_SECONDS : USER_SESSION_SECONDS),
    refund(db, ...counters.slice(1), ...(counted ? [[counted.key, LIMITS.loginAccount] as const] : [])),
    clearLimit(db, pairKey),
    remember(db, knownKey),
    db
      .update(users)
      .set({ lastLogin: dbNow, ...rehash })
      .where(eq(users.id, row.id)),
  ]);
  return session;
}

/**
 * The admin login: one answer for every failure but the rate limit, so nothing about
 * who holds a role (or is locked) leaks.
 */
export async function adminLogin(
  db: Db,
  env: Env,
  input: z.infer<typeof LoginSchema>,
  client: string,
  leagueId: number,
): Promise<LoginResult> {
  try {
    return await login(db, env, input, client, leagueId, "admin");
  } catch (err) {
    if (err instanceof AppError && err.code !== "rate_limited") throw new AppError("unauthorized", ADMIN_LOGIN_FAILED);
    throw err;
  }
}

/**
 * Applies only the fields that differ. A new email or password needs the current
 * password (its checks are limited per user); a new password ends the user's other
 * sessions (the caller gets a fresh token); either spends the user's open reset links.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  input: z.infer<typeof ProfileSchema>,
): Promise<{ passwordChanged: boolean; saved: { name: string; email: string }; sessionVersion: number }> {
  const checks: Counter = [`password-check:user:${userId}`, LIMITS.passwordCheck];
  // The row, whether a new email is taken and the password check's count (when a current
  // password comes to be checked), asked together (one trip, ADR 41, 42); the checks below
  // keep their order.
  const counting = Boolean(input.currentPassword) && (input.email !== undefined || input.password !== undefined);
  const [[row], taken, counted] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    input.email === undefined ? false : emailExists(db, input.email),
    counting ? settled(consume(db, checks)) : null,
  ]);
  // A count that turns out to guard nothing (or a right password) is given back.
  const refunded = () => (counted?.ok ? refund(db, checks) : Promise.resolve());
  if (!row) throw new AppError("unauthorized", "Please log in again.");
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined && input.name !== row.name) changes.name = input.name;
  if (input.email !== undefined && input.email !== row.email) changes.email = input.email;
  if (input.password !== undefined) changes.passwordHash = "pending";
  if (Object.keys(changes).length === 0) {
    await refunded();
    throw badRequest("No changes to update.");
  }
  const sensitive = changes.email !== undefined || changes.passwordHash !== undefined;
  if (sensitive) {
    if (!input.currentPassword || !counted) throw badRequest("Current password is incorrect");
    settledValue(counted);
    if (!(await verifyPassword(input.currentPassword, row.passwordHash))) throw badRequest("Current password is incorrect");
  }
  // Given back before a 409, else sent with the write (one trip).
  if (changes.email !== undefined && taken) {
    await refunded();
    throw conflict(EMAIL_IN_USE);
  }
  if (input.password !== undefined) {
    changes.passwordHash = await hashPassword(input.password);
    changes.sessionVersion = row.sessionVersion + 1;
  }
  try {
    const update = db.update(users).set(changes).where(eq(users.id, userId));
    await Promise.all([sensitive ? db.batch([update, spendOpenResets(db, userId)]) : update, refunded()]);
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(EMAIL_IN_USE);
    throw err;
  }
  return {
    passwordChanged: input.password !== undefined,
    saved: { name: changes.name ?? row.name, email: changes.email ?? row.email },
    sessionVersion: changes.sessionVersion ?? row.sessionVersion,
  };
}
