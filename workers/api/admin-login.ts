import { setSignedIn } from "./auth";
import { subApp } from "./context";
import { sessionUserJson } from "./serializers/users";
import { body } from "./validate";
import { clientAddress } from "~/.server/client-address";
import { adminLogin } from "~/.server/services/accounts/accounts";
import { adminLanding } from "~/.server/services/rounds/admin-landing";
import { AdminLoginSchema } from "~/schemas/auth";
import { leagueUrls } from "~/lib/shared/league-url";

/**
 * POST /api/admin/login: the one admin path open to everyone. `next` is the page the app's
 * own login lands on (ADR 39): tonight's round's night screen, today's list, or the rounds page.
 */
export const adminLoginApi = subApp().post("/login", body(AdminLoginSchema), async (c) => {
  const { username, password } = c.req.valid("json");
  const result = await adminLogin(c.var.db, c.env, { email: username, password }, clientAddress(c.req.raw), c.var.league.id);
  setSignedIn(c, result);
  // A page of the league the /api was called in (ADR 46).
  const urls = leagueUrls(c.var.league);
  const next = await adminLanding(c.var.db, c.var.league.timeZone, undefined, urls).catch(() => urls.href("/admin/rounds"));
  return c.json({ token: result.token, user: sessionUserJson(result.user), next });
});
