import { Form, Link } from "react-router";
import type { RoundRow } from "~/.server/services/rounds/rounds";
import { StatusBadge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { DataTable, stackWide, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { formatRoundWhen } from "~/lib/rounds/round-dates";
import { nowSeconds } from "~/lib/shared/time";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/** The form the rows' checkboxes belong to (they sit in table cells, outside it). */
export const SELECT_FORM = "select-rounds";

const link = "font-medium text-brand-800 underline-offset-2 hover:underline";

/**
 * A round's registration: its badge, and the button that flips it (a post to the page's
 * action). A round that has started is closed for good (ADR 39): no button.
 */
function Registration({ round, busy }: { round: RoundRow; busy: boolean }) {
  const open = round.openForRegistration;
  if (!open && round.startsAt <= nowSeconds()) return <StatusBadge status="Closed" />;
  return (
    <Form method="post" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="registration" />
      <input type="hidden" name="id" value={round.id} />
      <input type="hidden" name="open" value={open ? "false" : "true"} />
      <StatusBadge status={open ? "Open" : "Closed"} />
      <Button
        type="submit"
        size="sm"
        variant="quiet"
        disabled={busy}
        aria-label={`${open ? "Close" : "Open"} registration for ${round.name}`}
      >
        {open ? "Close" : "Open"}
      </Button>
    </Form>
  );
}

/**
 * The admin's rounds: a checkbox to pick it for the multi-editor, its name (to the round
 * form) and time, registration with its toggle, entries, place, and the round's admin
 * pages. On a phone each round is a stacked block with all of them on screen.
 */
export function AdminRoundsTable({ caption, rounds, busy }: { caption: string; rounds: RoundRow[]; busy: boolean }) {
  const { href } = useLeagueUrls();
  const { timeZone } = useLeague();
  return (
    <DataTable
      caption={caption}
      stack
      head={
        <tr>
          <th scope="col" className={th}>
            Round
          </th>
          <th scope="col" className={th}>
            Registration
          </th>
          <th scope="col" className={`${th} text-right`}>
            Entries
          </th>
          <th scope="col" className={th}>
            Location
          </th>
          <th scope="col" className={th}>
            Manage
          </th>
        </tr>
      }
    >
      {rounds.map((r) => {
        const when = formatRoundWhen(r.startsAt, timeZone);
        return (
          <tr key={r.id}>
            <td className={td}>
              <div className="flex items-start gap-2">
                <input
                  type="checkbox"
                  name="ids"
                  value={r.id}
                  form={SELECT_FORM}
                  aria-label={`Select ${r.name}, ${when}`}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <Link to={href(`/admin/rounds/${r.id}`)} className={`${link} block truncate`}>
                    {r.name}
                  </Link>
                  <span className="block text-xs tabular-nums text-muted">{when}</span>
                </span>
              </div>
            </td>
            <td className={td} data-label="Registration">
              <Registration round={r} busy={busy} />
            </td>
            <td className={tdNum} data-label="Entries">
              {r.entryCount}
            </td>
            <td className={`${td} ${stackWide}`} data-label="Location">
              {r.location}
            </td>
            <td className={`${td} ${stackWide}`}>
              <div className="flex gap-2">
                <ButtonLink to={href(`/admin/round/play/${r.id}`)} size="sm" aria-label={`Entries of ${r.name}`}>
                  Entries
                </ButtonLink>
                <ButtonLink to={href(`/admin/round/scores/${r.id}`)} size="sm" aria-label={`Scores of ${r.name}`}>
                  Scores
                </ButtonLink>
                <ButtonLink to={href(`/admin/round/night/${r.id}`)} size="sm" aria-label={`League night of ${r.name}`}>
                  Night
                </ButtonLink>
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
