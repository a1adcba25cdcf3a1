import { requireAdmin } from "./auth";
import { subApp } from "./context";
import { idParam } from "./params";
import { body } from "./validate";
import { sessionCookie } from "~/.server/auth/session";
import { login } from "~/.server/services/accounts";
import { clientAddress } from "~/.server/services/rate-limit";
import { addUser, adminResetPassword, deleteUser, getUserDetail, listUsers, setLocked } from "~/.server/services/user-admin";
import { AddUserSchema, AdminLoginSchema } from "~/schemas/auth";
import { AppError } from "~/.server/errors";

export const ADMIN_LOGIN_FAILED = "Login failed. Please try again.";

export const adminApi = subApp()
  .post("/login", body(AdminLoginSchema), async (c) => {
    const { username, password } = c.req.valid("json");
    try {
      const result = await login(c.var.db, c.env, { email: username, password }, clientAddress(c.req.raw), "admin");
      c.header("Set-Cookie", sessionCookie(result.token, result.maxAge));
      return c.json({ token: result.token, user: result.user });
    } catch (err) {
      // One answer for every failure but the rate limit: nothing about who is an admin leaks.
      if (err instanceof AppError && err.code !== "rate_limited") throw new AppError("unauthorized", ADMIN_LOGIN_FAILED);
      throw err;
    }
  })
  .use("/users/*", requireAdmin)
  .use("/users", requireAdmin)
  .use("/user/*", requireAdmin)
  .get("/users", async (c) => c.json(await listUsers(c.var.db)))
  .get("/users/:userId", async (c) => c.json(await getUserDetail(c.var.db, idParam(c, "userId", "user id"))))
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
