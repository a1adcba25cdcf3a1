import { z } from "zod";
import { optionalSessionOf, requireUser, setSignedIn } from "./auth";
import { subApp } from "./context";
import { errorJson } from "./errors";
import { calendarFeedJson, emailCheckJson, meJson, registeredJson, sessionUserJson, signedInJson } from "./serializers/users";
import { body, query } from "./validate";
import { clearedSessionCookie } from "~/.server/auth/session";
import { clearedHintCookie } from "~/.server/auth/session-hint";
import { checkEmail, login, createAccountAndStartSession, updateProfile } from "~/.server/services/accounts/accounts";
import { signedSession } from "~/.server/services/accounts/session-start";
import { endAllSessions, endSession } from "~/.server/services/accounts/sessions";
import {
  INVALID_RESET,
  RESET_REQUESTED,
  requestPasswordReset,
  resetPassword,
  verifyResetToken,
} from "~/.server/services/accounts/password-reset";
import { clientAddress } from "~/.server/client-address";
import { getMailPrefs, readUnsubscribeLink, setMailPrefs } from "~/.server/services/accounts/mail-prefs";
import { NotificationsSchema, OneClickSchema, UNSUBSCRIBED } from "~/schemas/notifications";
import { ScoringPinSchema } from "~/schemas/scoring-pin";
import { changeScoringPin } from "~/.server/services/accounts/scoring-pin";
import { badRequest } from "~/.server/errors";
import { calendarFeedUrls, feedOrigin, personalFeedUrl, resetCalendarToken } from "~/.server/services/rounds/calendar";
import {
  EmailSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ProfileSchema,
  RegisterSchema,
  ResetPasswordSchema,
  ResetTokenSchema,
} from "~/schemas/auth";
import { leagueUrls } from "~/lib/shared/league-url";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import type { League } from "~/.server/league";

/** An unsubscribe link sent before links named their league (the first league's), opened under another league. */
const oldLinkElsewhere = (league: League, query: URLSearchParams) => !query.has("l") && league.id !== DEFAULT_LEAGUE_ID;

