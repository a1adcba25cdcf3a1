import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin-round-night";
import { CardEditor } from "~/components/cards/card-board";
import { MakeCards } from "~/components/cards/make-cards";
import type { NightAnswer } from "~/components/night/night-action";
import { CheckInDesk } from "~/components/night/check-in-desk";
import { CashTonight } from "~/components/night/cash-tonight";
import { ScreenNav } from "~/components/night/screen-nav";
import { PrintCards } from "~/components/cards/print-cards";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Panel, Stats } from "~/components/ui/panel";
import { PageHeader } from "~/components/ui/page-header";
import { useLeague } from "~/hooks/use-league";
import { requireCapability } from "~/.server/auth/guards";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { adminNightPage } from "~/.server/pages/admin-round-night";
import { handleNightForm } from "./night-form.server";
import { finalizeLiveForm } from "./live-form.server";
import { LiveWatch } from "~/components/live/live-watch";
import { postedIntent } from "~/.server/forms";
import { tellPots } from "~/.server/services/live/live-pots";
import { FINALIZE_INTENT } from "~/schemas/live-forms";
import { pageMeta } from "~/lib/shared/meta";
import { formatCents } from "~/lib/shared/money";
import { staleCreditText } from "~/lib/money/book-flags";
import { entryPriceCents } from "~/lib/signup/pricing";
import { formatDateTime, nowSeconds } from "~/lib/shared/time";
import { WaitlistTable } from "~/components/waitlist/waitlist-table";
import { SidePotsAdmin } from "~/components/sidepots/side-pots-admin";
import { DrawTeams } from "~/components/doubles/draw-teams";
import { ctpHolesOf } from "~/lib/sidepots/side-pots";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { RainOutPanel, useRainOut } from "~/components/rainouts/rain-out-panel";
import { handleRainoutForm, isRainoutIntent } from "./rainout-form.server";

// League night on a phone (ADR 25, ADR 38): the check-in desk (search, walk-ups, cash), the
// cards and their print, and the night's cash summary.

/** The night's side pot actions (ADR 30): the round page follows them while the round is live. */
const POT_INTENTS = new Set(["addPot", "deletePot", "potPlayer", "settleHole"]);

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireCapability(context, request, "runNight");
  const id = await routeId(params.roundId, "round id");
  const { db, env } = routeServices(context);
  const { screen, waitlist, state } = await orRouteError(adminNightPage(db, env, id, nowSeconds()));
  // The watch list is computed in the page from the state and this moment, then follows the round.
  return { ...screen, waitlist, live: state ? { state, at: nowSeconds() } : null };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const session = requireCapability(context, request, "runNight");
  const roundId = await routeId(params.roundId, "round id");
  const { db, env, league } = routeServices(context);
  const intent = await postedIntent(request);
  if (intent === FINALIZE_INTENT) return finalizeLiveForm(request, env, db.leagueId, roundId, session);
  if (isRainoutIntent(intent)) return handleRainoutForm(request, { db, env, roundId, session, timeZone: league.timeZone });
  const answer = await handleNightForm(request, {
    db,
    env,
    roundId,
    session,
    timeZone: league.timeZone,
    jobs: env.JOBS,
    origin: new URL(request.url).origin,
  });
  // A round scored live: its page's side pots follow what changed them (ADR 26).
  if (POT_INTENTS.has(intent)) await tellPots(env, db, roundId);
  return answer;
}

