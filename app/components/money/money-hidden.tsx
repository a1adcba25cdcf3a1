import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { useLeague } from "~/hooks/use-league";

/**
 * Where the league's setting hides transfers from this visitor (ADR 25): who may see them,
 * and the way on — logging in, or the player's own page, whose money they always see.
 */
export function MoneyHidden({ message, ownPlayerId }: { message: string | null; ownPlayerId: number | null }) {
  const { user } = useLeague();
  const action = !user ? (
    <ButtonLink to="/login?redirectTo=%2Ftransfers" variant="primary">
      Log in
    </ButtonLink>
  ) : ownPlayerId !== null ? (
    <ButtonLink to={`/players/${ownPlayerId}`}>Your credit and transfers</ButtonLink>
  ) : undefined;
  return <EmptyState title={message ?? "Transfers are not shown here."} action={action} />;
}
