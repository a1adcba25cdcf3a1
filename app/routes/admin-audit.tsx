import { Link, data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/admin-audit";
import { AuditFilters, type AuditFilterValues, PlayerMatches, auditHref } from "~/components/audit/audit-filters";
import { AuditList } from "~/components/audit/audit-list";
import { ListLoadError } from "~/components/layout/load-error";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { requireCapability } from "~/.server/auth/guards";
import { routeServices } from "~/.server/route-context";
import { auditChoices, findPlayers } from "~/.server/services/audit/audit-filters";
import { auditLogPage } from "~/.server/services/audit/audit-log";
import { pageMeta } from "~/lib/shared/meta";
import { AuditQuerySchema } from "~/schemas/audit";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { leagueUrls } from "~/lib/shared/league-url";

// Who changed the money (ADR 20): the audit log, newest first, filtered by player, round
// and who made the change. Read only: the page has no action, and the log's triggers
// refuse any change to a row whatever sends it.

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  const url = new URL(request.url);
  const parsed = AuditQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? "Invalid filter" }, { status: 400 });
  const values: AuditFilterValues = {
    player: parsed.data.player ?? null,
    round: parsed.data.round ?? null,
    actor: parsed.data.actor ?? null,
  };
  const filter = { playerId: values.player ?? undefined, roundId: values.round ?? undefined, actorId: values.actor ?? undefined };
  // The typed name's players are read beside the log (one batch, ADR 41); the log is
  // discarded when they redirect.
  const [find, log, choices] = await Promise.all([
    url.searchParams.get("find")?.trim() ? findPlayers(db, url.searchParams.get("find") ?? "") : null,
    auditLogPage(db, filter, { page: parsed.data.page, timeZone: league.timeZone }),
    auditChoices(db, filter, league.timeZone),
  ]);
  // One player found: the filter itself, at its own URL.
  const [only] = find?.matches ?? [];
  if (find && find.matches.length === 1 && only) throw redirect(auditHref(leagueUrls(league), { ...values, player: only.id }));
  return { log, choices, values, find };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Audit log");

/** Newer and Older by ?page=, the filters kept. No total: counting 100,000 rows per view is not worth it. */
function AuditPager({ page, hasMore }: { page: number; hasMore: boolean }) {
  const { href } = useLeagueUrls();
  const { search } = useLocation();
  if (page === 1 && !hasMore) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    params.delete("find");
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const q = params.toString();
    return href(q ? `/admin/audit?${q}` : "/admin/audit");
  };
  const link = "inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand-800 underline-offset-2 hover:underline";
  return (
    <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={link} rel="prev">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">Page {page}</span>
      {hasMore ? (
        <Link to={to(page + 1)} className={link} rel="next">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { log, choices, values, find } = loaderData;
  // The form's fields are uncontrolled: a new URL mounts it afresh, with that URL's filters.
  const { search } = useLocation();
  const filtered = values.player || values.round || values.actor;
  return (
    <>
      <PageHeader
        title="Audit log"
        subtitle="Every change to a balance, the ace pot, a payout or a payment: who made it, when, and what it was before and after."
      />
      <div className="space-y-4">
        <AuditFilters key={search} choices={choices} values={values} />
        {find ? <PlayerMatches found={find} values={values} /> : null}
        {log.entries.length === 0 ? (
          <EmptyState
            title={log.page > 1 ? "No older changes." : filtered ? "No changes match these filters." : "No money has changed yet."}
            action={
              log.page > 1 || filtered ? (
                <Link to={href("/admin/audit")} className="font-medium text-brand-800 underline underline-offset-2">
                  Show the newest changes
                </Link>
              ) : undefined
            }
          >
            {filtered && log.page === 1 ? "Try another player, round or admin, or clear the filters." : null}
          </EmptyState>
        ) : (
          <AuditList entries={log.entries} label="Changes, newest first" />
        )}
        {/* Past the end, the empty state's link goes back to the newest: no "Newer" one page back. */}
        {log.entries.length > 0 ? <AuditPager page={log.page} hasMore={log.hasMore} /> : null}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { href } = useLeagueUrls();
  return (
    <ListLoadError
      error={error}
      title="Audit log"
      loadTitle="Error loading the audit log"
      refused="Invalid filter"
      back={{ to: href("/admin/audit"), label: "Show the newest changes" }}
    />
  );
}
