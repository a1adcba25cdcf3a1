import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/** A player's name linking to their page: the same look in every table. */
export function PlayerLink({ id, children, className = "" }: { id: number; children: ReactNode; className?: string }) {
  const { href } = useLeagueUrls();
  return (
    <Link to={href(`/players/${id}`)} className={`font-medium text-brand-800 hover:underline ${className}`}>
      {children}
    </Link>
  );
}

/**
 * A side of a transfer: the player's name as a link, or "League" when the league itself
 * paid or was paid. 24 px tall, so the two names stacked on a phone are each a fair target.
 */
export function PartyName({ id, name }: { id: number | null; name: string | null }) {
  if (id === null || name === null) return <span className="inline-block py-0.5 text-muted">League</span>;
  return (
    <PlayerLink id={id} className="inline-block py-0.5">
      {name}
    </PlayerLink>
  );
}
