import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/players-all";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { currentYearStart } from "~/.server/league";
import { routeServices } from "~/.server/route-context";
import { listPlayersWithStats } from "~/.server/services/players/players";
import { optionalSession } from "~/.server/auth/guards";
import { moneyView } from "~/.server/services/money/money-view";
import { StatusBadge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormField, SelectFormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { Pager } from "~/components/ui/pager";
import { SortHeader } from "~/components/ui/sort-header";
import { DataTable } from "~/components/ui/table";
import { pageMeta } from "~/lib/shared/meta";
import { formatCents } from "~/lib/shared/money";
import { DEFAULT_PLAYER_SORT, type PlayerColumn, firstDir } from "~/lib/players/player-columns";
import { playersView } from "~/lib/players/players-table";
import type { SortState } from "~/lib/shared/sort";
import { fullName } from "~/lib/players/player-name";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11). The
// query string (sort, filters) is part of the cache key, so each view is its own page.
// `settings`: the balances are shown to whom the league's setting says (ADR 25).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("players", "entries", "transfers", "rounds", "settings");

/**
 * One query for every player's stats (one kept row a player, services/players/players.ts); the
 * sort, the filters and the paging run over that list here, so a bad parameter can only
 * fall back to the default view. Only one page of rows (100) is rendered and sent.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, league } = routeServices(context);
  const [all, money] = await Promise.all([
    listPlayersWithStats(db, currentYearStart(league)),
    moneyView(db, () => optionalSession(context)),
  ]);
  // Only what the table shows travels to the browser: no balances where they are hidden.
  const rows = all.map(({ pdga: _pdga, balanceCents, ...row }) => ({ ...row, balanceCents: money.all ? balanceCents : null }));
  const params = new URL(request.url).searchParams;
  // Hidden balances sort nothing: the order they would give is itself a hint.
  if (!money.all && params.get("sort") === "balance") params.delete("sort");
  return { ...playersView(rows, params), moneyHidden: money.hidden };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "All players",
    "Every player in the league with rounds played, scoring averages and league credit balance, sortable by any column.",
  );

// Every cell of the long table is styled once here rather than per cell (the kit's `td`,
// `tdNum`, PlayerLink), which keeps the page's HTML small: every column between the name and the division is a number.
const leanCells = [
  "[&_td]:border-b [&_td]:border-line [&_td]:px-2 [&_td]:py-2.5 [&_td]:whitespace-nowrap sm:[&_td]:px-3",
  "[&_td:nth-child(n+2):not(:last-child)]:text-right [&_td]:tabular-nums",
  "[&_td>a]:font-medium [&_td>a]:text-brand-800 [&_td>a:hover]:underline",
  // A long name wraps on a phone instead of pushing the key numbers off screen.
  "[&_td:first-child]:max-w-32 [&_td:first-child]:whitespace-normal [&_td:first-child]:break-words sm:[&_td:first-child]:max-w-none sm:[&_td:first-child]:whitespace-nowrap",
].join(" ");

// The key numbers come right after the name, so a phone shows them beside the pinned name.
const COLUMNS: { column: PlayerColumn; label: string; numeric: boolean }[] = [
  { column: "name", label: "Name", numeric: false },
  { column: "balance", label: "Balance", numeric: true },
  { column: "average", label: "Average", numeric: true },
  { column: "currentAvg", label: "Current avg", numeric: true },
  { column: "rounds", label: "Rounds", numeric: true },
  { column: "thisYear", label: "This year", numeric: true },
  { column: "division", label: "Division", numeric: false },
];

const avg = (n: number | null) => (n === null ? "–" : n.toFixed(1));

export default function PlayersAll({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { players, total, paging, sort, division, name, divisions, moneyHidden } = loaderData;
  const columns = moneyHidden ? COLUMNS.filter((c) => c.column !== "balance") : COLUMNS;
  const filtered = division !== null || name !== "";
  const pastTheEnd = players.length === 0 && paging.total > 0;
  return (
    <>
      <PageHeader
        title="All players"
        subtitle={filtered ? `${paging.total} of ${total} players` : `${total} players`}
        actions={<ButtonLink to={href("/players")}>Search players</ButtonLink>}
      />
      <div className="space-y-4">
        <PlayerFilters sort={sort} division={division} name={name} divisions={divisions} filtered={filtered} />
        <p className="text-sm text-muted">
          <strong className="text-ink">Average</strong>: mean score of all scored rounds ever.{" "}
          <strong className="text-ink">Current avg</strong>: mean score of this year's scored rounds.
          {moneyHidden ? ` ${moneyHidden}` : null}
        </p>
        {pastTheEnd ? (
          <EmptyState title="No players on this page" action={<ButtonLink to={href("/players-all")}>First page</ButtonLink>}>
            The list has {paging.pages} {paging.pages === 1 ? "page" : "pages"}.
          </EmptyState>
        ) : players.length === 0 ? (
          <EmptyState title="No players match" action={<ButtonLink to={href("/players-all")}>Show all players</ButtonLink>}>
            Try another division or fewer letters of the name.
          </EmptyState>
        ) : (
          <div className={leanCells}>
            <DataTable
              caption="All players"
              pinFirst
              head={
                <tr>
                  {columns.map((c) => (
                    <SortHeader key={c.column} sort={sort} firstDir={firstDir(c.column)} {...c} />
                  ))}
                </tr>
              }
            >
              {players.map((p) => (
                <tr key={p.id}>
                  <td>
                    {/* discover="none": the player route loads on click, not for 120 links on render. */}
                    <Link to={href(`/players/${p.id}`)} discover="none">
                      {fullName(p)}
                    </Link>
                    {p.inactive ? (
                      <span className="block sm:ml-1.5 sm:inline">
                        <StatusBadge status="Inactive" />
                      </span>
                    ) : null}
                  </td>
                  {moneyHidden ? null : <td>{p.balanceCents === null ? null : formatCents(p.balanceCents)}</td>}
                  <td>{avg(p.average)}</td>
                  <td>{avg(p.thisYearAverage)}</td>
                  <td>{p.roundCount}</td>
                  <td>{p.roundCountYear}</td>
                  <td>{p.division}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        )}
        <Pager page={paging} label="Player pages" steps={["Previous", "Next"]} />
      </div>
    </>
  );
}

