import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { checkCurrentPassword } from "./current-password";
import { base64url } from "~/lib/shared/base64url";

// A player's 4-digit scoring PIN: a cardmate types it to confirm the player's total when
// the player has no phone (ADR 26). Ten thousand PINs fall to any hash in a moment, so a
// slow one buys nothing: the defence is the limits on wrong PINs (per cardmate and player
// in a round, per cardmate and per address a day). It is still stored salted, so equal
// PINs do not look equal in the table. Setting one takes the account's password.

const PIN = /^\d{4}$/;
const encoder = new TextEncoder();

async function digest(salt: string, pin: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(`${salt}:${pin}`))));
}

export async function hashPin(pin: string): Promise<string> {
  const salt = base64url(crypto.getRandomValues(new Uint8Array(16)));
  return `sha256$${salt}$${await digest(salt, pin)}`;
}

/** Whether `pin` is the one `stored` was made from; false for a missing or malformed hash. */
export async function pinMatches(stored: string | null, pin: string): Promise<boolean> {
  const m = stored ? /^sha256\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored) : null;
  if (!m || !PIN.test(pin)) return false;
  const [expected, actual] = [encoder.encode(m[2]), encoder.encode(await digest(m[1], pin))];
  // Length and content compared without an early exit.
  let diff = expected.length ^ actual.length;
  for (let i = 0; i < Math.min(expected.length, actual.length); i++) diff |= expected[i] ^ actual[i];
  return diff === 0;
}

/** Sets (or, with null, clears) the user's scoring PIN; `hash`: the PIN's, when made already. */
export async function setScoringPin(db: Db, userId: number, pin: string | null, hash?: string): Promise<void> {
  if (pin !== null && !PIN.test(pin)) throw badRequest("A scoring PIN is 4 digits");
  const done = await db
    .update(users)
    .set({ scoringPinHash: pin === null ? null : (hash ?? (await hashPin(pin))) })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (done.length === 0) throw notFound("User not found");
}

/**
 * Sets the user's PIN once their current password is checked: a session alone (a phone left
 * open, a stolen cookie) may not choose the PIN that signs for them. Clearing it (null)
 * needs no password: it only takes that power away.
 */
export async function changeScoringPin(db: Db, userId: number, pin: string | null, currentPassword?: string): Promise<void> {
  if (pin === null) return setScoringPin(db, userId, null);
  // Hashed first, so the PIN's write is sent with the password check's refund (one trip, ADR 41).
  const hash = await hashPin(pin);
  await checkCurrentPassword(db, userId, currentPassword ?? "", () => setScoringPin(db, userId, pin, hash));
}

/** Whether the user has a scoring PIN (the PIN itself is never shown again). */
export async function hasScoringPin(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ hash: users.scoringPinHash }).from(users).where(eq(users.id, userId));
  return row?.hash != null;
}
