import { requireAdmin } from "./auth";
import { subApp } from "./context";
import { idParam } from "./params";
import { adminUserDetailJson, adminUserJson, sessionUserJson } from "./serializers/users";
import { body } from "./validate";
import { sessionCookie } from "~/.server/auth/session";
import { adminLogin } from "~/.server/services/accounts";
import { clientAddress } from "~/.server/client-address";
import { addUser, adminResetPassword, deleteUser, getUserDetail, listUsers, setLocked } from "~/.server/services/user-admin";
import { AddUserSchema, AdminLoginSchema } from "~/schemas/auth";

export const adminApi = subApp()
  .post("/login", body(AdminLoginSchema), async (c) => {
    const { username, password } = c.req.valid("json");
    const result = await adminLogin(c.var.db, c.env, { email: username, password }, clientAddress(c.req.raw));
    c.header("Set-Cookie", sessionCookie(result.token, result.maxAge));
    return c.json({ token: result.token, user: sessionUserJson(result.user) });
  })
  .use("/users/*", requireAdmin)
  .use("/users", requireAdmin)
  .use("/user/*", requireAdmin)
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
