import { requireAdmin } from "./auth";
import { adminAuditApi } from "./admin-audit";
import { adminCoursesApi } from "./admin-courses";
import { adminEndEarlyApi } from "./admin-end-early";
import { adminEntriesApi } from "./admin-entries";
import { adminLiveApi } from "./admin-live";
import { adminMessagesApi } from "./admin-messages";
import { adminMembershipsApi } from "./admin-memberships";
import { adminLeaguesApi } from "./admin-leagues";
import { adminInvitesApi } from "./admin-invites";
import { adminLeagueApi } from "./admin-league";
import { adminWaitlistApi } from "./waitlist";
import { adminNightApi } from "./admin-night";
import { adminPaymentsApi } from "./admin-payments";
import { adminPayPalApi } from "./admin-paypal";
import { adminPayPalBackApi } from "./rainouts";
import { adminSidePotsApi } from "./admin-side-pots";
import { adminPlayersApi } from "./admin-players";
import { adminRainoutsApi } from "./admin-rainouts";
import { adminRatingsApi } from "./admin-ratings";
import { adminRoundsApi } from "./admin-rounds";
import { adminSettingsApi } from "./admin-settings";
import { adminUsersApi } from "./admin-users";
import { adminSubApp } from "./context";
import { adminTagsApi } from "./tags";

/**
 * Everything under /api/admin except the login (./admin-login.ts): the guard is the
 * first middleware, for every path and method, and lets a call through only to a role in
 * the request's league that holds the capability ./admin-access.ts names for it (ADR 47);
 * a route added below without a line there is the operator's alone.
 * tests/api/admin-guard.test.ts and tests/api/roles-guard.test.ts walk the routes to prove it.
 */
export const adminApi = adminSubApp()
  .use("*", requireAdmin)
  .route("/", adminUsersApi)
  .route("/", adminMembershipsApi)
  .route("/", adminLeaguesApi)
  .route("/", adminLeagueApi)
  .route("/", adminInvitesApi)
  .route("/", adminPlayersApi)
  .route("/", adminRoundsApi)
  .route("/", adminRainoutsApi)
  .route("/", adminEntriesApi)
  .route("/", adminNightApi)
  .route("/", adminSidePotsApi)
  .route("/", adminPaymentsApi)
  .route("/", adminPayPalBackApi)
  .route("/", adminRatingsApi)
  .route("/", adminSettingsApi)
  .route("/", adminPayPalApi)
  .route("/", adminCoursesApi)
  .route("/", adminAuditApi)
  .route("/", adminLiveApi)
  .route("/", adminEndEarlyApi)
  .route("/", adminWaitlistApi)
  .route("/", adminMessagesApi)
  .route("/", adminTagsApi);
