import { Link } from "react-router";

type Props = {
  player: { id: number; firstName: string; lastName: string } | null;
  claimStatus: string | null;
};

/** The player record a user has claimed, or where their claim stands. */
export function ClaimedPlayer({ player, claimStatus }: Props) {
  if (player) {
    return (
      <p>
        <Link to={`/players/${player.id}`} className="font-medium text-brand-700 underline">
          {player.firstName} {player.lastName}
        </Link>
      </p>
    );
  }
  const findLink = (
    <Link to="/players" className="text-brand-700 underline">
      Find your player record
    </Link>
  );
  if (claimStatus === "pending") return <p>Your claim is waiting for an admin to review it.</p>;
  if (claimStatus) {
    return (
      <p>
        Your last claim is marked <strong>{claimStatus}</strong>. {findLink}
      </p>
    );
  }
  return <p>You have not claimed a player record yet. {findLink}</p>;
}
