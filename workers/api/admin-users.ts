import { adminSubApp } from "./context";
import { UserIdParam, UserPlayerParam } from "./params";
import { adminUserDetailJson, adminUserJson, ownRecordJson } from "./serializers/users";
import { body, param } from "./validate";
import { addUser, adminResetPassword, deleteUser, setLocked } from "~/.server/services/accounts/user-admin";
import { getUserDetail, listUsers } from "~/.server/services/accounts/user-list";
import { AddUserSchema } from "~/schemas/auth";
import { unapprovedOwnRecords } from "~/.server/services/players/own-records";
import { removeOwnRecord } from "~/.server/services/players/player-admin";
import { handedOver } from "~/.server/follow-ups";

/** User administration; mounted in ./admin.ts behind the admin guard. */
export const adminUsersApi = adminSubApp()
  .get("/users", async (c) => c.json((await listUsers(c.var.db)).map(adminUserJson)))
  .get("/users/:userId", param(UserIdParam), async (c) =>
    c.json(adminUserDetailJson(await getUserDetail(c.var.db, c.req.valid("param").userId))),
  )
  .delete("/users/:userId", param(UserIdParam), async (c) => {
    handedOver(c.var.db, await deleteUser(c.var.db, c.var.caller.userId, c.req.valid("param").userId));
    return c.json({ success: true });
  })
  // The player records a user added that no approved claim holds, and removing one (ADR 23).
  .get("/users/:userId/players", param(UserIdParam), async (c) => {
    const { userId } = c.req.valid("param");
    // Asked together (one trip); the 404 for a user who does not exist still wins.
    const [, records] = await Promise.all([getUserDetail(c.var.db, userId), unapprovedOwnRecords(c.var.db, userId)]);
    return c.json(records.map(ownRecordJson));
  })
  .delete("/users/:userId/players/:playerId", param(UserPlayerParam), async (c) => {
    const { userId, playerId } = c.req.valid("param");
    await removeOwnRecord(c.var.db, userId, playerId);
    return c.json({ success: true });
  })
  .post("/users/:userId/lock", param(UserIdParam), async (c) => {
    await setLocked(c.var.db, c.var.caller.userId, c.req.valid("param").userId, true);
    return c.json({ success: true });
  })
  .post("/users/:userId/unlock", param(UserIdParam), async (c) => {
    await setLocked(c.var.db, c.var.caller.userId, c.req.valid("param").userId, false);
    return c.json({ success: true });
  })
  .post("/users/:userId/reset-password", param(UserIdParam), async (c) => {
    const newPassword = await adminResetPassword(c.var.db, c.req.valid("param").userId);
    return c.json({ success: true, newPassword });
  })
  .post("/user/add", body(AddUserSchema), async (c) => {
    const result = await addUser(c.var.db, c.req.valid("json"));
    return c.json({ success: true, ...result }, 201);
  });
