import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { RoundList } from "~/components/round-list";
import { useLeague } from "~/hooks/use-league";
import { routeServices } from "~/.server/route-context";
import { listRounds, splitRounds } from "~/.server/services/rounds";
import { nowSeconds } from "~/lib/time";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("rounds", "entries");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  return splitRounds(await listRounds(db), nowSeconds());
}

export const meta: Route.MetaFunction = () => [{ title: "Rounds" }];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { past, future, today } = loaderData;
  const { longDate, user } = useLeague();
  const [show, setShow] = useState<"past" | "future">("future");
  const toggle = (which: "past" | "future", label: string) => (
    <button
      type="button"
      aria-pressed={show === which}
      aria-controls={`${which}-rounds`}
      onClick={() => setShow(which)}
      className={`flex-1 rounded-md px-3 py-2 text-sm font-medium ${show === which ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300"}`}
    >
      {label}
    </button>
  );
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Rounds</h1>
      {today.map((r) => (
        <section key={r.id} aria-label="Today's round" className="rounded-lg border border-brand-600 bg-brand-50 p-4">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Today's round</p>
          <p className="mt-1 text-lg font-semibold">{r.n}</p>
          <p className="text-sm text-slate-700">
            {longDate(r.d)} · {r.loc}
          </p>
          <Link to={`/rounds/${r.id}`} className="mt-2 inline-block rounded bg-brand-700 px-3 py-2 text-sm font-semibold text-white">
            View round
          </Link>
        </section>
      ))}
      {user ? null : (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <p className="w-full text-sm text-slate-700 sm:w-auto sm:flex-1">
            Log in or register to claim your player record and sign up for rounds.
          </p>
          <Link to="/login" className="rounded border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700">
            Log in
          </Link>
          <Link to="/register" className="rounded bg-brand-700 px-3 py-2 text-sm font-semibold text-white">
            Register
          </Link>
        </div>
      )}
      <fieldset className="m-0 flex gap-2 border-0 p-0 md:hidden">
        <legend className="sr-only">Show rounds</legend>
        {toggle("past", "Past rounds")}
        {toggle("future", "Future rounds")}
      </fieldset>
      <div className="grid gap-6 md:grid-cols-2">
        <RoundList id="future-rounds" title="Future rounds" rounds={future} hidden={show !== "future"} />
        <RoundList id="past-rounds" title="Past rounds" rounds={past} hidden={show !== "past"} />
      </div>
    </div>
  );
}
