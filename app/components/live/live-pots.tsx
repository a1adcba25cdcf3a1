import { useEffect, useState } from "react";
import { followRound } from "./round-feed";
import { RoundPots } from "~/components/sidepots/pot-summary";
import type { PotView } from "~/lib/sidepots/side-pots";

/**
 * The round page's side pots while the round is scored live (ADR 26, ADR 30): as the page
 * was rendered, then as the round's socket says after each CTP marked or hole settled.
 */
export function LivePots({ roundId, initial }: { roundId: number; initial: PotView[] }) {
  const [pots, setPots] = useState(initial);
  useEffect(() => {
    const feed = followRound(roundId, { onMessage: (m) => m.type === "pots" && setPots(m.pots) });
    return () => feed.stop();
  }, [roundId]);
  return <RoundPots pots={pots} />;
}
