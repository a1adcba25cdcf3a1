import type { Route } from "./+types/round";
import { data } from "react-router";
import { LIVE_CACHE_CONTROL, publicCacheHeaders } from "~/.server/cache-tags";
import { liveStateOf } from "~/.server/services/live/live-object";
import { ButtonLink } from "~/components/ui/button";
import { LiveBoard, LivePots } from "~/components/live/live-parts";
import { LoadError } from "~/components/layout/load-error";
import { SignUpPanel } from "~/components/signup/signup-panel";
import { StatusBadge } from "~/components/ui/badge";
import { Panel, Stats } from "~/components/ui/panel";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { MethodNotes } from "~/components/ratings/method-notes";
import { courseStats } from "~/components/rounds/round-course";
import { NetToggle, RegisteredTable, ResultsTable } from "~/components/rounds/round-results";
import { useLeague } from "~/hooks/use-league";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { optionalSession, requireUser } from "~/.server/auth/guards";
import { RoundPots } from "~/components/sidepots/pot-summary";
import { TeamResults } from "~/components/doubles/team-results";
import { teamResults } from "~/lib/doubles/doubles";
import { fullName } from "~/lib/players/player-name";
import { handleWithdrawForm } from "./withdraw-form.server";
import { handleCheckInForm } from "./check-in-form.server";
import { handleWaitlistForm } from "./waitlist-form.server";
import { WAITLIST_INTENTS } from "~/schemas/waitlist";
import { FieldLine } from "~/components/signup/field-line";
import { postedIntent } from "~/.server/forms";
import { roundPageReads } from "~/.server/pages/round";
import { PublishedCards } from "~/components/cards/published-cards";
import { lazyPart } from "~/components/ui/lazy-part";
import { CHECK_IN_INTENTS } from "~/schemas/night-forms";
import { payPalCheckout } from "~/.server/paypal/config";
import { requestScopeContext } from "~/context";
import { pageMeta } from "~/lib/shared/meta";
import { formatCents } from "~/lib/shared/money";
import { entryPriceCents } from "~/lib/signup/pricing";
import { resultGroups } from "~/lib/rounds/results";
import { formatDateLong, isToday, nowSeconds } from "~/lib/shared/time";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { cancelledLabel } from "~/lib/rainouts/words";
import { earlyHolesOf } from "~/.server/services/rainouts/end-early";
import { EndedEarlyNote } from "~/components/rainouts/ended-early-note";
import { endedEarlyLine, endedEarlyNote } from "~/lib/rainouts/end-early-words";
import { holesWithoutLayout } from "~/lib/courses/layouts";

