import { adminSubApp } from "./context";
import { idParam } from "./params";
import { adminUserDetailJson, adminUserJson } from "./serializers/users";
import { body } from "./validate";
import { addUser, adminResetPassword, deleteUser, getUserDetail, listUsers, setLocked } from "~/.server/services/user-admin";
import { AddUserSchema } from "~/schemas/auth";

/** User administration; mounted in ./admin.ts behind the admin guard. */
export const adminUsersApi = adminSubApp()
  .get("/users", async (c) => c.json((await listUsers(c.var.db)).map(adminUserJson)))
  .get("/users/:userId", async (c) => c.json(adminUserDetailJson(await getUserDetail(c.var.db, idParam(c, "userId", "user id")))))
  .delete("/users/:userId", async (c) => {
    await deleteUser(c.var.db, c.var.session.user.id, idParam(c, "userId", "user id"));
    return c.json({ success: true });
  })
  .post("/users/:userId/lock", async (c) => {
    await setLocked(c.var.db, c.var.session.user.id, idParam(c, "userId", "user id"), true);
    return c.json({ success: true });
  })
  .post("/users/:userId/unlock", async (c) => {
    await setLocked(c.var.db, c.var.session.user.id, idParam(c, "userId", "user id"), false);
    return c.json({ success: true });
  })
  .post("/users/:userId/reset-password", async (c) => {
    const newPassword = await adminResetPassword(c.var.db, idParam(c, "userId", "user id"));
    return c.json({ success: true, newPassword });
  })
  .post("/user/add", body(AddUserSchema), async (c) => {
    const result = await addUser(c.var.db, c.req.valid("json"));
    return c.json({ success: true, ...result }, 201);
  });