/**
 * A GET form, so filtering works without JavaScript (Apply). With it, a new division
 * applies at once and the name after a pause in typing. The sort rides along.
 */
function PlayerFilters({
  sort,
  division,
  name,
  divisions,
  filtered,
}: {
  sort: SortState<PlayerColumn>;
  division: string | null;
  name: string;
  divisions: string[];
  filtered: boolean;
}) {
  const { href } = useLeagueUrls();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Uncontrolled fields: after a navigation (Clear, Back) show what the URL now says, except
  // in the field being typed in. Not on mount, which would undo a choice made before hydration.
  const form = useRef<HTMLFormElement>(null);
  const shown = useRef({ name, division });
  useEffect(() => {
    if (shown.current.name === name && shown.current.division === division) return;
    shown.current = { name, division };
    const fields = form.current?.elements;
    const nameInput = fields?.namedItem("name");
    const select = fields?.namedItem("division");
    if (nameInput instanceof HTMLInputElement && nameInput !== document.activeElement) nameInput.value = name;
    if (select instanceof HTMLSelectElement) select.value = division ?? "";
  }, [name, division]);
  const sorted = sort.column !== DEFAULT_PLAYER_SORT.column || sort.dir !== DEFAULT_PLAYER_SORT.dir;
  return (
    <Form ref={form} method="get" role="search" aria-label="Filter players" preventScrollReset className="flex flex-wrap items-end gap-3">
      {sorted ? (
        <>
          <input type="hidden" name="sort" value={sort.column} />
          <input type="hidden" name="dir" value={sort.dir} />
        </>
      ) : null}
      <div className="min-w-0 flex-[1_1_12rem] sm:max-w-xs">
        <FormField
          label="Name"
          type="search"
          name="name"
          defaultValue={name}
          maxLength={50}
          autoComplete="off"
          onChange={(e) => {
            const form = e.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), 400);
          }}
        />
      </div>
      <div className="flex-[1_1_8rem] sm:max-w-48">
        <SelectFormField
          label="Division"
          name="division"
          defaultValue={division ?? ""}
          onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form, { preventScrollReset: true })}
        >
          <option value="">All divisions</option>
          {divisions.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectFormField>
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {filtered ? (
          <ButtonLink to={href("/players-all")} variant="quiet">
            Clear
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  );
}
