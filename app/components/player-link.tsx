import type { ReactNode } from "react";
import { Link } from "react-router";

/** A player's name linking to their page: the same look in every table. */
export function PlayerLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <Link to={`/players/${id}`} className="font-medium text-brand-800 hover:underline">
      {children}
    </Link>
  );
}

/** A side of a transfer: the player's name as a link, or "League" when the league itself paid or was paid. */
export function PartyName({ id, name }: { id: number | null; name: string | null }) {
  return id === null || name === null ? <span className="text-muted">League</span> : <PlayerLink id={id}>{name}</PlayerLink>;
}
