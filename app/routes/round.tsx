import { Link } from "react-router";
import type { Route } from "./+types/round";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { LoadError } from "~/components/load-error";
import { SignUpPanel } from "~/components/signup/signup-panel";
import { StatusBadge } from "~/components/ui/badge";
import { Card, Stats } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, GroupRow, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { optionalSession } from "~/.server/auth/guards";
import { acePotCents, acesInRound } from "~/.server/services/aces";
import { signUpFacts } from "~/.server/services/signup";
import { payPalCheckout } from "~/.server/paypal/config";
import { type EntryRow, entriesForRound } from "~/.server/services/entries";
import { getRound } from "~/.server/services/rounds";
import { compareDivisions } from "~/lib/divisions";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { entryPriceCents } from "~/lib/pricing";
import { placeLabels } from "~/lib/results";
import { formatDateLong, isToday, nowSeconds } from "~/lib/time";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("rounds", "entries", "players", "aces");

type Row = Pick<EntryRow, "id" | "playerId" | "firstName" | "lastName" | "score" | "entryPayoutCents"> & {
  place: string | null;
  ace: boolean;
};
type Group = { division: string; rows: Row[]; winners: Row[] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, env } = routeServices(context);
  const id = await routeId(params.roundId, "round id");
  // Only a logged-in request (never cached, ADR 11) carries the player's own sign-up facts.
  const session = optionalSession(context);
  const me = session && !session.isAdmin && session.user.claimStatus === "approved" ? session.user.linkedPlayerId : null;
  const [round, entries, pot, aced] = await orRouteError(
    Promise.all([getRound(db, id), entriesForRound(db, id), acePotCents(db, id), acesInRound(db, id)]),
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
      }));
      const low = Math.min(...rows.filter((r) => r.score > 0).map((r) => r.score));
      return { division, rows, winners: rows.filter((r) => r.score === low) };
    });
  const facts = me ? await signUpFacts(db, me, id) : null;
  const signUp = facts ? { ...facts, payPal: payPalCheckout(env, new URL(request.url).origin) } : null;
  // Priced here, not in the page: the browser then needs no pricing code (issue 12's budget).
  return { round, entryCents: entryPriceCents(round), pot, played, groups, entryCount: entries.length, signUp };
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

const name = (r: Row) => `${r.firstName} ${r.lastName}`;

function AceMark() {
  return (
    <span
      title="Hit an ace in this round"
      className="ml-1.5 rounded bg-warn-50 px-1 text-xs font-semibold text-warn-800 ring-1 ring-warn-200"
    >
      Ace
    </span>
  );
}

/** One table, one group row per division, so the columns line up down the page. */
function Results({ groups }: { groups: Group[] }) {
  return (
    <DataTable
      caption="Results"
      head={
        <tr>
          <th scope="col" className={`${th} w-12`}>
            Place
          </th>
          <th scope="col" className={th}>
            Player
          </th>
          <th scope="col" className={`${th} text-right`}>
            Score
          </th>
          <th scope="col" className={`${th} text-right`}>
            Payout
          </th>
        </tr>
      }
    >
      {groups.map((g) => (
        <Group key={g.division} group={g} />
      ))}
    </DataTable>
  );
}

function Group({ group }: { group: Group }) {
  const winner = group.winners.length ? `Winner: ${group.winners.map(name).join(", ")} (${group.winners[0]?.score})` : "No scores yet";
  return (
    <>
      <GroupRow
        colSpan={4}
        title={group.division}
        detail={`${group.rows.length} ${group.rows.length === 1 ? "player" : "players"} · ${winner}`}
      />
      {group.rows.map((r) => (
        <tr key={r.id}>
          <td className={`${td} tabular-nums`}>{r.place ?? "–"}</td>
          <td className={`${td} max-w-44 truncate sm:max-w-none`}>
            <Link className="font-medium text-brand-800 hover:underline" to={`/players/${r.playerId}`}>
              {name(r)}
            </Link>
            {r.ace ? <AceMark /> : null}
          </td>
          <td className={`${tdNum} font-semibold`}>{r.score > 0 ? r.score : "–"}</td>
          <td className={tdNum}>{r.entryPayoutCents > 0 ? formatCents(r.entryPayoutCents) : ""}</td>
        </tr>
      ))}
    </>
  );
}

/** Before scores are in: who is signed up, by division. */
function Registered({ groups }: { groups: Group[] }) {
  return (
    <DataTable
      caption="Registered players"
      head={
        <tr>
          <th scope="col" className={th}>
            Player
          </th>
        </tr>
      }
    >
      {groups.map((g) => (
        <RegisteredGroup key={g.division} group={g} />
      ))}
    </DataTable>
  );
}

function RegisteredGroup({ group }: { group: Group }) {
  return (
    <>
      <GroupRow colSpan={1} title={group.division} detail={`${group.rows.length} ${group.rows.length === 1 ? "player" : "players"}`} />
      {group.rows.map((r) => (
        <tr key={r.id}>
          <td className={td}>
            <Link className="font-medium text-brand-800 hover:underline" to={`/players/${r.playerId}`}>
              {name(r)}
            </Link>
          </td>
        </tr>
      ))}
    </>
  );
}

export default function RoundPage({ loaderData }: Route.ComponentProps) {
  const { round, entryCents, pot, played, groups, entryCount, signUp } = loaderData;
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
          ) : played ? (
            <Results groups={groups} />
          ) : (
            <Registered groups={groups} />
          )}
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading round" missing="That round does not exist." />;
}
