import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-tags";
import { requireCapability } from "~/.server/auth/guards";
import { handleForm, postedIntent } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { simpleList } from "~/.server/services/players/players";
import { assignTag, takeBackTag } from "~/.server/services/tags/tag-admin";
import { tagBoard } from "~/.server/services/tags/tags";
import { PlayerLink } from "~/components/players/player-link";
import { ActionStatus } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectFormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, td, th } from "~/components/ui/table";
import { useFormResult } from "~/hooks/use-form-result";
import { pageMeta } from "~/lib/shared/meta";
import { fullName } from "~/lib/players/player-name";
import { tagRanges } from "~/lib/tags/tag-words";
import { TagAssignFormSchema, TagTakeBackFormSchema } from "~/schemas/tags";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// The admin's bag tags (ADR 27): give a tag from the pool to a player without one, take a
// tag back into the pool. Each is a move in the tag's history and a row of the audit log.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Bag tags");

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db } = routeServices(context);
  const [board, players] = await Promise.all([tagBoard(db), simpleList(db)]);
  const holding = new Set(board.holders.map((h) => h.playerId));
  return { board, players: players.filter((p) => !holding.has(p.id)).map((p) => ({ id: p.id, name: fullName(p) })) };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  const { db } = routeServices(context);
  if ((await postedIntent(request)) === "take_back") {
    return handleForm(request, TagTakeBackFormSchema, async ({ tag }) => {
      await takeBackTag(db, { tag });
      return { success: `Tag ${tag} is back in the pool.` };
    });
  }
  return handleForm(request, TagAssignFormSchema, async ({ tag, playerId }) => {
    await assignTag(db, { tag, playerId });
    return { success: `Tag ${tag} assigned.` };
  });
}

export default function AdminTags({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { board, players } = loaderData;
  const { success, formError, fieldErrors } = useFormResult();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Bag tags"
        subtitle="Give a tag from the pool to a player without one, or take one back. Rounds that count for tags swap them by finish."
        actions={<ButtonLink to={href("/tags")}>Public page</ButtonLink>}
      />
      <div className="space-y-8">
        <ActionStatus message={success} />
        <ActionStatus message={formError} tone="error" />
        {!board.on ? (
          <Panel tone="highlight">
            <p className="text-sm">
              Bag tags are off. Turn them on in the{" "}
              <Link to={href("/admin/settings")} className="text-brand-800 underline">
                settings
              </Link>{" "}
              (the pool's size and the expiry are there too).
            </p>
          </Panel>
        ) : null}
        <Panel title="Assign a tag" titleId="assign-title">
          <Form method="post" className="grid gap-4 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="assign" />
            <SelectFormField label="Tag" name="tag" error={fieldErrors.tag} disabled={!board.on || board.pool.length === 0}>
              {board.pool.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </SelectFormField>
            <SelectFormField label="Player" name="playerId" error={fieldErrors.playerId} disabled={!board.on}>
              {players.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </SelectFormField>
            <Button type="submit" variant="primary" disabled={busy || !board.on}>
              Assign
            </Button>
          </Form>
          <p className="mt-3 text-sm text-muted">
            In the pool: {board.pool.length ? tagRanges(board.pool) : "none"} (tags 1 to {board.tagCount}).
          </p>
        </Panel>
        {board.holders.length === 0 ? (
          <EmptyState title="Nobody holds a tag yet." />
        ) : (
          <DataTable
            caption="Tag holders"
            stack
            head={
              <tr>
                <th className={th}>Tag</th>
                <th className={th}>Player</th>
                <th className={th}>
                  <span className="sr-only">Take back</span>
                </th>
              </tr>
            }
          >
            {board.holders.map((h) => (
              <tr key={h.tag}>
                <td className={td} data-label="Tag">
                  <Link to={href(`/tags/${h.tag}`)} className="font-semibold text-brand-800 tabular-nums hover:underline">
                    #{h.tag}
                  </Link>
                </td>
                <td className={td} data-label="Player">
                  <PlayerLink id={h.playerId}>{h.name}</PlayerLink>
                </td>
                <td className={td} data-label="Take back">
                  <Form method="post">
                    <input type="hidden" name="intent" value="take_back" />
                    <input type="hidden" name="tag" value={h.tag} />
                    <Button type="submit" size="sm" disabled={busy} aria-label={`Take back tag ${h.tag} from ${h.name}`}>
                      Take back
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </div>
  );
}
