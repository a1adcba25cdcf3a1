// What the isolation walk asks, read from the code: every page of app/routes.ts (the root's
// and the copies under l/:league) and every route and method of the Hono /api. A page or
// route added later is walked without a line here; one the walk cannot fill must be in a
// skip list below, with why, and routes.test.ts fails on any that is neither.
import { MISSING_ID, NO_LEAGUE_CODE } from "../hostile/targets";
import { ACTION_ROUTES, type ActionRoute, type ActionTargets, pathOf } from "../hostile/action-routes";
import { API_ROUTES, type ApiRoute, validRequest } from "../hostile/api-routes";
import type { LeagueRows } from "./leagues";
import { PAGE_ROUTES, type PageRoute } from "./pages-build";
import { api } from "../../workers/api/index";
import type { Place } from "./walk";

/** Pages the walk does not ask, by route id, and why. */
export const PAGE_SKIPS: Record<string, string> = {};

/** /api routes the walk does not ask, as `METHOD /path`, and why. */
export const API_SKIPS: Record<string, string> = {
  "ALL /api/*": "the league's middleware (its database and league), not a route: every /api route is walked through it",
  "ALL /api/admin/*": "the admin guard's middleware, not a route: every /api/admin route is walked through it",
};

/** The pages a walk at `place` asks: the root's (the deployment's and the default league's), or the copies under l/:league. */
export const pagesAt = (place: Place): PageRoute[] =>
  PAGE_ROUTES.filter((r) => r.id.startsWith("l/") === (place === "l") && !(r.id in PAGE_SKIPS));

/** Every /api route and method Hono has, once each (`METHOD /api/…`), but the skipped. */
export function apiRoutes(): { method: string; path: string; name: string }[] {
  const seen = new Map<string, { method: string; path: string; name: string }>();
  for (const { method, path } of api.routes) {
    const name = `${method} ${path}`;
    if (!(name in API_SKIPS)) seen.set(name, { method, path, name });
  }
  return [...seen.values()];
}

/** A path parameter whose value is not a row of the league, and why B's value is not compared with a missing row's. */
export const NOT_ROW_IDS: Record<string, string> = {
  tag: "a bag tag's number: every league has tag 7",
  feed: "a calendar token is an account's (users.calendar_token): B's member's token in A's path is that account's feed of A's rounds",
  "*": "the not-found page's own path",
  league: "A's own slug",
  userId:
    "an account's id: accounts are the deployment's (ADR 46), and a league's admins reach any account by it (ADR 47's /admin/user/{id})",
  code: "a join code names its own league (ADR 47): /join/{B's code} is B's join page, whichever league the visitor came from",
  token:
    "an invitation's token names its own league (ADR 47): /invite/{B's token} is B's invitation, whichever league the visitor came from",
};

/**
 * The values each page parameter takes in one league: "own", a row of each kind it has (a
 * round played, one being played, one open, a doubles round); "one", its first row of each
 * (B's ids are refused alike whatever the row); "missing", rows no league has.
 */
export function pageValues(rows: LeagueRows, slug: string, ids: "own" | "one" | "missing"): Record<string, string[]> {
  const id = (...list: number[]) => (ids === "missing" ? [String(MISSING_ID)] : list.slice(0, ids === "one" ? 1 : undefined).map(String));
  return {
    league: [slug],
    roundId: id(rows.rounds.past.id, rows.rounds.live.id, rows.rounds.open.id, rows.rounds.doubles.id),
    playerId: id(rows.players.sam.id, rows.players.claimed.id),
    userId: id(rows.member.id),
    courseId: id(rows.course.courseId),
    layoutId: id(rows.course.layoutId),
    tag: ["7"],
    feed: [ids === "missing" ? `${"A".repeat(43)}.ics` : `${rows.feed}.ics`],
    code: [ids === "missing" ? NO_LEAGUE_CODE : rows.code],
    token: [ids === "missing" ? "never-sent" : rows.invite.token],
    "*": ["no-such-page"],
  };
}

const paramsOf = (route: PageRoute) => [...(route.path ?? "").matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");

/** The route's URL with these values (the index's is `/`, the league copy's index `/l/{slug}`). */
export function pageUrl(route: PageRoute, values: Record<string, string>): string {
  const path = (route.path ?? "").replace(/:(\w+)|\*/g, (m, name: string | undefined) => {
    const value = values[name ?? "*"];
    if (value === undefined) throw new Error(`no value for ${m} in ${route.id}`);
    return value;
  });
  return `/${path}`;
}

/** Every combination of the route's parameter values: one URL each, with the values it took. */
export function pageCombos(route: PageRoute, values: Record<string, string[]>): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const name of paramsOf(route)) {
    const list = values[name];
    if (!list) throw new Error(`the walk has no values for :${name} (${route.id}): add them to pageValues, or skip the page`);
    combos = combos.flatMap((c) => list.map((v) => ({ ...c, [name]: v })));
  }
  return combos;
}

/** The same combination with each row id a missing one. */
export const missingCombo = (combo: Record<string, string>) =>
  Object.fromEntries(Object.entries(combo).map(([k, v]) => [k, k in NOT_ROW_IDS ? v : String(MISSING_ID)]));

/** The hostile suite's description of an /api route, if it has one. */
const describedApi = (method: string, path: string): ApiRoute | undefined =>
  API_ROUTES.find((r) => r.method === method && r.pattern === path && !r.alias) ??
  API_ROUTES.find((r) => r.method === method && r.pattern === path);

/** Query and path values that are row ids though the hostile suite does not look them up. */
const ID_VALUES = new Set(["ids", "player", "round"]);

/**
 * The route's request for one league's targets, as a path under /api (the walk places it):
 * from its description when it has one, else its pattern with each parameter the league's
 * open round. `missing` puts an id no league has wherever the league's row id was.
 */
export function apiRequest(method: string, pattern: string, t: ActionTargets, missing = false): { path: string; body: unknown } {
  const route = describedApi(method, pattern);
  if (!route) return { path: pattern.replace(/:\w+(\{[^}]*\})?/g, String(missing ? MISSING_ID : t.round.id)), body: {} };
  if (!missing) return validRequest(route, t);
  const withIds: ApiRoute = {
    ...route,
    url: Object.fromEntries(
      Object.entries(route.url ?? {}).map(([k, v]) => [k, { ...v, lookup: !(k in NOT_ROW_IDS) && (v.lookup || ID_VALUES.has(k)) }]),
    ),
  };
  return validRequest(withIds, t, { missing: true });
}

/** The page's action as the hostile suite describes it (by its action and its path), if it does. */
export function describedAction(route: PageRoute): ActionRoute | undefined {
  const pattern = (route.path ?? "").replace(/^l\/:league\/?/, "");
  return ACTION_ROUTES.find(
    (a) =>
      a.action === route.module.action &&
      a.path
        .split("?")[0]!
        .replace(/\{(\w+)\}/g, ":$1")
        .replace(/^\//, "") === pattern,
  );
}

/** The posts a walk sends to a page's action: each form the hostile suite knows, valid for `t`'s league, else an empty one. */
export function actionPosts(route: PageRoute, t: ActionTargets): { name: string; path: string | null; fields: Record<string, string> }[] {
  const described = describedAction(route);
  if (!described) return [{ name: "an empty form", path: null, fields: {} }];
  const path = pathOf(described, described.params?.(t) ?? {});
  return [
    ...described.forms.map((f) => ({ name: f.name, path, fields: f.valid(t) })),
    ...(described.guardedForms ?? []).map((f, i) => ({ name: `guarded form ${i + 1}`, path, fields: f.valid(t) })),
  ];
}
