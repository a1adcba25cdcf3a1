// A reset link must not outlive a reset, a password change, an admin reset or a lock:
// each spends every open link of the user in the same atomic batch.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/.server/auth/password";
import { passwordResets, users } from "~/.server/db/schema";
import { testDb } from "../fixtures";
import {
  INVALID_RESET,
  OTHER_PASSWORD,
  call,
  expectError,
  expectStatus,
  loginToken,
  makeAdmin,
  makeUser,
  resetTokenFor,
  userRow,
} from "../auth-fixtures";

const reset = (token: string, password: string) =>
  call("POST", "/api/users/reset-password", { body: { token, password, confirmPassword: password } });
const verify = (token: string) => call("POST", "/api/users/verify-reset-token", { body: { token } });
const openLinks = async (userId: number) =>
  (await testDb().select().from(passwordResets).where(eq(passwordResets.userId, userId))).filter((r) => r.usedAt === null);

describe("reset links after a reset, a change, an admin reset or a lock", () => {
  it("two mailed links T1, T2: resetting with T2 spends T1 too", async () => {
    const user = await makeUser();
    const t1 = await resetTokenFor(user.email);
    const t2 = await resetTokenFor(user.email);
    await expectStatus(await reset(t2, OTHER_PASSWORD), 200);
    await expectError(await verify(t1), 400, INVALID_RESET);
    await expectError(await reset(t1, "Third-Password-33"), 400, INVALID_RESET);
    expect(await verifyPassword(OTHER_PASSWORD, (await userRow(user.id))!.passwordHash)).toBe(true);
    expect(await openLinks(user.id)).toHaveLength(0);
  }, 15_000);

  it("a lock spends open links, and a link cannot reset a locked user's password", async () => {
    const [user, admin] = await Promise.all([makeUser(), makeAdmin()]);
    const before = await resetTokenFor(user.email);
    const adminToken = await loginToken(admin.email, admin.password);
    await expectStatus(await call("POST", `/api/admin/users/${user.id}/lock`, { token: adminToken }), 200);
    expect(await openLinks(user.id)).toHaveLength(0);
    await expectError(await reset(before, OTHER_PASSWORD), 400, INVALID_RESET);
    expect((await userRow(user.id))!.passwordHash).toBe(user.passwordHash);
  }, 15_000);

  it("a link issued to a user who is locked later (without the lock's batch) still cannot reset", async () => {
    const user = await makeUser();
    const token = await resetTokenFor(user.email);
    await testDb().update(users).set({ locked: true }).where(eq(users.id, user.id));
    await expectError(await verify(token), 400, INVALID_RESET);
    await expectError(await reset(token, OTHER_PASSWORD), 400, INVALID_RESET);
    expect((await userRow(user.id))!.passwordHash).toBe(user.passwordHash);
  }, 15_000);

  it("an admin reset spends the links mailed before it", async () => {
    const [user, admin] = await Promise.all([makeUser(), makeAdmin()]);
    const before = await resetTokenFor(user.email);
    const adminToken = await loginToken(admin.email, admin.password);
    const { newPassword } = await expectStatus(
      await call("POST", `/api/admin/users/${user.id}/reset-password`, { token: adminToken }),
      200,
    );
    await expectError(await reset(before, OTHER_PASSWORD), 400, INVALID_RESET);
    expect(await verifyPassword(newPassword, (await userRow(user.id))!.passwordHash)).toBe(true);
  }, 15_000);

  it("a password change on the profile spends open links; a name change does not", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    const link = await resetTokenFor(user.email);
    await expectStatus(await call("PUT", "/api/users/profile", { token, body: { name: "Renamed Player" } }), 200);
    expect(await openLinks(user.id)).toHaveLength(1);
    await expectStatus(
      await call("PUT", "/api/users/profile", {
        token,
        body: { password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD, currentPassword: user.password },
      }),
      200,
    );
    await expectError(await reset(link, "Third-Password-33"), 400, INVALID_RESET);
    expect(await verifyPassword(OTHER_PASSWORD, (await userRow(user.id))!.passwordHash)).toBe(true);
  }, 15_000);

  it("another user's links are untouched by a reset", async () => {
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    const linkA = await resetTokenFor(a.email);
    await resetTokenFor(b.email);
    await expectStatus(await reset(linkA, OTHER_PASSWORD), 200);
    expect(await openLinks(b.id)).toHaveLength(1);
  }, 15_000);
});
