import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import { data } from "react-router";
import type { Route } from "./+types/round-score";
import { ScoreCard } from "~/components/live/score-card";
import { useOfflineCopy } from "~/components/live/offline-copy";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { requireUser } from "~/.server/auth/guards";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { liveStateOf } from "~/.server/services/live/live-object";
import { scorePageReads } from "~/.server/pages/round-score";
import { tellPots } from "~/.server/services/live/live-pots";
import { pageMeta } from "~/lib/shared/meta";
import { handleForm } from "~/.server/forms";
import { markCtp } from "~/.server/services/sidepots/marks";
import { CtpPanel } from "~/components/sidepots/ctp-panel";
import { CtpFormSchema } from "~/schemas/side-pots";
import { ctpHolesOf } from "~/lib/sidepots/side-pots";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// Scoring a card on the course (ADR 26, "The phone"): a player on one of the round's
// published cards scores their card, an admin any card (?card=). The page keeps working
// without a signal: its service worker (public/sw.js) keeps a copy of it, and every score
// waits on the phone, filed under the scorer's login, until the server has it.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Score card");

/** How often the page checks its socket ("ping"); ?beat= in ms, for tests of a lost signal. */
const BEAT = { default: 5000, min: 500, max: 30_000 };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const session = requireUser(context, request);
  const { db, env } = routeServices(context);
  const id = await routeId(params.roundId, "round id");
  const reads = scorePageReads(db, env, session, id);
  const viewer = await orRouteError(reads.viewer);
  // A player sees who entered what on their own card's flags only (ADR 26), and is on a published card.
  const state = await orRouteError(reads.state);
  if (state.publishedAt === null) throw data({ message: "This round's scorecards are not published yet." }, { status: 409 });
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("card"));
  const cardId = viewer.role === "admin" ? (state.cards.find((c) => c.id === asked) ?? state.cards[0])?.id : viewer.cardIds[0];
  const card = state.cards.find((c) => c.id === cardId);
  if (!card) throw data({ message: "This round has no scorecards to score." }, { status: 404 });
  const beat = Number(url.searchParams.get("beat"));
  const beatMs = Number.isInteger(beat) && beat >= BEAT.min && beat <= BEAT.max ? beat : BEAT.default;
  const scorer = { role: viewer.role === "admin" ? ("admin" as const) : ("player" as const), playerId: viewer.playerId };
  // The round's CTP pots (ADR 30), and who on this card can be marked in them.
  const onCard = state.players.filter((p) => card.entryIds.includes(p.entryId));
  // Who a cardmate can sign for with a PIN: the others' totals are the organiser's to confirm.
  const [pots, drawn, withPin] = await orRouteError(reads.rest);
  const pinned = withPin.filter((playerId) => onCard.some((p) => p.playerId === playerId));
  // A doubles round's partners score as one (ADR 31).
  const teams = Object.fromEntries(drawn.teams.flatMap((t) => t.members.map((m) => [m.entryId, t.number])));
  return {
    state,
    cardId: card.id,
    cardNumber: card.number,
    scorer,
    userId: session.user.id,
    beatMs,
    pots,
    onCard: onCard.map((p) => ({ entryId: p.entryId, name: p.name })),
    teams,
    pinned,
  };
}

/** A CTP from the card, once it has played the hole: the player's own or a cardmate's, or any by an admin. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const session = requireUser(context, request);
  const { db, env } = routeServices(context);
  const id = await routeId(params.roundId, "round id");
  return handleForm(request, CtpFormSchema, async (v) => {
    const success = await markCtp(
      db,
      id,
      { potId: v.pot_id, hole: v.hole, entryId: v.entry_id, distanceCm: v.distance },
      { userId: session.user.id, admin: can(standingOf(session), "runNight"), playerId: session.user.linkedPlayerId },
      // The live round says who is on which card and which holes each card has played (ADR 30).
      await liveStateOf(env, db.leagueId, id, "admin"),
    );
    // The round page's side pots follow the mark (ADR 26).
    await tellPots(env, db, id);
    return { success };
  });
}

/** A mark that never reached the server says so, instead of breaking the card. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (err) {
    if (err instanceof Response || (err && typeof err === "object" && "status" in err)) throw err;
    return { formError: "No signal: the CTP was not recorded. Try again when you have one." };
  }
}

export default function RoundScore({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { state, cardId, cardNumber, scorer, userId, beatMs, pots, onCard, teams, pinned } = loaderData;
  useOfflineCopy();
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageHeader title={`Card ${cardNumber}`} subtitle={state.name} />
      <ScoreCard
        initial={state}
        cardId={cardId}
        scorer={scorer}
        userId={userId}
        beatMs={beatMs}
        teams={teams}
        pinned={pinned}
        ctpHoles={ctpHolesOf(pots)}
      />
      <CtpPanel pots={pots} onCard={onCard} />
      <ButtonLink to={href(`/rounds/${state.roundId}`)} variant="quiet">
        Back to the round
      </ButtonLink>
    </div>
  );
}
