import { Link, data, useActionData } from "react-router";
import type { Route } from "./+types/home";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { RoundList } from "~/components/rounds/round-list";
import { StatusBadge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { PageHeader } from "~/components/ui/page-header";
import { useLeague } from "~/hooks/use-league";
import { currentSeason, seasonSpan } from "~/.server/league";
import { routeServices } from "~/.server/route-context";
import { seasonRounds } from "~/.server/services/rounds/home-page";
import { listedRound, splitRounds } from "~/.server/services/rounds/rounds";
import { pageMeta } from "~/lib/shared/meta";
import { formatTime, nowSeconds } from "~/lib/shared/time";
import { SeasonLoadError } from "~/components/layout/season-load-error";
import { lazyPart } from "~/components/ui/lazy-part";
import type { PlayerHomeView } from "~/components/players/player-home";
import { waitlistLines } from "~/lib/waitlist/waitlist-words";
import { optionalSession, requireUser } from "~/.server/auth/guards";
import { type PlayerHome as PlayerHomeData, playerHome } from "~/.server/pages/player-home";
import { cardLine } from "~/lib/night/night";
import { formatRoundWhen } from "~/lib/rounds/round-dates";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { rootHref } from "~/lib/shared/league-url";
import { cancelledLabel } from "~/lib/rainouts/words";
import type { PayPalBackLine } from "~/components/rainouts/paypal-back-card";
import type { PayPalBackOffer } from "~/.server/services/rainouts/paypal-back-offers";
import { paypalBackAsked, paypalBackCredited, paypalBackLastDay, paypalBackOffer } from "~/lib/rainouts/paypal-back";
import { handlePayPalBackForm } from "./paypal-back-form.server";

// Only signed-in users see it: loaded when it renders (app/components/ui/lazy-part.tsx).
const PlayerHome = lazyPart(async () => (await import("~/components/players/player-home")).PlayerHome);
// A cancelled round's PayPal payment to ask back (ADR 50): loaded only when there is one (or an answer to show).
const PayPalBackCard = lazyPart(async () => (await import("~/components/rainouts/paypal-back-card")).PayPalBackCard);

// Public: cached for anonymous visitors, purged when these tables change (ADR 11). Each
// ?season= and ?show= is its own cached page.
export const headers: Route.HeadersFunction = () => publicCacheHeaders("rounds", "entries", "players");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, league } = routeServices(context);
  // Only a signed-in request (never cached, ADR 11) reads the user's own part: the
  // anonymous copy has none.
  const session = optionalSession(context);
  // The operator claims no player; a league's staff may play in it too.
  const mine = session && !session.user.isOperator ? playerHome(db, session.user.id, nowSeconds()) : null;
  const params = new URL(request.url).searchParams;
  const now = nowSeconds();
  const current = currentSeason(league, now);
  const asked = params.get("season");
  const wellFormed = asked === null || /^\d{4}$/.test(asked);
  const season = asked === null ? current : Number(asked);
  // This season: every round from its start, future ones included (even into next year),
  // low scores until now. Another: its rounds and their low scores. One batch either way.
  const other = wellFormed && season !== current;
  const { from, to } = seasonSpan(league, other ? season : current);
  const [{ seasons, rounds: rows, lows }, home] = await Promise.all([
    seasonRounds(db, league.timeZone, from, other ? to : undefined, other ? to : now),
    mine,
  ]);
  const rounds = rows.map(listedRound);
  const me = home && playerHomeView(home, league.timeZone);
  const paypalBack = home ? home.paypalBack.map((offer) => paypalBackLine(offer, league.timeZone)) : [];
  if (!wellFormed || (other && !seasons.includes(season))) {
    throw data({ message: "There are no rounds in that season.", seasons }, { status: 404 });
  }
  const show: "past" | "future" = params.get("show") === "past" ? "past" : "future";
  const lowsByRound = Object.fromEntries(lows);
  if (other) {
    // An earlier (or later) season: its rounds, newest first, with their low scores.
    return { season, current, seasons, show, today: [], future: [], past: rounds.reverse(), lows: lowsByRound, me, paypalBack };
  }
  return { season, current, seasons, show, ...splitRounds(rounds, now), lows: lowsByRound, me, paypalBack };
}

/**
 * The signed-in player asks for a cancelled round's PayPal payment back to PayPal (ADR 50):
 * the home's one form. A plain post works without scripts; the page then loads again and
 * shows the payment as asked.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const session = requireUser(context, request);
  const { db } = routeServices(context);
  return handlePayPalBackForm(request, db, session);
}

/** One payment in words: its amounts, the last day and the day it was asked, in the league's zone. */
function paypalBackLine(offer: PayPalBackOffer, timeZone: string): PayPalBackLine {
  return {
    paymentId: offer.paymentId,
    credited: paypalBackCredited(offer.cents, offer.roundName),
    offer: paypalBackOffer(offer.cents),
    until: paypalBackLastDay(offer.until, timeZone),
    asked: offer.askedAt === null ? null : `${paypalBackAsked(offer.cents, offer.askedAt, timeZone)}.`,
  };
}

/** The user's part in words: times in the league's zone and the card's line made here, not in the browser. */
function playerHomeView({ claim, next, waitlist }: PlayerHomeData, timeZone: string): PlayerHomeView {
  const lines = waitlist ? waitlistLines(waitlist.places, waitlist.notices, timeZone, waitlist.lapsed) : [];
  if (!next) return { claim, next: null, waitlist: lines };
  const { round, night } = next;
  return {
    claim,
    waitlist: lines,
    next: {
      roundId: round.id,
      name: round.name,
      when: formatRoundWhen(round.startsAt, timeZone),
      location: round.location,
      entered: night !== null,
      owedCents: night?.owedCents ?? 0,
      checkedIn: night?.checkedInAt != null,
      checkInOpens: formatTime(next.checkInOpensAt, timeZone),
      card: night?.card ? cardLine(night.card, timeZone) : null,
      action: next.action,
      cancelled: round.cancelledAt === null ? null : cancelledLabel(round.cancelReason),
    },
  };
}

