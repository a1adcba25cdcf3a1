import { withWriteStamps } from "./league-guard";
import { drainBody } from "./body-limit";
import { observeD1 } from "./d1-observer";
import { carryBookmark, sessionBinding } from "./d1-session";
import { asGet, pageCacheMode, servePage } from "./page-cache";
import { purgeLeague, purgeWrites } from "./purge";
import { handleQueue } from "./queue/consumer";
import { activeLeagues, forgetLeague } from "./league-directory";
import { placeRequest } from "./league-path";
import { leagueIdOf, openAnonymousRead, openRequest } from "./request-scope";
import { applyResponsePolicy, newNonce } from "./response-policy";
import { type PageHandler, route } from "./route";
import { withServerTiming } from "./timing";
import { anyLeaguePayPal } from "~/.server/paypal/config";
import { getDb } from "~/.server/db/client";
import { settleAllWaitlists } from "~/.server/services/entries/waitlist-promote";
import { closeStartedRounds } from "~/.server/services/rounds/registration";
import { deliverMessage, registerRunner, takeFollowUps } from "~/.server/follow-ups";
import { releaseHeld, staleDeliveries } from "~/.server/services/messages/redeliver";
import { dueNotices } from "~/.server/services/messages/due-notices";
import { runAfterWrite } from "./after-write";

export type { PageHandler } from "./route";

/**
 * The Worker: /api/* to Hono, every other request to the page handler, and the queue
 * consumer. A request passes the steps below in order, each in its own module: its league
 * is placed from its path (ADR 46); anonymous
 * reads go through the page cache (ADR 11); every D1 statement is observed, so whatever a
 * request wrote purges its cache tags; every response leaves through the one response
 * policy (caching, CSP and security headers, ADR 8).
 */
export function createWorker(pages: PageHandler, opts: { dev?: boolean } = {}) {
  /** The app itself, as the CachedPages entrypoint runs it behind Workers Cache. */
  const render = async (request: Request, env: Env, ctx: ExecutionContext) => {
    // Its own invocation: the league is placed again (from this isolate's copy, as a rule).
    const place = await placeRequest(request, env);
    if ("answer" in place) return place.answer;
    const open = openAnonymousRead(request, env, place);
    // Workers Cache stores what it answers under the URL alone: a HEAD is rendered as a GET.
    return route(asGet(request), open.env, ctx, open.scope, pages);
  };

  return {
    render,
    async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      const startedAt = performance.now();
      const mode = pageCacheMode(env);
      const origin = new URL(request.url).origin;
      // The league first (ADR 46): its id guards the request's writes and names its cache tags.
      const place = await placeRequest(request, env);
      if ("answer" in place) {
        await drainBody(request);
        return applyResponsePolicy(request, place.answer, newNonce(), { dev: opts.dev ?? false, payPal: null });
      }
      const open = openRequest(request, env, place);
      const leagueId = leagueIdOf(place);
      // A handler may run what it handed over before it answers (its answer shows the outcome).
      registerRunner(open.db, (followUps) => runAfterWrite({ db: getDb(open.db, leagueId), jobs: env.JOBS, origin }, followUps));
      // The local page cache's index (never deployed: Workers Cache needs none) is written
      // beside the observer, so a page's round trips are its own reads (ADR 41).
      const { response, status } = await servePage(request, mode, ctx.exports, sessionBinding(open.session), open.scope, (read) =>
        route(read, open.env, ctx, open.scope, pages),
      );
      await drainBody(request);
      // What the handler's writes left (handed over by its route, ADR 44), then the purge.
      const purge = () => purgeWrites(open.seen.writtenTables, mode, env.DB, ctx, leagueId);
      const purgeAll = (id: number) => {
        // The league's row changed (its address, suspended, closed): this isolate reads it again.
        forgetLeague(id);
        return purgeLeague(id, mode, env.DB, ctx);
      };
      await runAfterWrite({ db: getDb(open.db, leagueId), jobs: env.JOBS, origin, purge, purgeLeague: purgeAll }, takeFollowUps(open.db));
      const bookmarked = carryBookmark(request, response, open.session, open.seen.writtenTables.size > 0);
      // PayPal's sources in the CSP: those of the PayPal a page offered (the sign-up dialog's,
      // its league's own), else on any league's page what any league's dialog may use (the
      // browser keeps a document's CSP as it follows links to a round), else none.
      const league = place.league;
      const payPal = open.scope.payPal !== undefined ? open.scope.payPal : league ? anyLeaguePayPal(env, origin) : null;
      const out = applyResponsePolicy(request, bookmarked, open.scope.nonce, { dev: opts.dev ?? false, payPal });
      return withServerTiming(out, mode, status, open.seen, open.scope, startedAt);
    },
    async queue(batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext) {
      // Jobs write: they start at the primary.
      const { binding, seen } = observeD1(sessionBinding(env.DB.withSession("first-primary")));
      const left = await handleQueue(batch, { ...env, DB: binding });
      // Each league's follow-ups by its own runner; the purge of what the batch wrote, per league.
      for (const { leagueId, followUps } of left) {
        const purge = () => purgeWrites(seen.writtenTables, pageCacheMode(env), env.DB, ctx, leagueId);
        await runAfterWrite({ db: getDb(binding, leagueId), jobs: env.JOBS, purge }, followUps);
      }
    },
    /**
     * The cron (wrangler.toml [triggers]): every minute, the flag of rounds that have started
     * is closed (ADR 39; pages read them closed already, and the write purges their cached
     * copies), lapsed waitlist offers pass to the next player and freed places are offered
     * (ADR 28), and rounds' reminders and what is owed are told, each once (ADR 49). Locally
     * the same handler answers /cdn-cgi/local/scheduled, which `npm start`
     * calls every minute.
     */
    async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
      // Every league taking changes, one after the other, each on its own guard (ADR 46): a
      // league that fails is logged and the next goes on; the next minute tries it again.
      for (const league of await activeLeagues(env.DB)) {
        try {
          // An entry paid by credit at once is a money write: the league's system makes it.
          const system = withWriteStamps(
            sessionBinding(env.DB.withSession("first-primary")),
            () => ({ userId: null, role: "system" }),
            league.id,
          );
          const { binding, seen } = observeD1(system);
          const db = getDb(binding, league.id);
          await closeStartedRounds(db);
          const followUps = await settleAllWaitlists(db);
          // Rounds starting within 4 hours remind, and those whose check-in opened tell who owes (ADR 49).
          followUps.push(...(await dueNotices(db)));
          // Pushes held through the league's quiet hours go when its morning comes (ADR 49),
          // and copies whose delivery job died (a dead letter, a quota reached) are tried again.
          followUps.push(...[...(await releaseHeld(db)), ...(await staleDeliveries(db))].map(deliverMessage));
          const purge = () => purgeWrites(seen.writtenTables, pageCacheMode(env), env.DB, ctx, league.id);
          await runAfterWrite({ db, jobs: env.JOBS, purge }, followUps);
        } catch (err) {
          console.error(`The cron could not settle league ${league.id}`, err);
        }
      }
    },
  } satisfies ExportedHandler<Env, unknown> & { render: unknown };
}
