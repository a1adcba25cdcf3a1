import { Link } from "react-router";
import type { RoundRow } from "~/.server/services/rounds";
import { useLeague } from "~/hooks/use-league";

export function RoundList({ title, rounds, id, hidden }: { title: string; rounds: RoundRow[]; id: string; hidden?: boolean }) {
  const { date } = useLeague();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`min-w-0 ${hidden ? "hidden md:block" : "block"}`}>
      <h2 id={`${id}-title`} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {rounds.length === 0 ? (
        <p className="text-sm text-slate-600">No rounds.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {rounds.map((r) => (
            <li key={r.id}>
              <Link to={`/rounds/${r.id}`} className="flex items-center gap-3 px-3 py-2 hover:bg-slate-50">
                <span className="w-20 shrink-0 tabular-nums text-slate-600">{date(r.d)}</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{r.n}</span>
                  <span className="block truncate text-xs text-slate-500">{r.loc}</span>
                </span>
                <span className="shrink-0 text-xs text-slate-500">
                  {r.entryCount} {r.entryCount === 1 ? "player" : "players"}
                  {r.openForRegistration ? <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-brand-800">Open</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
