import { useEffect, useState } from "react";
import { followState } from "./live-connection";
import { LeaderTable } from "./leader-table";
import { followRound } from "./round-feed";
import { leaderboard } from "~/lib/live/live-board";
import type { LiveState } from "~/lib/live/live-state";
import type { LiveStateJson } from "../../../workers/api/serializers/live";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/**
 * The round page's live leaderboard (ADR 26): the state the page was rendered with, then
 * every update from the round page's spectator socket (./round-feed.ts), without a reload;
 * where the socket cannot open, the state as JSON every few seconds. A doubles round's
 * `teams` are ranked as one (ADR 31).
 */
export function LiveBoard({ initial, teams = {} }: { initial: LiveState; teams?: Record<number, number> }) {
  const { apiUrl } = useLeagueUrls();
  const [state, setState] = useState(initial);
  const [live, setLive] = useState(false);
  useEffect(() => {
    let polling: ReturnType<typeof setInterval> | null = null;
    const poll = () =>
      fetch(apiUrl(`/live/${initial.roundId}`))
        .then((r) => (r.ok ? (r.json() as Promise<LiveStateJson>) : null))
        .then((j) => j && setState(j.state))
        .catch(() => undefined);
    const feed = followRound(initial.roundId, {
      onLink: (link) => {
        setLive(link === "live");
        if (link === "offline" && !polling) polling = setInterval(poll, 5000);
        if (link === "live" && polling) {
          clearInterval(polling);
          polling = null;
        }
      },
      onMessage: (m) => void followState(m, setState, () => feed.send({ type: "state" })),
    });
    return () => {
      feed.stop();
      if (polling) clearInterval(polling);
    };
  }, [initial.roundId, apiUrl]);
  return (
    <div data-live={live ? "live" : "waiting"}>
      <LeaderTable divisions={leaderboard(state, teams)} />
    </div>
  );
}
