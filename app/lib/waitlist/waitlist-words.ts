import { formatRoundWhen } from "../rounds/round-dates";

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

type Lapsed = { roundId: number; roundName: string; offerExpiresAt: number };

export function waitlistLines(places: Place[], notices: Notice[], timeZone: string, lapsed: Lapsed[] = []): WaitlistLine[] {
  const open = places.map((p) => ({
    key: `place-${p.roundId}`,
    roundId: p.roundId,
    offer: p.status === "offered",
    text:
      p.status === "offered"
        ? `${p.roundName}: a place is yours until ${formatRoundWhen(p.offerExpiresAt ?? 0, timeZone)}. Confirm and pay.`
        : `${p.roundName}: your place on the waitlist: ${p.position}.`,
  }));
  // An offer whose deadline passed reads as lapsed, as on the round page, until the cron
  // (within a minute) or the next write passes it on (ADR 28).
  const gone = lapsed.map((l) => ({
    key: `lapsed-${l.roundId}`,
    roundId: l.roundId,
    offer: false,
    text: `${l.roundName}: the place held for you until ${formatRoundWhen(l.offerExpiresAt, timeZone)} has lapsed.`,
  }));
  // An offer still open, or lapsed, is said above; the rest of the news below it.
  const said = (roundId: number) =>
    places.some((p) => p.roundId === roundId && p.status === "offered") || lapsed.some((l) => l.roundId === roundId);
  const news = notices
    .filter((n) => !(n.kind === "offered" && said(n.roundId)))
    .map((n) => ({ key: `notice-${n.id}`, roundId: n.roundId, offer: false, text: `${n.roundName}: ${NEWS[n.kind]}.` }));
  return [...open, ...gone, ...news];
}