export const usersApi = subApp()
  .get("/check-email", query(z.object({ email: EmailSchema })), async (c) => {
    return c.json(emailCheckJson(await checkEmail(c.var.db, c.req.valid("query").email, clientAddress(c.req.raw))));
  })
  .post("/login", body(LoginSchema), async (c) => {
    const result = await login(c.var.db, c.env, c.req.valid("json"), clientAddress(c.req.raw), c.var.league.id);
    setSignedIn(c, result);
    return c.json(signedInJson(result.token, result.user));
  })
  .post("/register", body(RegisterSchema), async (c) => {
    const result = await createAccountAndStartSession(c.var.db, c.env, c.req.valid("json"), clientAddress(c.req.raw), c.var.league.id);
    setSignedIn(c, result);
    return c.json(registeredJson(result.token, result.user), 201);
  })
  .post("/forgot-password", body(ForgotPasswordSchema), async (c) => {
    await requestPasswordReset(c.var.db, c.env.JOBS, c.req.valid("json").email, clientAddress(c.req.raw), new URL(c.req.url).origin);
    return c.json({ success: true, message: RESET_REQUESTED });
  })
  .post("/verify-reset-token", body(ResetTokenSchema), async (c) => {
    const valid = await verifyResetToken(c.var.db, c.req.valid("json").token);
    return valid ? c.json({ valid }) : c.json({ valid, ...errorJson(c.req.raw, "bad_request", INVALID_RESET) }, 400);
  })
  .post("/reset-password", body(ResetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    await resetPassword(c.var.db, token, password);
    return c.json({ success: true });
  })
  // Ends this session on the server (its token stops working at once); an unknown or
  // dead token has nothing to end, and logging out is still a success.
  .post("/logout", async (c) => {
    const session = await optionalSessionOf(c.req.raw, c.var.db, c.env, c.var.league.id);
    if (session) await endSession(c.var.db, session);
    c.header("Set-Cookie", clearedSessionCookie());
    c.header("Set-Cookie", clearedHintCookie(), { append: true });
    return c.json({ success: true });
  })
  .post("/logout-everywhere", requireUser, async (c) => {
    await endAllSessions(c.var.db, c.var.caller.userId);
    c.header("Set-Cookie", clearedSessionCookie());
    c.header("Set-Cookie", clearedHintCookie(), { append: true });
    return c.json({ success: true });
  })
  // The registration mail's List-Unsubscribe URL (RFC 8058), in the league whose mail it was
  // (ADR 46). Mail clients post to it from their own servers or pages, with no cookie and any
  // Origin: the link's signature is the only authority (React Router refuses cross-origin
  // posts to page actions, so the one-click lives here). A client that opens the URL instead
  // gets the /unsubscribe page (the deployment's, placed in the league the link names). A link
  // from before links named their league is the first league's: under another league's /api
  // it is sent on to the root's.
  .get("/unsubscribe", (c) => {
    const query = new URL(c.req.url).searchParams;
    return c.redirect(leagueUrls(null).rootHref(`/unsubscribe?${query}`), 303);
  })
  .post("/unsubscribe", async (c) => {
    const query = new URL(c.req.url).searchParams;
    if (oldLinkElsewhere(c.var.league, query)) return c.redirect(leagueUrls(null).apiUrl(`/users/unsubscribe?${query}`), 308);
    // The link first (a bad one is refused whatever the body), then RFC 8058's body.
    const { userId } = await readUnsubscribeLink(c.var.db, c.env.SESSION_SECRET, query);
    const form = await c.req.raw.formData().catch(() => null);
    if (!OneClickSchema.safeParse(form ? Object.fromEntries(form) : {}).success) {
      throw badRequest("Send List-Unsubscribe=One-Click as a form to unsubscribe");
    }
    await setMailPrefs(c.var.db, userId, { registrationOpens: false });
    return c.json({ success: true, message: UNSUBSCRIBED });
  })
  .get("/me", requireUser, async (c) => c.json(meJson((await c.var.caller.session).user)))
  // The user's mail preference in the request's league (ADR 46): { registrationOpens }. The
  // card and waitlist mails are kinds of message now: /api/messages/prefs (ADR 49).
  .get("/me/notifications", requireUser, async (c) => c.json({ notifications: await getMailPrefs(c.var.db, c.var.caller.userId) }))
  .put("/me/notifications", requireUser, body(NotificationsSchema), async (c) => {
    const notifications = await setMailPrefs(c.var.db, c.var.caller.userId, c.req.valid("json"));
    return c.json({ success: true, notifications });
  })
  // The player's scoring PIN for live scoring (ADR 26): set with 4 digits and the current password, cleared with null.
  .put("/me/scoring-pin", requireUser, body(ScoringPinSchema), async (c) => {
    const { pin, currentPassword } = c.req.valid("json");
    await changeScoringPin(c.var.db, c.var.caller.userId, pin, currentPassword);
    return c.json({ success: true, scoringPin: pin !== null });
  })
  // A new personal calendar feed URL in the request's league (/profile's "Reset link"): any
  // earlier one of this league stops working; the user's feeds of other leagues stay.
  .post("/me/calendar-token", requireUser, async (c) => {
    const token = await resetCalendarToken(c.var.db, c.var.caller.userId);
    // The feeds of the league the /api was called in (ADR 46).
    const links = leagueUrls(c.var.league, feedOrigin(c.env.APP_URL, c.req.url));
    return c.json(calendarFeedJson({ all: calendarFeedUrls(links, null).all, personal: personalFeedUrl(links, token) }));
  })
  .put("/profile", requireUser, body(ProfileSchema), async (c) => {
    const { caller } = c.var;
    const [session, { passwordChanged, saved, sessionVersion }] = await Promise.all([
      caller.session,
      updateProfile(c.var.db, caller.userId, c.req.valid("json")),
    ]);
    // The session's user (read by the guard) with what was saved: no trip to read it again.
    const user = { ...session.user, ...saved };
    if (!passwordChanged) return c.json({ success: true, user: sessionUserJson(user) });
    // A new password ended every session; this one continues on a fresh token, signed with the
    // version that batch wrote (no trip to read the row again).
    const fresh = await signedSession(c.env, { ...session, user }, sessionVersion);
    setSignedIn(c, fresh);
    return c.json({ success: true, user: sessionUserJson(fresh.user), token: fresh.token });
  });
