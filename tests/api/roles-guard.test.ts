// Every admin page and every admin call, for each kind of caller, against ADR 47's table
// (./roles-table.ts): a visitor, a player, a director, an admin, the owner and the operator
// each get exactly what the table says. The calls are read from the app itself and the pages
// from app/routes.ts, so one added later must be added to the table to pass. Ids name nothing
// (999999999) and bodies are empty: an allowed call answers its own 400 or 404, so nothing
// is written, and a refused one the guard's 401 or 403.
import { describe, expect, it } from "vitest";
import routesSource from "~/routes.ts?raw";
import { api } from "../../workers/api";
import { ADMIN_CALLS } from "../../workers/api/admin-access";
import { call, grantRole, makeAdmin, makeMember, makeUser, tokenFor } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { makeLiveRound } from "../live-fixtures";
import { forgetLeagues } from "../../workers/league-directory";
import { leagues } from "~/.server/db/schema";
import { argsWith, outcome, sessionOf, type Who } from "../route-fixtures";
import { API_TABLE, PAGE_TABLE, PERSONAS, type Persona, mayAt } from "./roles-table";
import { NOT_YOUR_ROLE as PAGE_NOT_YOUR_ROLE } from "~/.server/auth/guards";
import * as adminAudit from "~/routes/admin-audit";
import * as adminHome from "~/routes/admin-home";
import * as adminClaims from "~/routes/admin-claims";
import * as adminCourseForm from "~/routes/admin-course-form";
import * as adminCourses from "~/routes/admin-courses";
import * as adminLayoutForm from "~/routes/admin-layout-form";
import * as adminPayments from "~/routes/admin-payments";
import * as adminPayPal from "~/routes/admin-paypal";
import * as adminPlayer from "~/routes/admin-player";
import * as adminReportsCsv from "~/routes/admin-reports-csv";
import * as adminReports from "~/routes/admin-reports";
import * as adminRoundForm from "~/routes/admin-round-form";
import * as adminRoundNight from "~/routes/admin-round-night";
import * as adminRoundMessage from "~/routes/admin-round-message";
import * as adminRoundPlay from "~/routes/admin-round-play";
import * as adminRoundScores from "~/routes/admin-round-scores";
import * as adminRoundsMulti from "~/routes/admin-rounds-multi";
import * as adminRounds from "~/routes/admin-rounds";
import * as adminSettings from "~/routes/admin-settings";
import * as adminTags from "~/routes/admin-tags";
import * as adminUser from "~/routes/admin-user";
import * as adminUsers from "~/routes/admin-users";
import * as adminMembers from "~/routes/admin-members";
import { NOT_AN_ADMIN, NOT_YOUR_ROLE } from "../../workers/api/auth";

const NOBODY = "999999999";

/** The app's admin calls: every route behind the admin guard (the login and middleware left out). */
function adminCalls(): string[] {
  const found = new Set<string>();
  for (const { method, path } of api.routes) {
    if (method === "ALL" || path === "/api/admin/login") continue;
    const name = `${method} ${path}`;
    if (path.startsWith("/api/admin/") || name in API_TABLE) found.add(name);
  }
  return [...found].sort();
}

const urlOf = (path: string) => path.replace(/:\w+\{(?:\(\?:)?([^|}()]*)[^}]*\}/g, "$1").replace(/:\w+/g, NOBODY);

async function tokens(): Promise<Record<Persona, string | null>> {
  const [player, director, admin, owner, operator] = await Promise.all([
    makeUser(),
    makeMember("director"),
    makeMember("admin"),
    makeMember("owner"),
    makeAdmin(),
  ]);
  // Staff are signed as staff at login (app/.server/services/accounts/accounts.ts).
  const staff = (u: { id: number; sessionVersion: number }) => tokenFor(u, { role: "admin" });
  return {
    visitor: null,
    player: await tokenFor(player),
    director: await staff(director),
    admin: await staff(admin),
    owner: await staff(owner),
    operator: await tokenFor(operator),
  };
}

