// A doubles round on the admin's entries screen and the live leaderboard (ADR 31): the
// screen shows the teams' places and each partner's share, exactly what Credit payouts
// credits; the leaderboard ranks teams, not partners; an entry with no score says who holds
// the payouts up and what to do about it.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, refusal, testDb } from "../fixtures";
import { liveState, makeLiveRound, postOk, wholeCard } from "../live-fixtures";
import { h, renderHtml, textOf } from "../render-fixtures";
import { entries, rounds } from "~/.server/db/schema";
import { entriesScreen } from "~/.server/services/entries/entries-screen";
import { updateEntries } from "~/.server/services/entries/entry-admin";
import { creditPayouts } from "~/.server/services/entries/payouts";
import { EntryEditor } from "~/components/entries/entry-editor";
import { formatCents } from "~/lib/shared/money";

const db = () => testDb();
const rowsOf = (roundId: number) => db().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(asc(entries.id));

/**
 * A played doubles round: five players of two divisions, teams 1 (A, B), 2 (C, D) and E
 * alone as the cali (team 3), scored as the card scores a team: both partners the team's.
 * `absent`: a sixth entry, not checked in and on no team, with no score.
 */
async function playedDoubles(opts: { absent?: boolean } = {}) {
  const round = await makeRound({ doubles: true, startsAt: nowSec() - DAY, payoutCents: 450 });
  const made = [];
  for (const [i, team] of [1, 1, 2, 2, 3].entries()) {
    const division = i % 2 ? "FPO" : "MA1";
    const player = await makePlayer({ division });
    made.push(await makeEntry({ roundId: round.id, playerId: player.id, division, team, checkedInAt: nowSec() - DAY }));
  }
  const absent = opts.absent
    ? await makeEntry({ roundId: round.id, playerId: (await makePlayer({ firstName: "Cy", lastName: "Absent" })).id, division: "MA1" })
    : null;
  const score = new Map([
    [1, 50],
    [2, 52],
    [3, 55],
  ]);
  await updateEntries(
    db(),
    made.map((e) => ({ id: e.id, version: e.version, value: { score: score.get(e.team ?? 0) ?? 0 } })),
  );
  return { round, made, absent };
}

async function screenHtml(roundId: number) {
  const screen = await entriesScreen(db(), roundId);
  return renderHtml(
    h(EntryEditor, { round: screen.round, entries: screen.entries, creditCapCents: screen.creditCapCents, divisions: ["MA1", "FPO"] }),
  );
}

/** Each entry row's Place and Payout cells as the screen shows them. */
const shownOf = (html: string) =>
  new Map(
    [
      ...html.matchAll(
        /<tr id="entry-(\d+)"[\s\S]*?data-label="Place"[^>]*>([\s\S]*?)<\/td>[\s\S]*?data-label="Payout"[^>]*>([\s\S]*?)<\/td>/g,
      ),
    ].map((m) => [Number(m[1]), { place: textOf(m[2] ?? ""), payout: textOf(m[3] ?? "") }]),
  );

describe("a doubles round's entries screen", () => {
  it("shows the teams' places and each partner's share: what Credit payouts then credits", async () => {
    const { round, made } = await playedDoubles();
    const html = await screenHtml(round.id);
    const shown = shownOf(html);

    await creditPayouts(db(), round.id);
    const credited = await rowsOf(round.id);
    expect(credited.map((e) => [e.id, shown.get(e.id)])).toEqual(
      credited.map((e) => [
        e.id,
        {
          place: `${e.result?.split("/")[0]} of 3`,
          payout: formatCents(e.creditAddedCents),
        },
      ]),
    );
    // Partners share their team's place; the cali's team is paid whole.
    const [a, b, , , cali] = made;
    expect(shown.get(a?.id ?? 0)?.place).toBe("1 of 3");
    expect(shown.get(b?.id ?? 0)?.place).toBe("1 of 3");
    expect(shown.get(cali?.id ?? 0)?.place).toBe("3 of 3");
    // One pool for the round's teams, not one per division.
    const text = textOf(html);
    expect(text).toContain("Doubles: 3 teams · Pool $22.50");
    expect(text).not.toContain("Pool $9.00");
  });

  it("names an entry with no score holding the payouts up, and what to do, on the screen and from Credit payouts", async () => {
    const { round, absent } = await playedDoubles({ absent: true });
    const said = "No score yet for Cy Absent: enter their score, or withdraw them if they did not play.";
    expect(textOf(await screenHtml(round.id))).toContain(said);
    const refused = await refusal(creditPayouts(db(), round.id));
    expect(refused).toMatchObject({ status: 409 });
    expect(refused.message).toContain(said);
    expect((await rowsOf(round.id)).every((e) => e.creditAddedCents === 0)).toBe(true);
    expect(absent).not.toBeNull();
  });
});

describe("a doubles round's live leaderboard", () => {
  it("ranks teams, each under its partners' names, not each partner on a line of their own", async () => {
    const f = await makeLiveRound([4]);
    const [a, b, c, d] = f.cards[0].players;
    await db().update(rounds).set({ doubles: true }).where(eq(rounds.id, f.round.id));
    for (const [p, team] of [
      [a, 1],
      [b, 1],
      [c, 2],
      [d, 2],
    ] as const) {
      await db().update(entries).set({ team }).where(eq(entries.id, p.entry.id));
    }
    // As the phone scores a team: every tap to both partners. Team 2 a stroke over on every hole.
    await postOk(
      f.round.id,
      a.token,
      wholeCard(f.cards[0], (p) => (p < 2 ? 3 : 4), 3),
    );
    const name = (p: typeof a) => `${p.player.firstName} ${p.player.lastName}`;
    const { leaderboard } = await liveState(f.round.id);
    expect(leaderboard).toEqual([
      {
        division: "Doubles",
        rows: [
          expect.objectContaining({ entryId: a.entry.id, name: `${name(a)} & ${name(b)}`, place: "1", thru: 3 }),
          expect.objectContaining({ entryId: c.entry.id, name: `${name(c)} & ${name(d)}`, place: "2", thru: 3 }),
        ],
      },
    ]);
  });
});
