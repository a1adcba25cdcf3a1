import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { useLeague } from "~/hooks/use-league";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { rootHref } from "~/lib/shared/league-url";

/**
 * Where the league's setting hides transfers from this visitor (ADR 25): who may see them,
 * and the way on — logging in, or the player's own page, whose money they always see.
 */
export function MoneyHidden({ message, ownPlayerId }: { message: string | null; ownPlayerId: number | null }) {
  const { href } = useLeagueUrls();
  const { user } = useLeague();
  const action = !user ? (
    <ButtonLink to={rootHref(`/login?redirectTo=${encodeURIComponent(href("/transfers"))}`)} variant="primary">
      Log in
    </ButtonLink>
  ) : ownPlayerId !== null ? (
    <ButtonLink to={href(`/players/${ownPlayerId}`)}>Your credit and transfers</ButtonLink>
  ) : undefined;
  return <EmptyState title={message ?? "Transfers are not shown here."} action={action} />;
}