// A signed-in player's check-in: its code loads only when it renders (the client budget, ADR 24).
const CheckInPart = lazyPart(async () => (await import("~/components/night/check-in-part")).CheckInPart);
// Public: cached for anonymous visitors, purged when these tables change (ADR 11). While
// the round is scored live its scores are not in D1, so no write purges them: the shared
// copy is then kept only seconds (the loader says so), and the leaderboard's socket does the rest.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  ...publicCacheHeaders("rounds", "entries", "players", "aces", "settings", "courses", "cards"),
  ...(loaderHeaders.get("Cache-Control") ? { "Cache-Control": loaderHeaders.get("Cache-Control") as string } : {}),
});

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, env, league } = routeServices(context);
  const id = await routeId(params.roundId, "round id");
  // Only a logged-in request (never cached, ADR 11) carries the player's own sign-up facts.
  const session = optionalSession(context);
  const me = session && session.user.claimStatus === "approved" ? session.user.linkedPlayerId : null;
  const net = new URL(request.url).searchParams.get("net") === "1";
  const {
    round,
    entries,
    potCents: pot,
    acedPlayerIds: aced,
    facts,
    course,
    handicaps,
    cards,
    settings,
    waitlist,
    sidePots,
    mine,
    night,
    payPal: payPalRow,
  } = await orRouteError(roundPageReads(db, id, me, net, nowSeconds()));
  // A cancelled round (ADR 50) says so ("Cancelled: weather") and shows no results, payouts,
  // pots, cards or sign-up: its results are void. The words are made here, not in the page.
  const cancelled = round.cancelledAt === null ? null : cancelledLabel(round.cancelReason);
  const played = cancelled === null && entries.some((e) => e.score > 0 || e.dnf);
  // Published cards and no results yet: the round is (about to be) scored live. Asked after
  // the D1 batch, a second trip: whether to ask depends on what D1 says (cards published,
  // no score yet), and asking every round's object on every view would wake one per round.
  const live =
    cancelled === null && !played && cards.length > 0 ? await orRouteError(liveStateOf(env, db.leagueId, id, "public", true)) : null;
  // A round ended early (ADR 50): its line names the holes the cards finished, kept by its
  // live object; asked only for such a round (a second trip, as the live board's).
  const early =
    played && round.endedEarlyAt !== null
      ? {
          line: endedEarlyLine((await earlyHolesOf(env, db.leagueId, id)).map((c) => c.holes)),
          note: endedEarlyNote(course?.par || holesWithoutLayout().reduce((sum, h) => sum + h.par, 0)),
        }
      : null;
  // Only what the page shows goes into the page's data.
  const groups = cancelled === null ? resultGroups(entries, aced, handicaps?.players) : [];
  // A doubles round's results are its teams' (ADR 31).
  const teams =
    cancelled === null && entries.some((e) => e.team !== null)
      ? teamResults(entries.map((e) => ({ ...e, name: fullName(e), payoutCents: e.entryPayoutCents })))
      : null;
  // The player may withdraw until the round starts, they check in or it has results (ADR 22, 34, 39).
  const checkedIn = night?.checkedInAt != null;
  const withdraw = mine && round.startsAt > nowSeconds() && !checkedIn && !played ? { entryId: mine.entry.id, back: mine.back } : null;
  const divisions = settings?.divisions ?? [];
  // The league's own PayPal, the deployment's for the default league, or none (credit and cash only).
  const payPal = facts ? payPalCheckout(env, new URL(request.url).origin, league, payPalRow) : null;
  // The response's CSP lets the dialog reach this PayPal (workers/worker.ts).
  if (facts) context.get(requestScopeContext).payPal = payPal;
  const signUp =
    facts && cancelled === null
      ? {
          ...facts,
          payPal,
          withdraw,
          checkedIn,
          divisions,
          waitlist: waitlist?.mine ?? null,
          // The league's rain-out policy (ADR 50), shown in the dialog as plain text; "" shows nothing.
          rainOutPolicy: settings?.rainOutPolicy ?? "",
          sidePots: sidePots.filter((p) => !p.paid).map((p) => ({ id: p.id, name: p.name, buyInCents: p.buyInCents })),
        }
      : null;
  // Priced here, not in the page: the browser then needs no pricing code (the client budget, ADR 24).
  const handicapSettings = handicaps?.settings ?? null;
  const page = {
    round,
    live: live?.finalizedAt === null ? live : null,
    // A doubles round's teams, which the leaderboard ranks as one field (ADR 31).
    liveTeams: Object.fromEntries(entries.flatMap((e) => (e.team === null ? [] : [[e.id, e.team]]))) as Record<number, number>,
    course,
    entryCents: entryPriceCents(round),
    pot,
    played,
    groups,
    handicapSettings,
    entryCount: entries.length,
    signUp,
    night: cancelled === null ? night : null,
    cards: cancelled === null ? cards : [],
    field: cancelled === null ? (waitlist?.field ?? null) : null,
    sidePots: cancelled === null ? sidePots : [],
    teams,
    cancelled,
    early,
  };
  return page.live ? data(page, { headers: { "Cache-Control": LIVE_CACHE_CONTROL } }) : page;
}

