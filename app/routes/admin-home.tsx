import { Link } from "react-router";
import type { Route } from "./+types/admin-home";
import { adminLinks } from "~/components/layout/admin-nav";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useLeague } from "~/hooks/use-league";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { requireCapability } from "~/.server/auth/guards";
import { standingOf } from "~/.server/auth/current-user";
import { setupState } from "~/.server/pages/admin-home";
import { routeServices } from "~/.server/route-context";
import { can } from "~/lib/accounts/roles";
import { pageMeta } from "~/lib/shared/meta";
import type { LeagueUrls } from "~/lib/shared/league-url";

// The league's admin home (ADR 47): for its owner and admins, the setup checklist at the top
// while a step is open (a new league's way to its first round), then the admin pages the
// viewer may open; a director sees the night's pages only.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Admin");

export async function loader({ context, request }: Route.LoaderArgs) {
  const session = requireCapability(context, request, "runNight");
  const { db } = routeServices(context);
  // The checklist is the league's setup: only those who manage the league read it.
  return { setup: can(standingOf(session), "manageLeague") ? await setupState(db) : null };
}

type SetupState = NonNullable<Route.ComponentProps["loaderData"]["setup"]>;

type Step = { title: string; done: boolean; state?: string; note?: string; to: string; action: string };

/** The steps in order, each with the page that does it. */
function setupSteps(s: SetupState, { href }: LeagueUrls): Step[] {
  return [
    {
      title: "Courses and layouts",
      done: s.courses,
      note: "A course with a layout: 18 holes of par 3 unless you say otherwise.",
      to: href("/admin/courses"),
      action: "Add a course",
    },
    {
      title: "Divisions",
      done: s.divisions,
      note: "The divisions your players sign up in.",
      to: href("/admin/settings"),
      action: "Choose divisions",
    },
    {
      title: "Fees and defaults",
      done: s.settings,
      note: "Points, handicaps, check-in and cards: save them once, even as they are.",
      to: href("/admin/settings"),
      action: "Review settings",
    },
    {
      title: "PayPal",
      done: s.paypal,
      note: "Optional: without it the league takes credit and cash.",
      to: href("/admin/paypal"),
      action: "Connect PayPal",
    },
    {
      title: "The first round",
      done: s.round,
      state: s.roundOpen ? "Open for registration" : s.round ? "Made, not open for registration yet" : undefined,
      to: href("/admin/rounds/new"),
      action: s.round ? "Add another round" : "Make the first round",
    },
    {
      title: "Invite players",
      done: s.players,
      note: "Invite by email, or share the join code.",
      to: href("/admin/members"),
      action: "Invite players",
    },
  ];
}

function SetupChecklist({ setup }: { setup: SetupState }) {
  const steps = setupSteps(setup, useLeagueUrls());
  const open = steps.filter((s) => !s.done).length;
  if (open === 0) return <p className="mb-4 font-medium text-brand-800">Setup complete.</p>;
  return (
    <Panel title="Set up your league" titleId="setup-title" tone="highlight" className="mb-6">
      <p className="mb-3 text-sm">
        {open} of {steps.length} steps to go.
      </p>
      <ol className="space-y-3">
        {steps.map((step, i) => (
          <li
            key={step.title}
            className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 first:border-t-0 first:pt-0"
          >
            <div className="min-w-0">
              <p className="font-semibold">
                <span aria-hidden="true">{step.done ? "✓ " : `${i + 1}. `}</span>
                {step.title}
                <span className="sr-only">{step.done ? ": done" : ": to do"}</span>
              </p>
              {step.state ? <p className="text-sm">{step.state}</p> : null}
              {step.note ? <p className="text-sm text-slate-600">{step.note}</p> : null}
            </div>
            <Link
              to={step.to}
              className="inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-brand-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {step.done ? `${step.title}: change` : step.action}
            </Link>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { setup } = loaderData;
  const urls = useLeagueUrls();
  const { can: held } = useLeague();
  const links = adminLinks(urls).filter((l) => l.to !== urls.href("/admin") && held.includes(l.needs));
  return (
    <>
      <PageHeader title="Admin" />
      <div className="max-w-3xl">
        {setup ? <SetupChecklist setup={setup} /> : null}
        <Panel title="Admin pages" titleId="admin-pages">
          <ul className="grid gap-1 sm:grid-cols-2">
            {links.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className="flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </>
  );
}