describe("ADR 47's table and the app's admin calls", () => {
  it("name the same calls, and the guard's list names each with the table's level", () => {
    expect(adminCalls()).toEqual(Object.keys(API_TABLE).sort());
    expect(Object.keys(ADMIN_CALLS).sort()).toEqual(Object.keys(API_TABLE).sort());
    const level = { runNight: "D", manageLeague: "A", manageRoles: "O", payPalCredentials: "O", closeLeague: "O", manageAccounts: "X" };
    for (const [name, capability] of Object.entries(ADMIN_CALLS)) expect([name, level[capability]]).toEqual([name, API_TABLE[name]]);
  });

  it("gives each kind of caller exactly what the table says on every call", async () => {
    const byWho = await tokens();
    const wrong: string[] = [];
    for (const name of adminCalls()) {
      const [method, path] = name.split(" ") as [string, string];
      for (const who of PERSONAS) {
        const res = await call(method, urlOf(path), { token: byWho[who] ?? undefined });
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        const refused =
          who === "visitor" ? res.status === 401 : res.status === 403 && body.error === (who === "player" ? NOT_AN_ADMIN : NOT_YOUR_ROLE);
        const guarded = res.status === 401 || (res.status === 403 && (body.error === NOT_AN_ADMIN || body.error === NOT_YOUR_ROLE));
        const ok = mayAt(who, API_TABLE[name]!) ? !guarded : refused;
        if (!ok) wrong.push(`${name} as ${who}: ${res.status} ${body.error ?? ""}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

const MODULES: Record<string, { loader?: unknown; action?: unknown }> = {
  admin: adminHome,
  "admin/users": adminUsers,
  "admin/members": adminMembers,
  "admin/user/:userId": adminUser,
  "admin/claims": adminClaims,
  "admin/player": adminPlayer,
  "admin/payments": adminPayments,
  "admin/audit": adminAudit,
  "admin/reports": adminReports,
  "admin/reports.csv": adminReportsCsv,
  "admin/settings": adminSettings,
  "admin/paypal": adminPayPal,
  "admin/tags": adminTags,
  "admin/courses": adminCourses,
  "admin/courses/:courseId": adminCourseForm,
  "admin/courses/:courseId/layouts/new": adminLayoutForm,
  "admin/layouts/:layoutId": adminLayoutForm,
  "admin/rounds": adminRounds,
  "admin/rounds/new": adminRoundForm,
  "admin/rounds/multi-edit": adminRoundsMulti,
  "admin/rounds/:roundId": adminRoundForm,
  "admin/round/play/:roundId": adminRoundPlay,
  "admin/round/scores/:roundId": adminRoundScores,
  "admin/round/night/:roundId": adminRoundNight,
  "admin/round/message/:roundId": adminRoundMessage,
};

const WHO: Record<Persona, Who> = {
  visitor: "nobody",
  player: "player",
  director: "director",
  admin: "leagueAdmin",
  owner: "owner",
  operator: "admin",
};

type Handler = (args: never) => Promise<unknown> | unknown;

/** What a page's guard made of a request: refused the way the table's refusals are, or let through. */
async function pageVerdict(handler: Handler, who: Persona, pattern: string, intent?: string) {
  const session = await sessionOf(WHO[who]);
  const path = `/${pattern.replace(/:\w+/g, NOBODY)}`;
  const params = Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map((m) => [m[1], NOBODY]));
  let request = new Request(`http://localhost${path}`);
  if (intent) {
    const form = new FormData();
    form.append("intent", intent);
    request = new Request(`http://localhost${path}`, { method: "POST", body: form });
  }
  const out = await outcome(Promise.resolve(handler(argsWith(session, request, params) as never))).catch((e: unknown) => ({
    status: 500,
    data: String(e),
    location: null,
  }));
  if (out.location?.startsWith("/login")) return "to login";
  if (out.location === "/") return "to home";
  if (out.status === 403 && (out.data?.message === PAGE_NOT_YOUR_ROLE || out.data?.message === "Admin access required.")) return "403";
  return "through";
}

describe("ADR 47's table and the admin pages", () => {
  it("lists every admin page of app/routes.ts", () => {
    const pages = [...routesSource.matchAll(/route\("(admin(?:\/[^"]+)?)"/g)].map((m) => m[1]).filter((p) => p !== "admin/login");
    expect(pages.sort()).toEqual(Object.keys(PAGE_TABLE).sort());
  });

  it("lets each kind of caller open and post exactly what the table says", async () => {
    const wrong: string[] = [];
    for (const [pattern, levels] of Object.entries(PAGE_TABLE)) {
      const module = MODULES[pattern]!;
      const checks: [string, Handler, string | undefined, (typeof levels)["loader"]][] = [
        ["loader", module.loader as Handler, undefined, levels.loader],
      ];
      for (const [intent, level] of Object.entries(levels.action ?? {}))
        checks.push([`action ${intent}`, module.action as Handler, intent === "*" ? "none" : intent, level]);
      for (const [what, handler, intent, level] of checks) {
        for (const who of PERSONAS) {
          const got = await pageVerdict(handler, who, pattern, intent);
          const want = mayAt(who, level)
            ? "through"
            : who === "visitor"
              ? "to login"
              : who === "player"
                ? pattern === "admin/claims" && what === "loader"
                  ? "403"
                  : "to home"
                : "403";
          if (got !== want) wrong.push(`${pattern} ${what} as ${who}: ${got}, not ${want}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("a league's staff in another league", () => {
  it("gets the guard's 403 from every admin call there, not what the handler made of the ids", async () => {
    const [row] = await testDb()
      .insert(leagues)
      .values({ slug: "guard-other", name: "Other League", timeZone: "America/Denver" })
      .returning();
    forgetLeagues();
    const staff = await makeUser();
    await grantRole(staff.id, "admin", row!.id);
    // Signed in as staff (its role elsewhere): the token's claim is a guess the rows must bear out here.
    const token = await tokenFor(staff, { role: "admin" });
    const wrong: string[] = [];
    for (const name of adminCalls()) {
      const [method, path] = name.split(" ") as [string, string];
      if (name === "POST /api/admin/leagues") continue;
      const res = await call(method, urlOf(path), { token });
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      if (res.status !== 403 || body.error !== NOT_AN_ADMIN) wrong.push(`${name}: ${res.status} ${body.error ?? ""}`);
    }
    // The two user calls that take a staff path on the token's guess (ADR 47): refused, whatever the entry.
    for (const method of ["GET", "DELETE"]) {
      const res = await call(method, method === "GET" ? `/api/entries/${NOBODY}/owes` : `/api/entries/${NOBODY}`, { token });
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      if (res.status !== 403) wrong.push(`${method} the staff path of /api/entries: ${res.status} ${body.error ?? ""}`);
    }
    forgetLeagues();
    expect(wrong).toEqual([]);
  });

  it("is refused on a live round's log without the refusal going unhandled while the object answers", async () => {
    const { round } = await makeLiveRound([2]);
    const [row] = await testDb()
      .insert(leagues)
      .values({ slug: "guard-live", name: "Live League", timeZone: "America/Denver" })
      .returning();
    forgetLeagues();
    const staff = await makeUser();
    await grantRole(staff.id, "director", row!.id);
    const unhandled: unknown[] = [];
    const note = (e: PromiseRejectionEvent) => {
      unhandled.push(e.reason);
      e.preventDefault();
    };
    addEventListener("unhandledrejection", note);
    try {
      const res = await call("GET", `/api/admin/live/${round.id}/log`, { token: await tokenFor(staff, { role: "admin" }) });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe(NOT_AN_ADMIN);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      removeEventListener("unhandledrejection", note);
      forgetLeagues();
    }
    expect(unhandled.map(String)).toEqual([]);
  });
});
