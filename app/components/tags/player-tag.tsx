import { Link } from "react-router";
import { TagHistory, type TagMoveView } from "~/components/tags/tag-history";
import { Panel } from "~/components/ui/panel";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/** A player's bag tag now and its moves with them (ADR 27); nothing while the league has no tags and they never held one. */
export function PlayerTag({ tag }: { tag: { on: boolean; tag: number | null; history: TagMoveView[] } }) {
  const { href } = useLeagueUrls();
  if (!tag.on && tag.history.length === 0) return null;
  return (
    <Panel title="Bag tag" titleId="bag-tag-title">
      <p className="mb-4 text-lg">
        {tag.tag === null ? (
          "Holds no tag."
        ) : (
          <>
            Holds{" "}
            <Link to={href(`/tags/${tag.tag}`)} className="font-display text-2xl font-semibold text-brand-800 tabular-nums hover:underline">
              tag #{tag.tag}
            </Link>
          </>
        )}
      </p>
      <TagHistory moves={tag.history} caption="Bag tag history" />
    </Panel>
  );
}
