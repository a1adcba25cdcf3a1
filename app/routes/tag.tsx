import { Link, data } from "react-router";
import type { Route } from "./+types/tag";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { routeServices } from "~/.server/route-context";
import { readHoldings, tagHistory } from "~/.server/services/tags/tags";
import { LoadError } from "~/components/layout/load-error";
import { TagHistory } from "~/components/tags/tag-history";
import { PlayerLink } from "~/components/players/player-link";
import { Panel } from "~/components/ui/panel";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/shared/meta";
import { TagParamSchema } from "~/schemas/tags";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// Public: one tag's holder and every move of it, newest first (ADR 27); cached like /tags.
export const headers: Route.HeadersFunction = () => publicCacheHeaders("tags", "players", "rounds");

export async function loader({ context, params }: Route.LoaderArgs) {
  const parsed = TagParamSchema.safeParse(params.tag);
  if (!parsed.success) throw data("Not found", { status: 404 });
  const tag = parsed.data;
  const { db } = routeServices(context);
  const [{ holdings, names }, history] = await Promise.all([readHoldings(db), tagHistory(db, { tag })]);
  const holder = holdings.get(tag);
  return {
    tag,
    holder: holder ? { id: holder.playerId, name: names.get(holder.playerId) ?? `player #${holder.playerId}` } : null,
    history,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, `Tag ${args.loaderData?.tag ?? ""}`.trim(), "Who holds this bag tag, and every time it changed hands.");

export default function Tag({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { tag, holder, history } = loaderData;
  return (
    <>
      <PageHeader title={`Tag #${tag}`} subtitle="Every time this tag changed hands, newest first." />
      <div className="space-y-8">
        <Panel>
          <p className="text-lg">
            {holder ? (
              <>
                Held by <PlayerLink id={holder.id}>{holder.name}</PlayerLink>
              </>
            ) : (
              "In the pool: nobody holds it."
            )}
          </p>
          <Link to={href("/tags")} className="mt-2 inline-flex min-h-11 items-center text-sm text-brand-800 hover:underline">
            All tags
          </Link>
        </Panel>
        <TagHistory moves={history} caption={`History of tag ${tag}`} showTag={false} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading tag" missing="Tags are numbered 1 to 999." />;
}
