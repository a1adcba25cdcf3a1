import { adminSubApp } from "./context";
import { UserIdParam } from "./params";
import { adminUserDetailJson, adminUserJson } from "./serializers/users";
import { body, param } from "./validate";
import { addUser, adminResetPassword, deleteUser, getUserDetail, listUsers, setLocked } from "~/.server/services/user-admin";
import { AddUserSchema } from "~/schemas/auth";

/** User administration; mounted in ./admin.ts behind the admin guard. */
export const adminUsersApi = adminSubApp()
  .get("/users", async (c) => c.json((await listUsers(c.var.db)).map(adminUserJson)))
  .get("/users/:userId", param(UserIdParam), async (c) =>
    c.json(adminUserDetailJson(await getUserDetail(c.var.db, c.req.valid("param").userId))),
  )
  .delete("/users/:userId", param(UserIdParam), async (c) => {
    await deleteUser(c.var.db, c.var.session.user.id, c.req.valid("param").userId);
    return c.json({ success: true });
  })
  .post("/users/:userId/lock", param(UserIdParam), async (c) => {
    await setLocked(c.var.db, c.var.session.user.id, c.req.valid("param").userId, true);
    return c.json({ success: true });
  })
  .post("/users/:userId/unlock", param(UserIdParam), async (c) => {
    await setLocked(c.var.db, c.var.session.user.id, c.req.valid("param").userId, false);
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
