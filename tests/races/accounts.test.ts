import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeUser, PASSWORD, tokenFor, uniqueEmail } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { answersOf, RUNS } from "./race-fixtures";
import { users } from "~/.server/db/schema";
import { EMAIL_IN_USE } from "~/.server/services/accounts/accounts";

// One email address taken three ways at once: a registration and two users changing their
// email to it (POST /api/users/register, PUT /api/users/profile). The unique index decides
// (the read-first check passes for all three); the others get 409 and keep what they had.
// (Twenty registrations of one email are in tests/api/auth-register.test.ts.)

describe("a registration and two profile changes claiming one email at once", () => {
  // Three runs: each costs three scrypt hashes on the one workerd thread.
  it.each(RUNS.slice(0, 3))("run %i: one account holds it; the others are refused and unchanged", async () => {
    const email = uniqueEmail("race");
    const [u1, u2] = await Promise.all([makeUser(), makeUser()]);
    const [t1, t2] = await Promise.all([tokenFor(u1), tokenFor(u2)]);
    const move = (token: string) => call("PUT", "/api/users/profile", { token, body: { email, currentPassword: PASSWORD } });
    const answers = await answersOf([
      call("POST", "/api/users/register", { body: { email, name: "Racer", password: PASSWORD } }),
      move(t1),
      move(t2),
    ]);
    const ok = [201, 200, 200];
    for (const [i, a] of answers.entries()) if (a.status !== ok[i]) expect(a).toMatchObject({ status: 409, body: { error: EMAIL_IN_USE } });
    const won = answers.map((a, i) => a.status === ok[i]);
    expect(won.filter(Boolean), `one of ${answers.map((a) => a.status).join(", ")} wins`).toHaveLength(1);
    const holders = await testDb().select().from(users).where(eq(users.email, email));
    expect(holders).toHaveLength(1);
    const [registered, moved1, moved2] = won;
    if (registered) expect(holders[0]?.name).toBe("Racer");
    if (moved1) expect(holders[0]?.id).toBe(u1.id);
    if (moved2) expect(holders[0]?.id).toBe(u2.id);
    for (const [u, moved] of [
      [u1, moved1],
      [u2, moved2],
    ] as const) {
      if (!moved) expect((await testDb().select().from(users).where(eq(users.id, u.id)))[0]?.email).toBe(u.email);
    }
    // The holder logs in with the email.
    await expectStatus(await call("POST", "/api/users/login", { body: { email, password: PASSWORD } }), 200);
  });
});
