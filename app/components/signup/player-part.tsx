import { useActionData } from "react-router";
import { SignUpDialog, type SignUpFacts } from "./signup-dialog";
import { WaitlistPart } from "./waitlist-part";
import { Alert } from "~/components/ui/alert";
import { Panel } from "~/components/ui/panel";
import { useLeague } from "~/hooks/use-league";
import { ConfirmDialog } from "~/components/ui/dialog";
import { paidLine } from "~/lib/money/entry-money";
import type { FormOutcome } from "~/lib/shared/form-data";
import { formatCents } from "~/lib/shared/money";
import type { RoundFees } from "~/lib/signup/pricing";

type Round = RoundFees & { id: number; name: string; openForRegistration: boolean };

/** What the withdrawal gives back, in words: "$6.17 comes back as your league credit (credit $2.00 · PayPal $4.17)." */
function backText(back: NonNullable<SignUpFacts["withdraw"]>["back"]): string {
  const cents = back.creditCents + back.paypalCents + back.cashCents;
  if (cents === 0) return "Your entry goes. You paid nothing for it, so no credit comes back.";
  return `Your entry goes, and ${formatCents(cents)} comes back as your league credit (${paidLine(back).replace(/^Paid: /, "")}).`;
}

/**
 * The round page's part for a player whose claim is approved (loaded only for them, so an
 * anonymous visit does not download it): what their withdrawal answered, then either
 * "signed up" with the Withdraw button (before the round starts and check-in; ADR 22, 34), the closed
 * notice, or the sign-up dialog.
 */
export function PlayerPart({ round, facts }: { round: Round; facts: SignUpFacts }) {
  const outcome = useActionData() as FormOutcome | undefined;
  return (
    <div className="space-y-3">
      {outcome?.success ? <Alert tone="success">{outcome.success}</Alert> : null}
      {outcome?.formError ? <Alert>{outcome.formError}</Alert> : null}
      {facts.entered ? (
        <Panel>
          <p className="font-medium">You are signed up for this round.</p>
          {facts.withdraw ? (
            <div className="mt-3">
              <ConfirmDialog
                trigger="Withdraw"
                tone="danger"
                title={`Withdraw from ${round.name}?`}
                description={backText(facts.withdraw.back)}
                confirmLabel="Withdraw"
                intent="withdraw"
                fields={{ id: facts.withdraw.entryId }}
              />
            </div>
          ) : (
            <p className="mt-2 text-sm text-muted">
              {facts.checkedIn
                ? "You are checked in: to withdraw now, ask the organiser."
                : "The round has started: to withdraw now, ask an admin."}
            </p>
          )}
        </Panel>
      ) : !round.openForRegistration ? (
        <p className="text-sm font-medium text-muted">Registration is closed for this round.</p>
      ) : facts.waitlist && (facts.waitlist.place || facts.waitlist.full) ? (
        <>
          <LapsedOffer at={facts.waitlist.lapsedAt} />
          <WaitlistPart round={round} facts={facts} waitlist={facts.waitlist} />
        </>
      ) : (
        <Panel>
          <h2 className="font-display text-xl font-semibold">Sign up</h2>
          <LapsedOffer at={facts.waitlist?.lapsedAt ?? null} />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p className="text-sm">Registration is open.</p>
            <SignUpDialog round={round} facts={facts} />
          </div>
        </Panel>
      )}
    </div>
  );
}

/**
 * The player's offer from the waitlist lapsed (ADR 28): said from its deadline, whether or
 * not the list has been settled yet, so the page never offers them a place no longer theirs.
 */
function LapsedOffer({ at }: { at: number | null }) {
  const { longDate, time } = useLeague();
  if (at === null) return null;
  return <p className="mt-2 text-sm font-medium">{`The place held for you until ${longDate(at)} at ${time(at)} has lapsed.`}</p>;
}