export const meta: Route.MetaFunction = (args) => {
  const season = args.loaderData && args.loaderData.season !== args.loaderData.current ? ` of ${args.loaderData.season}` : "";
  return pageMeta(
    args,
    season ? `Rounds${season}` : "Rounds",
    `The league's weekly rounds${season}: dates, courses, who is playing, registration and each round's low score.`,
  );
};

/** Links to the other seasons: server-rendered pages, so they work without JavaScript. */
function SeasonNav({ seasons, season, current }: { seasons: number[]; season: number; current: number }) {
  const { href } = useLeagueUrls();
  const others = seasons.filter((s) => s !== season);
  if (others.length === 0) return null;
  return (
    <nav aria-label="Seasons" className="flex flex-wrap items-center gap-x-1 gap-y-2 text-sm">
      <span className="mr-1 text-muted">Seasons:</span>
      {[season, ...others]
        .sort((a, b) => b - a)
        .map((s) =>
          s === season ? (
            <span key={s} aria-current="page" className="rounded-md bg-brand-800 px-3 py-2 font-semibold text-white">
              {s}
            </span>
          ) : (
            <Link
              key={s}
              to={href(s === current ? "/rounds" : `/rounds?season=${s}`)}
              className="rounded-md px-3 py-2 font-medium text-brand-800 underline-offset-2 hover:bg-brand-50 hover:underline"
            >
              {s}
            </Link>
          ),
        )}
    </nav>
  );
}

/** What a visitor should do next: log in or register. Signed-in users get their own part (PlayerHome). */
function NextStep() {
  const { user } = useLeague();
  if (!user) {
    return (
      <Panel>
        <div className="flex flex-wrap items-center gap-3">
          <p className="w-full text-sm text-muted sm:w-auto sm:flex-1">
            Log in or register to claim your player record and sign up for rounds.
          </p>
          <ButtonLink to={rootHref("/login")}>Log in</ButtonLink>
          <ButtonLink to={rootHref("/register")} variant="primary">
            Register
          </ButtonLink>
        </div>
      </Panel>
    );
  }
  return null;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { past, future, today, lows, season, current, seasons, show, me, paypalBack } = loaderData;
  const { longDate, time } = useLeague();
  // The PayPal-back form's answer shows with the payments, even when none is left to list.
  const answered = useActionData<typeof action>() !== undefined;
  const paypalBackCard = paypalBack.length > 0 || answered ? <PayPalBackCard lines={paypalBack} /> : null;
  const isCurrent = season === current;
  const toggle = (which: "past" | "future", label: string) => (
    <Link
      to={{ search: which === "future" ? "" : "?show=past" }}
      preventScrollReset
      aria-current={show === which ? "true" : undefined}
      className={`flex min-h-11 flex-1 items-center justify-center rounded-md px-3 text-sm font-semibold ${show === which ? "bg-brand-800 text-white" : "bg-surface text-ink ring-1 ring-slate-300"}`}
    >
      {label}
    </Link>
  );
  return (
    <>
      <PageHeader title={isCurrent ? "Rounds" : `Rounds of ${season}`} subtitle={isCurrent ? `The ${season} season` : undefined} />
      <div className="space-y-6">
        {me ? <PlayerHome home={me} beforeNext={paypalBackCard} /> : paypalBackCard}
        {/* Today's round, unless it is already the player's next round above. */}
        {today
          .filter((r) => r.id !== me?.next?.roundId)
          .map((r) => (
            <Panel key={r.id} tone="highlight">
              <section aria-label="Today's round">
                <StatusBadge status="Today" label="Today's round" />
                {r.cancelledAt === null ? null : <p className="mt-2 font-semibold text-danger-800">{cancelledLabel(r.cancelReason)}</p>}
                <p className="mt-2 font-display text-2xl font-semibold tracking-wide">{r.name}</p>
                <p className="text-sm text-muted">
                  {longDate(r.startsAt)} · {time(r.startsAt)} · {r.location} · {r.entryCount} {r.entryCount === 1 ? "player" : "players"}
                </p>
                <ButtonLink to={href(`/rounds/${r.id}`)} variant="primary" className="mt-3">
                  View round
                </ButtonLink>
              </section>
            </Panel>
          ))}
        <NextStep />
        {isCurrent ? (
          <>
            <nav aria-label="Show rounds" className="flex gap-2 md:hidden">
              {toggle("future", "Future rounds")}
              {toggle("past", "Past rounds")}
            </nav>
            <div className="grid gap-6 md:grid-cols-2">
              <RoundList
                id="future-rounds"
                title="Future rounds"
                rounds={future}
                hidden={show !== "future"}
                empty="No rounds scheduled yet."
              />
              <RoundList
                id="past-rounds"
                title="Past rounds"
                rounds={past}
                lows={lows}
                hidden={show !== "past"}
                empty={`No rounds played in ${season} yet.`}
              />
            </div>
          </>
        ) : (
          <RoundList id="past-rounds" title={`Rounds of ${season}`} rounds={past} lows={lows} empty={`No rounds in ${season}.`} />
        )}
        <SeasonNav seasons={seasons} season={season} current={current} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SeasonLoadError error={error} what="rounds" />;
}
