import { LeaderTable } from "./leader-table";
import { lazyPart } from "~/components/ui/lazy-part";
import { RoundPots } from "~/components/sidepots/pot-summary";
import { leaderboard } from "~/lib/live/live-board";

// The round page's parts that follow a live round (ADR 26): rendered in full on the server,
// their socket code loaded only while a round is live. Each fallback is the same markup, so
// the page streamed to a browser without JavaScript shows the board and the pots too.

/** The live leaderboard. */
export const LiveBoard = lazyPart(
  async () => (await import("./live-board")).LiveBoard,
  ({ initial, teams }) => <LeaderTable divisions={leaderboard(initial, teams)} />,
);

/** The side pots, following the round over the leaderboard's socket (ADR 30). */
export const LivePots = lazyPart(
  async () => (await import("./live-pots")).LivePots,
  ({ initial }) => <RoundPots pots={initial} />,
);
