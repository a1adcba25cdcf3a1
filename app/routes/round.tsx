import { methodsHtml } from "~/.server/html/methods";
import { registeredHtml, resultsHtml } from "~/.server/html/round-results";
import type { Route } from "./+types/round";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { LoadError } from "~/components/load-error";
import { SignUpPanel } from "~/components/signup/signup-panel";
import { StatusBadge } from "~/components/ui/badge";
import { Card, Stats } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { NetToggle, type ResultGroup } from "~/components/round-results";
import { roundHandicaps } from "~/.server/services/player-form";
import { useServerHtmlLinks } from "~/hooks/use-server-html-links";
import { useLeague } from "~/hooks/use-league";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { optionalSession, requireUser } from "~/.server/auth/guards";
import { withdrawalBack } from "~/.server/services/round-money";
import { handleWithdrawForm } from "~/.server/withdraw-form";
import { payPalCheckout } from "~/.server/paypal/config";
import type { EntryRow } from "~/.server/services/entries";
import { roundPageData } from "~/.server/services/round-page";
import { compareDivisions } from "~/lib/divisions";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { entryPriceCents } from "~/lib/pricing";
import { placeLabels } from "~/lib/results";
import { formatDateLong, isToday, nowSeconds } from "~/lib/time";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("rounds", "entries", "players", "aces", "settings");

type Group = ResultGroup;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, env } = routeServices(context);
  const id = await routeId(params.roundId, "round id");
  // Only a logged-in request (never cached, ADR 11) carries the player's own sign-up facts.
  const session = optionalSession(context);
  const me = session && !session.isAdmin && session.user.claimStatus === "approved" ? session.user.linkedPlayerId : null;
  const net = new URL(request.url).searchParams.get("net") === "1";
  const [{ round, entries, potCents: pot, acedPlayerIds: aced, facts }, handicaps] = await orRouteError(
    Promise.all([roundPageData(db, id, me), net ? roundHandicaps(db, id) : null]),
  );
  const played = entries.some((e) => e.score > 0);
  const aceHitters = new Set(aced);
  const byDivision = new Map<string, EntryRow[]>();
  for (const e of entries) byDivision.set(e.division, [...(byDivision.get(e.division) ?? []), e]);
  // Only what the page shows goes into the page's data.
  const groups: Group[] = [...byDivision]
    .sort(([a], [b]) => compareDivisions(a, b))
    .map(([division, list]) => {
      const places = placeLabels(list);
      const rows = list.map((e) => ({
        id: e.id,
        playerId: e.playerId,
        firstName: e.firstName,
        lastName: e.lastName,
        score: e.score,
        entryPayoutCents: e.entryPayoutCents,
        place: places.get(e.id) ?? null,
        ace: aceHitters.has(e.playerId),
        rating: e.rating,
      }));
      const low = Math.min(...rows.filter((r) => r.score > 0).map((r) => r.score));
      return { division, rows, winners: rows.filter((r) => r.score === low) };
    });
  // The player's own entry: they may withdraw until the round starts (ADR 22).
  const mine = facts?.entered ? entries.find((e) => e.playerId === me) : undefined;
  const withdraw = mine && round.d > nowSeconds() ? { entryId: mine.id, back: await withdrawalBack(db, round, mine) } : null;
  const signUp = facts ? { ...facts, payPal: payPalCheckout(env, new URL(request.url).origin), withdraw } : null;
  // Priced here, not in the page: the browser then needs no pricing code (issue 12's budget).
  // The tables and method notes come as server-built HTML (app/.server/html), not client code.
  const table = played ? resultsHtml(groups, handicaps) + methodsHtml(handicaps?.settings ?? null) : registeredHtml(groups);
  return { round, entryCents: entryPriceCents(round), pot, played, net: handicaps !== null, table, entryCount: entries.length, signUp };
}

/** Withdraw (the signed-in player's part of the page): the entry goes, what paid for it comes back as credit. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const session = requireUser(context, request);
  const id = await routeId(params.roundId, "round id");
  return handleWithdrawForm(request, routeServices(context).db, session, id);
}

export const meta: Route.MetaFunction = (args) => {
  const round = args.loaderData?.round;
  if (!round) return pageMeta(args, "Round");
  const day = formatDateLong(round.d, timeZoneOf(args.matches));
  return pageMeta(args, round.n, `${round.n} on ${day} at ${round.loc}: results by division, places, payouts and who signed up.`);
};

function timeZoneOf(matches: Route.MetaArgs["matches"]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { league?: { timeZone?: string } } | undefined;
  return root?.league?.timeZone ?? "America/Chicago";
}

export default function RoundPage({ loaderData }: Route.ComponentProps) {
  useServerHtmlLinks();
  const { round, entryCents, pot, played, net, table, entryCount, signUp } = loaderData;
  const { longDate } = useLeague();
  const today = isToday(round.d, nowSeconds());
  return (
    <>
      <PageHeader
        title={round.n}
        subtitle={`${longDate(round.d)} · ${round.loc}`}
        badge={today ? <StatusBadge status="Today" /> : <StatusBadge status={round.openForRegistration ? "Open" : "Closed"} />}
      />
      <div className="space-y-6">
        <Card>
          <Stats
            items={[
              { label: "Entry", value: `${formatCents(entryCents)} + ${formatCents(round.aceCents)} ace` },
              { label: "Players", value: entryCount },
              { label: "Ace pot at stake", value: formatCents(pot) },
              { label: "Registration", value: round.openForRegistration ? "Open" : "Closed" },
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
        </Card>
        <SignUpPanel round={round} signUp={signUp} />
        <section aria-labelledby="results-title" className="space-y-2">
          <h2 id="results-title" className="font-display text-2xl font-semibold tracking-wide">
            {played ? "Results" : "Registered players"}
          </h2>
          {entryCount === 0 ? (
            <EmptyState title="No one has signed up for this round yet." />
          ) : (
            <>
              {played ? <NetToggle net={net} /> : null}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built on the server with every text escaped (app/.server/html/escape.ts). */}
              <div className="space-y-2" data-html="" dangerouslySetInnerHTML={{ __html: table }} />
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