/** The signed-in player's part of the page: Withdraw (what paid comes back as credit), and Check in. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const session = requireUser(context, request);
  const id = await routeId(params.roundId, "round id");
  const { db, env, league } = routeServices(context);
  const intent = await postedIntent(request);
  if (CHECK_IN_INTENTS.includes(intent)) return handleCheckInForm(request, db, session, id, league.timeZone);
  if (WAITLIST_INTENTS.includes(intent)) return handleWaitlistForm(request, db, session, id);
  return handleWithdrawForm(request, db, env, session, id);
}

export const meta: Route.MetaFunction = (args) => {
  const round = args.loaderData?.round;
  if (!round) return pageMeta(args, "Round");
  const day = formatDateLong(round.startsAt, timeZoneOf(args.matches));
  return pageMeta(
    args,
    round.name,
    `${round.name} on ${day} at ${round.location}: results by division, places, payouts and who signed up.`,
  );
};

function timeZoneOf(matches: Route.MetaArgs["matches"]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { league?: { timeZone?: string } } | undefined;
  return root?.league?.timeZone ?? "America/Chicago";
}

export default function RoundPage({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const {
    round,
    live,
    course,
    entryCents,
    pot,
    played,
    groups,
    handicapSettings,
    entryCount,
    signUp,
    night,
    cards,
    field,
    sidePots,
    teams,
    liveTeams,
    cancelled,
    early,
  } = loaderData;
  const net = handicapSettings !== null;
  const { longDate, time } = useLeague();
  const today = isToday(round.startsAt, nowSeconds());
  // A played round (one with scores) says so in its badge; registration then reads Closed.
  const badge = cancelled ? (
    <StatusBadge status="Closed" label={cancelled} />
  ) : played ? (
    <StatusBadge status="Closed" label="Final results" />
  ) : (
    <StatusBadge status={today ? "Today" : round.openForRegistration ? "Open" : "Closed"} />
  );
  return (
    <>
      <PageHeader title={round.name} subtitle={`${longDate(round.startsAt)} · ${time(round.startsAt)} · ${round.location}`} badge={badge} />
      <div className="space-y-6">
        <Panel>
          {cancelled ? (
            <p role="status" className="mb-3 font-semibold text-danger-800">
              {cancelled}. This round counts for nothing: no results, points or payouts.
            </p>
          ) : null}
          <Stats
            items={[
              { label: "Entry", value: `${formatCents(entryCents)} + ${formatCents(round.aceCents)} ace` },
              { label: field?.capped ? "Field" : "Players", value: field?.capped ? field.line : entryCount },
              ...(field?.waiting ? [{ label: "Waitlist", value: field.waiting }] : []),
              ...(cancelled ? [] : [{ label: "Ace pot at stake", value: formatCents(pot) }]),
              { label: "Registration", value: round.openForRegistration && !played && !cancelled ? "Open" : "Closed" },
              ...courseStats(course),
            ]}
          />
          {round.pdgaUrl ? (
            <a
              href={round.pdgaUrl}
              className="mt-3 inline-block text-sm font-medium text-brand-800 underline"
              rel="noreferrer"
              target="_blank"
            >
              PDGA event page
            </a>
          ) : null}
          {field ? <FieldLine field={field} /> : null}
        </Panel>
        {night && signUp ? <CheckInPart round={round} night={night} balanceCents={signUp.balanceCents} /> : null}
        {played || cancelled ? null : <SignUpPanel round={round} signUp={signUp} />}
        {live && night?.card ? (
          <ButtonLink to={href(`/rounds/${round.id}/score`)} variant="primary" block>
            Score card {night.card.number}
          </ButtonLink>
        ) : null}
        {live ? (
          <section aria-labelledby="live-title" className="space-y-2">
            <h2 id="live-title" className="font-display text-2xl font-semibold tracking-wide">
              Live scores
            </h2>
            <LiveBoard initial={live} teams={liveTeams} />
          </section>
        ) : null}
        <PublishedCards cards={cards} />
        {live ? <LivePots roundId={round.id} initial={sidePots} /> : <RoundPots pots={sidePots} />}
        <section aria-labelledby="results-title" className="space-y-2">
          <h2 id="results-title" className="font-display text-2xl font-semibold tracking-wide">
            {played || cancelled ? "Results" : "Registered players"}
          </h2>
          {early && !cancelled ? <EndedEarlyNote line={early.line} note={early.note} /> : null}
          {cancelled ? (
            <EmptyState title="No results: the round was cancelled, so they do not count." />
          ) : entryCount === 0 ? (
            <EmptyState title="No one has signed up for this round yet." />
          ) : (
            <>
              {played && !teams ? <NetToggle net={net} /> : null}
              <div className="space-y-2">
                {played && teams ? (
                  <TeamResults teams={teams} />
                ) : played ? (
                  <>
                    <ResultsTable groups={groups} net={net} />
                    <MethodNotes settings={handicapSettings} />
                  </>
                ) : (
                  <RegisteredTable groups={groups} />
                )}
              </div>
            </>
          )}
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading round" missing="That round does not exist." />;
}
