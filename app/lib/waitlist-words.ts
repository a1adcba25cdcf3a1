import { formatRoundWhen } from "./round-dates";

// A player's waitlists in words for their home page (ADR 28), made on the server in the
// league's zone: each open place and each recent change, with the round it links to.

export type WaitlistLine = { key: string; roundId: number; text: string; offer: boolean };

type Place = { roundId: number; roundName: string; status: "waiting" | "offered"; position: number | null; offerExpiresAt: number | null };
type Notice = { id: number; kind: "offered" | "entered" | "auto_entered" | "expired"; roundId: number; roundName: string };

const NEWS: Record<Notice["kind"], string> = {
  offered: "a place was offered to you",
  entered: "you confirmed your place from the waitlist",
  auto_entered: "you were entered from the waitlist, paid from your credit",
  expired: "your offer lapsed and went to the next player",
};

export function waitlistLines(places: Place[], notices: Notice[], timeZone: string): WaitlistLine[] {
  const open = places.map((p) => ({
    key: `place-${p.roundId}`,
    roundId: p.roundId,
    offer: p.status === "offered",
    text:
      p.status === "offered"
        ? `${p.roundName}: a place is yours until ${formatRoundWhen(p.offerExpiresAt ?? 0, timeZone)}. Confirm and pay.`
        : `${p.roundName}: your place on the waitlist: ${p.position}.`,
  }));
  // An offer still open is said above; the rest of the news below it.
  const news = notices
    .filter((n) => !(n.kind === "offered" && places.some((p) => p.roundId === n.roundId && p.status === "offered")))
    .map((n) => ({ key: `notice-${n.id}`, roundId: n.roundId, offer: false, text: `${n.roundName}: ${NEWS[n.kind]}.` }));
  return [...open, ...news];
}
