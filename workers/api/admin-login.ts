import { subApp } from "./context";
import { sessionUserJson } from "./serializers/users";
import { body } from "./validate";
import { sessionCookie } from "~/.server/auth/session";
import { clientAddress } from "~/.server/client-address";
import { adminLogin } from "~/.server/services/accounts/accounts";
import { AdminLoginSchema } from "~/schemas/auth";

/** POST /api/admin/login: the one admin path open to everyone. */
export const adminLoginApi = subApp().post("/login", body(AdminLoginSchema), async (c) => {
  const { username, password } = c.req.valid("json");
  const result = await adminLogin(c.var.db, c.env, { email: username, password }, clientAddress(c.req.raw));
  c.header("Set-Cookie", sessionCookie(result.token, result.maxAge));
  return c.json({ token: result.token, user: sessionUserJson(result.user) });
});
