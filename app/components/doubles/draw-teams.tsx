import type { RoundTeam } from "~/.server/services/doubles/teams";
import { NightResult, useNightAction } from "~/components/night/night-action";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { SelectFormField } from "~/components/ui/form-field";
import { CALI_RULE_WORDS, type CaliRule, DRAW_MODES, DRAW_MODE_LABELS, teamName } from "~/lib/doubles/doubles";

// The night screen's teams of a doubles round (ADR 31): draw them from who is checked in,
// at random or balanced by rating, and again until the cards are published.

export function DrawTeams({
  teams,
  version,
  caliRule,
  checkedIn,
  closed,
}: {
  teams: RoundTeam[];
  version: number;
  caliRule: CaliRule;
  checkedIn: number;
  closed: boolean;
}) {
  const action = useNightAction();
  return (
    <Panel title="Teams" titleId="teams-title" className="print:hidden">
      <div className="space-y-3">
        {teams.length ? (
          <ol className="space-y-1">
            {teams.map((t) => (
              <li key={t.number}>
                <span className="font-medium">Team {t.number}:</span> {teamName(t.members.map((m) => m.name))}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted">No teams yet: check players in, then draw them.</p>
        )}
        <p className="text-sm text-muted">An odd player out plays cali, a team of one: the cali {CALI_RULE_WORDS[caliRule]}.</p>
        {closed ? (
          <p className="text-sm text-muted">The scorecards are published or a score is in: the teams are set.</p>
        ) : (
          <form method="post" noValidate onSubmit={action.onSubmit} className="space-y-3" aria-label="Draw teams">
            <input type="hidden" name="intent" value="drawTeams" />
            <input type="hidden" name="version" value={version} />
            <SelectFormField label="How to draw" name="mode" defaultValue="random">
              {DRAW_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {DRAW_MODE_LABELS[mode]}
                </option>
              ))}
            </SelectFormField>
            <NightResult action={action} />
            <Button type="submit" disabled={action.busy || checkedIn < 2}>
              {action.busy ? "Drawing…" : teams.length ? "Draw again" : `Draw teams from ${checkedIn} checked in`}
            </Button>
          </form>
        )}
      </div>
    </Panel>
  );
}
