// What the entries screen shows of a round's payouts while the admin types (ADR 14), the
// same numbers the server stores and Credit payouts credits: by division for singles; for
// a doubles round with drawn teams (ADR 31) one pool for the teams, each team's place and
// payout, and each partner's share. And, while a score is missing, who holds the payouts
// up and what to do about it, in the words Credit payouts refuses with.
import { type TeamEntry, teamName, teamsOf } from "../doubles/doubles";
import { formatCents as money } from "../shared/money";
import { computeRoundDivisionSummaries, computeTeamPayouts, payoutsByEntry } from "./payouts";

export type PreviewEntry = TeamEntry & { division: string; name: string };

/** A group of the table: a division, or a doubles team (one entry alone when not drawn). */
export type PreviewGroup = {
  key: string;
  title: string;
  detail: string;
  entryIds: number[];
};

export type PayoutPreview = {
  byEntry: Map<number, { payoutCents: number; result: string | null }>;
  /** A doubles round's one field: "Doubles: 3 teams · Pool $22.50 · Paid $22.25 · Rounding $0.25"; null for singles. */
  field: string | null;
  groups: PreviewGroup[];
};

const missing = (e: { score: number; dnf?: boolean }) => !e.dnf && !(e.score > 0);

/** "Ann Lee, Bo Park and 3 more". */
function nameList(names: string[]): string {
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}` : (shown[0] ?? "");
}

/**
 * Who holds payouts up while others have scores: "No score yet for Cy Dee: enter their
 * score, or withdraw them if they did not play." Null when none is missing, or no score is
 * in yet (nothing is held up: the round is not played).
 */
export function waitingFor(units: readonly { names: string[]; score: number; dnf?: boolean }[]): string | null {
  const held = units.filter(missing);
  if (held.length === 0 || held.length === units.length) return null;
  const several = held.length > 1;
  return `No score yet for ${nameList(held.map((u) => u.names.join(" & ")))}: enter ${several ? "their scores" : "their score"}, or withdraw ${several ? "anyone who" : "them if they"} did not play.`;
}

/** The units a round's payouts place: each entry in singles, each team (its first partner's score) in doubles. */
export function payoutUnits(entries: readonly PreviewEntry[]) {
  if (!entries.some((e) => e.team !== null)) return entries.map((e) => ({ names: [e.name], score: e.score, dnf: e.dnf }));
  return teamsOf(entries).map((members) => ({
    names: members.map((m) => m.name),
    score: members[0]?.score ?? 0,
    dnf: members[0]?.dnf,
  }));
}

const place = (result: string | null | undefined) => {
  const m = /^(\d+)\/(\d+)/.exec(result ?? "");
  return m ? `${m[1]} of ${m[2]}` : null;
};

export function payoutPreview(entries: readonly PreviewEntry[], payoutCents: number): PayoutPreview {
  const byEntry = payoutsByEntry(entries, payoutCents);
  if (!entries.some((e) => e.team !== null)) {
    const groups = computeRoundDivisionSummaries(entries, payoutCents).map((s): PreviewGroup => {
      const list = entries.filter((e) => e.division === s.division);
      const wait = waitingFor(payoutUnits(list));
      const detail = s.skipped
        ? (wait ?? "Waiting for every score")
        : `Pool ${money(s.poolCents)} · Paid ${money(s.paidCents)} · Rounding ${money(s.roundingCents)}`;
      return { key: `d-${s.division}`, title: s.division, detail: `${list.length} · ${detail}`, entryIds: list.map((e) => e.id) };
    });
    return { byEntry, field: null, groups };
  }
  const teams = teamsOf(entries);
  const s = computeTeamPayouts(entries, payoutCents);
  const wait = waitingFor(payoutUnits(entries));
  const field = `Doubles: ${teams.length} teams · ${
    s.skipped
      ? (wait ?? "Waiting for every score")
      : `Pool ${money(s.poolCents)} · Paid ${money(s.paidCents)} · Rounding ${money(s.roundingCents)}`
  }`;
  const groups = teams.map((members): PreviewGroup => {
    const first = members[0] as PreviewEntry;
    const teamCents = members.reduce((sum, m) => sum + (byEntry.get(m.id)?.payoutCents ?? 0), 0);
    const names = members.map((m) => m.name);
    const where = place(byEntry.get(first.id)?.result);
    return {
      key: `t-${first.team ?? `solo-${first.id}`}`,
      title: first.team === null ? "No team" : `Team ${first.team}`,
      detail: `${first.team === null ? names[0] : teamName(names)} · ${where ?? "no place yet"} · team payout ${money(teamCents)}`,
      entryIds: members.map((m) => m.id),
    };
  });
  return { byEntry, field, groups };
}
