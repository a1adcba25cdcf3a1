import { Form, useNavigation } from "react-router";
import { SignUpDialog, type SignUpFacts } from "./signup-dialog";
import { DivisionOptions } from "~/components/players/division-options";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { CheckboxFormField, SelectFormField } from "~/components/ui/form-field";
import { useLeague } from "~/hooks/use-league";
import { formatCents } from "~/lib/shared/money";
import { type RoundFees, entryTotalCents } from "~/lib/signup/pricing";

type Round = RoundFees & { id: number; name: string };
type Waitlist = NonNullable<SignUpFacts["waitlist"]>;

/**
 * The round page's waitlist for the signed-in player (ADR 28; part of the lazily loaded
 * player part): a place on offer with its deadline and "Confirm and pay", their place on
 * the list with "Leave the waitlist", or, when their division is full, "Join the waitlist".
 * Plain posts: it all works without JavaScript but the PayPal dialog.
 */
export function WaitlistPart({ round, facts, waitlist }: { round: Round; facts: SignUpFacts; waitlist: Waitlist }) {
  const { place, full } = waitlist;
  if (place?.status === "offered") return <OfferCard round={round} facts={facts} deadline={place.offerExpiresAt ?? 0} ace={place.ace} />;
  if (place?.status === "waiting") return <WaitingCard position={place.position ?? 1} autoConfirm={place.autoConfirm} />;
  return <JoinCard facts={facts} full={full ?? "The round is full."} />;
}

function useBusy() {
  return useNavigation().state === "submitting";
}

function OfferCard({ round, facts, deadline, ace }: { round: Round; facts: SignUpFacts; deadline: number; ace: boolean }) {
  const { longDate, time } = useLeague();
  const busy = useBusy();
  const total = entryTotalCents(round, ace);
  const covered = facts.balanceCents >= total;
  return (
    <Panel title="A place is yours" titleId="offer-title" tone="highlight">
      <p>
        A place freed up. It is held for you until <strong>{`${longDate(deadline)} at ${time(deadline)}`}</strong>; then it goes to the next
        player on the waitlist.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {covered ? (
          <Form method="post">
            <input type="hidden" name="intent" value="confirmOffer" />
            <Button type="submit" disabled={busy}>
              Confirm and pay {formatCents(total)} from credit
            </Button>
          </Form>
        ) : (
          <SignUpDialog round={round} facts={facts} triggerLabel="Confirm and pay" />
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="leaveWaitlist" />
          <Button type="submit" variant="secondary" disabled={busy}>
            Turn it down
          </Button>
        </Form>
      </div>
    </Panel>
  );
}

function WaitingCard({ position, autoConfirm }: { position: number; autoConfirm: boolean }) {
  const busy = useBusy();
  return (
    <Panel title="Waitlist" titleId="waitlist-title">
      <p className="text-lg font-semibold">Your place on the waitlist: {position}</p>
      <p className="mt-1 text-sm text-muted">
        {autoConfirm
          ? "When a place frees, you are entered at once if your league credit covers the entry; otherwise it is offered to you."
          : "When a place frees, it is offered to you for a while to confirm and pay."}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="leaveWaitlist" />
        <Button type="submit" variant="secondary" disabled={busy}>
          Leave the waitlist
        </Button>
      </Form>
    </Panel>
  );
}

function JoinCard({ facts, full }: { facts: SignUpFacts; full: string }) {
  const busy = useBusy();
  return (
    <Panel title="Sign up" titleId="join-title">
      <p className="font-medium">{full} Join the waitlist: when a place frees, the first on the list gets it.</p>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="joinWaitlist" />
        <SelectFormField label="Division" name="division" defaultValue={facts.division}>
          <DivisionOptions league={facts.divisions} />
        </SelectFormField>
        <CheckboxFormField label="Ace fund" name="ace" defaultChecked />
        <CheckboxFormField
          label="Enter me at once from my league credit"
          name="auto_confirm"
          hint={`When a place frees and your credit (now ${formatCents(facts.balanceCents)}) covers the entry, you are entered and it is paid, with no offer to confirm.`}
        />
        <Button type="submit" disabled={busy}>
          Join the waitlist
        </Button>
      </Form>
    </Panel>
  );
}
