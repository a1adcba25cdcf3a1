// The round page's sign-up part for a player whose waitlist offer lapsed (ADR 28), as the
// server renders it: it says so from the deadline, and offers no "Confirm and pay".
import { describe, expect, it } from "vitest";
import { TZ, h, renderHtml, textOf } from "../render-fixtures";
import { PlayerPart } from "~/components/signup/player-part";
import type { SignUpFacts } from "~/components/signup/signup-dialog";
import { zonedTimeToEpoch } from "~/lib/shared/time";

const deadline = zonedTimeToEpoch({ year: 2026, month: 12, day: 4, hour: 18 }, TZ);
const round = {
  id: 7,
  name: "Thursday Doubles",
  openForRegistration: true,
  feePdgaCents: 50,
  feeCourseCents: 0,
  feeOtherCents: 0,
  payoutCents: 450,
  aceCents: 100,
};

const facts = (waitlist: SignUpFacts["waitlist"]): SignUpFacts =>
  ({
    playerId: 1,
    division: "MA2",
    balanceCents: 1000,
    entered: false,
    payPal: null,
    withdraw: null,
    divisions: ["MA2"],
    waitlist,
    sidePots: [],
  }) as SignUpFacts;

const textFor = (waitlist: SignUpFacts["waitlist"]) => textOf(renderHtml(h(PlayerPart, { round: round as never, facts: facts(waitlist) })));

describe("a lapsed waitlist offer on the round page", () => {
  it("full: says the place lapsed and offers to join again, never to confirm", () => {
    const text = textFor({ place: null, lapsedAt: deadline, full: "The round is full." });
    expect(text).toContain("The place held for you until Friday, December 4, 2026 at 6:00 PM has lapsed.");
    expect(text).toContain("Join the waitlist");
    expect(text).not.toContain("Confirm and pay");
  });

  it("a place free (nobody else waited): says it lapsed, and the ordinary sign-up follows", () => {
    const text = textFor({ place: null, lapsedAt: deadline, full: null });
    expect(text).toContain("has lapsed.");
    expect(text).toContain("Registration is open.");
    expect(text).not.toContain("Confirm and pay");
  });

  it("no lapsed offer: nothing said", () => {
    expect(textFor({ place: null, lapsedAt: null, full: "The round is full." })).not.toContain("lapsed");
  });
});
