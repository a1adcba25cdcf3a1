import { Form, Link } from "react-router";
import type { AuditChoices, Choice, PlayerFind, RoundChoice } from "~/.server/services/audit/audit-filters";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormField, SelectFormField } from "~/components/ui/form-field";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import type { LeagueUrls } from "~/lib/shared/league-url";

// /admin/audit's filters: a GET form, so it works without JavaScript and every filtered view
// is a link. The player is found by typing a name (the league has thousands): one match
// filters at once, several are offered as links; the chosen one rides along as `player`.

export type AuditFilterValues = { player: number | null; round: number | null; actor: number | null };

const link = "font-medium text-brand-800 underline underline-offset-2";

/** The URL of the league's log with `values` as its filters (page 1). */
export function auditHref({ href }: LeagueUrls, values: Partial<AuditFilterValues>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, String(v));
  const q = params.toString();
  return href(q ? `/admin/audit?${q}` : "/admin/audit");
}

function RoundSelect({ rounds, value }: { rounds: RoundChoice[]; value: number | null }) {
  const seasons = [...new Set(rounds.map((r) => r.season))];
  return (
    <SelectFormField label="Round" name="round" defaultValue={value ?? ""}>
      <option value="">All rounds</option>
      {seasons.map((s) => (
        <optgroup key={s} label={String(s)}>
          {rounds
            .filter((r) => r.season === s)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
        </optgroup>
      ))}
    </SelectFormField>
  );
}

function ActorSelect({ actors, value }: { actors: Choice[]; value: number | null }) {
  return (
    <SelectFormField label="Changed by" name="actor" defaultValue={value ?? ""}>
      <option value="">Anyone</option>
      {actors.map((a) => (
        <option key={a.id} value={a.id}>
          {a.label}
        </option>
      ))}
    </SelectFormField>
  );
}

/** The player filter: the chosen player (with a way to drop it) and a name to find another. */
function PlayerFilter({ chosen, values }: { chosen: Choice | null; values: AuditFilterValues }) {
  const urls = useLeagueUrls();
  return (
    <div className="flex flex-col gap-1">
      <FormField
        label={chosen ? "Another player" : "Player"}
        name="find"
        type="search"
        autoComplete="off"
        hint={chosen ? undefined : "Type part of a first or last name."}
      />
      {chosen ? (
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span>
            Showing <strong className="break-words">{chosen.label}</strong>
          </span>
          <input type="hidden" name="player" value={chosen.id} />
          <Link to={auditHref(urls, { ...values, player: null })} className={`${link} inline-flex min-h-11 items-center`}>
            Any player
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The matches of a typed name: each a link to the log filtered by that player. */
export function PlayerMatches({ found, values }: { found: PlayerFind; values: AuditFilterValues }) {
  const urls = useLeagueUrls();
  if (found.tooShort) return <p className="text-sm text-danger-700">Type at least 3 letters of a name to find a player.</p>;
  if (found.matches.length === 0) return <p className="text-sm text-danger-700">No player matches “{found.text}”.</p>;
  return (
    <nav aria-label="Players found" className="rounded-xl border border-line bg-surface p-4 text-sm">
      <p className="mb-2 font-medium">Several players match “{found.text}”: pick one.</p>
      <ul className="flex flex-wrap gap-x-4">
        {found.matches.map((m) => (
          <li key={m.id}>
            <Link to={auditHref(urls, { ...values, player: m.id })} className={`${link} inline-flex min-h-11 items-center`}>
              {m.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AuditFilters({ choices, values }: { choices: AuditChoices; values: AuditFilterValues }) {
  const { href } = useLeagueUrls();
  const filtered = values.player || values.round || values.actor;
  return (
    <Form method="get" aria-label="Filter the audit log" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto]">
      <PlayerFilter chosen={choices.player} values={values} />
      <RoundSelect rounds={choices.rounds} value={values.round} />
      <ActorSelect actors={choices.actors} value={values.actor} />
      {/* Level with the controls, below their labels (the player's hint hangs below its box). */}
      <div className="flex items-start gap-2 sm:pt-6">
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {filtered ? (
          <ButtonLink to={href("/admin/audit")} variant="quiet">
            Clear
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  );
}
