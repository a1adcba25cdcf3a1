import type { FormForPage } from "~/.server/html/player-form";
import { Card, Stats } from "~/components/ui/card";

/**
 * A player's league rating and handicap; the sum behind them, both after each round and the
 * method notes come as HTML the server built (app/.server/html/player-form.ts): nothing there
 * is interactive, so no client code renders it (issue 12's client budget).
 */
export function PlayerFormCard({ form }: { form: FormForPage }) {
  return (
    <Card title="Rating and handicap" titleId="form-title">
      <div className="space-y-4">
        <Stats
          items={[
            {
              label: "League rating",
              value: form.rating === null ? "–" : `${form.rating}${form.established ? "" : " (provisional)"}`,
            },
            { label: "Handicap", value: form.handicap === null ? "–" : form.handicap.toFixed(1) },
          ]}
        />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built on the server with every text escaped (app/.server/html/escape.ts). */}
        <div className="space-y-4" data-html="" dangerouslySetInnerHTML={{ __html: form.html }} />
      </div>
    </Card>
  );
}