/** A post that never reached the server (a phone out of signal) answers so, for its Retry, instead of breaking the screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<NightAnswer> {
  try {
    return (await serverAction()) as NightAnswer;
  } catch (err) {
    if (err instanceof Response || (err && typeof err === "object" && "status" in err)) throw err;
    return { formError: "The answer did not arrive: the connection dropped. Retry: it will not be done twice.", offline: true };
  }
}

/** After every action the screen shows what the server holds, a refused one's too; not after one that never arrived. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as NightAnswer | undefined)?.offline) return false;
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? `League night · ${args.loaderData.round.name}` : "League night");

export default function AdminRoundNight({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const {
    round,
    entries,
    counts,
    played,
    board,
    cardSettings,
    divisions,
    live,
    waitlist,
    sidePots,
    teams,
    staleCredit,
    cash,
    endEarlyHoles,
  } = loaderData;
  // A cancelled round (ADR 50): its night is off.
  const cancelled = round.cancelledAt !== null;
  const rainOutAction = useRainOut();
  const rainOut = <RainOutPanel round={round} endEarlyHoles={endEarlyHoles} fetcher={rainOutAction} />;
  const { timeZone } = useLeague();
  const where = board.course ? `${board.course}${board.layout ? ` · ${board.layout}` : ""}` : round.location;
  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title={round.name}
          subtitle={`${formatDateTime(round.startsAt, timeZone)} · ${where}`}
          actions={
            <>
              <ButtonLink to={href(`/admin/round/play/${round.id}`)}>Entries</ButtonLink>
              <ButtonLink to={href(`/admin/round/message/${round.id}`)}>Message players</ButtonLink>
              {board.cards.length ? <Button onClick={() => window.print()}>Print cards</Button> : null}
            </>
          }
        />
      </div>
      <div className="space-y-6 print:hidden">
        {cancelled ? rainOut : null}
        <Panel>
          <Stats
            items={[
              { label: "Entered", value: counts.entered },
              { label: "Checked in", value: counts.checkedIn },
              // A cancelled round's money went back: nothing is owed for it.
              { label: "Owed", value: cancelled ? "—" : formatCents(counts.owedCents) },
            ]}
          />
        </Panel>
        {staleCredit > 0 ? (
          <Alert tone="warning" title="Credit is stale">
            {staleCreditText(staleCredit)}{" "}
            <Link to={href(`/admin/round/play/${round.id}#credit-payouts`)} className="font-semibold underline">
              Credit payouts
            </Link>
          </Alert>
        ) : null}
        {live ? <LiveWatch state={live.state} at={live.at} /> : null}
        {played ? <Alert tone="info">This round has scores, so check-in and walk-ups are closed.</Alert> : null}
        {/* A cancelled night takes nothing: no desk, cards or pots until it is restored (ADR 50). */}
        {cancelled ? null : (
          <>
            <ScreenNav cards={board.cards.length > 0} />
            {/* The desk first: on a phone the search box is in view as the screen opens (ADR 38). */}
            <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
              <CheckInDesk
                entries={entries}
                divisions={divisions}
                price={{ entryCents: entryPriceCents(round), aceCents: round.aceCents }}
                closed={played}
              />
              <div className="space-y-6">
                {round.doubles ? (
                  <DrawTeams
                    teams={teams.teams}
                    version={teams.version}
                    caliRule={teams.caliRule}
                    checkedIn={counts.checkedIn}
                    closed={played || board.publishedAt !== null}
                  />
                ) : null}
                <div id="make-cards" className="scroll-mt-4">
                  <MakeCards
                    version={board.version}
                    mode={cardSettings.mode}
                    start={cardSettings.start}
                    hasCards={board.cards.length > 0}
                    published={board.publishedAt !== null}
                    checkedIn={counts.checkedIn}
                    byTeams={teams.teams.length > 0}
                  />
                </div>
              </div>
            </div>
            <SidePotsAdmin pots={sidePots} entries={entries.map((e) => ({ id: e.id, name: e.name }))} />
            <CardEditor board={board} closed={played} />
            {waitlist.length ? (
              <section aria-labelledby="night-waitlist-title" className="space-y-2">
                <h2 id="night-waitlist-title" className="font-display text-2xl font-semibold tracking-wide">
                  Waitlist
                </h2>
                <WaitlistTable rows={waitlist} />
              </section>
            ) : null}
          </>
        )}
        {cancelled ? null : rainOut}
      </div>
      <div className="mt-6 print:mt-0">
        <CashTonight roundName={round.name} startsAt={round.startsAt} cash={cash} />
      </div>
      <PrintCards board={board} roundName={round.name} startsAt={round.startsAt} ctpHoles={ctpHolesOf(sidePots)} />
    </>
  );
}
