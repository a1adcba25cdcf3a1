// Live scoring's tests (ADR 26): a round with published cards whose players each have a
// user with an approved claim, changes as a phone makes them, and a socket client over the
// test Worker's real fetch. Every round is new, so each test has its own Durable Object.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { type TestUser, call, makeAdmin, makeUser, tokenFor } from "./auth-fixtures";
import { makeEntry, makePlayer, makeRound, nowSec, testDb, uniq } from "./fixtures";
import {
  cardPlayers,
  cards,
  claims,
  courses,
  layoutHoles,
  layouts,
  type Entry,
  type Player,
  type Round,
  rounds,
} from "~/.server/db/schema";
import { setScoringPin } from "~/.server/services/accounts/scoring-pin";
import type { LiveState } from "~/lib/live/live-state";
import type { Change, ChangeResult } from "~/schemas/live";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

export { LiveSocket, openSocket, socketOf } from "./live-socket";

export type LivePlayer = { player: Player; entry: Entry; user: TestUser; token: string };
export type LiveCardFixture = { id: number; number: number; players: LivePlayer[] };
export type LiveRoundFixture = { round: Round; cards: LiveCardFixture[]; adminToken: string; admin: TestUser };

/**
 * A round with cards of the given sizes, each player with an approved claim (and so a
 * token that scores their card), published unless told otherwise; `pars` gives it a
 * layout (without one it plays 18 holes of par 3). `seat`: players of another round (with
 * their users) who take the first places of card 1 in this one. `leagueId`: the league it is
 * made in (ADR 46), the default league's without.
 */
export async function makeLiveRound(
  sizes: number[],
  opts: { published?: boolean; pars?: number[]; divisions?: string[]; pins?: boolean; seat?: LivePlayer[]; leagueId?: number } = {},
): Promise<LiveRoundFixture> {
  const leagueId = opts.leagueId ?? DEFAULT_LEAGUE_ID;
  const layoutId = opts.pars ? await makeLayout(opts.pars, leagueId) : null;
  const round = await makeRound({ leagueId, layoutId, cardsPublishedAt: opts.published === false ? null : nowSec() - 60 });
  const admin = await makeAdmin();
  const out: LiveCardFixture[] = [];
  let n = 0;
  for (const [i, size] of sizes.entries()) {
    const [card] = await testDb()
      .insert(cards)
      .values({ leagueId, roundId: round.id, number: i + 1, startHole: i + 1 })
      .returning();
    const players: LivePlayer[] = [];
    for (let position = 0; position < size; position++) {
      const again = i === 0 ? opts.seat?.[position] : undefined;
      if (again) {
        const entry = await makeEntry({ leagueId, roundId: round.id, playerId: again.player.id, division: again.entry.division });
        await testDb().insert(cardPlayers).values({ leagueId, entryId: entry.id, cardId: card.id, position });
        players.push({ ...again, entry });
        continue;
      }
      const division = opts.divisions?.[n++ % opts.divisions.length] ?? "MA1";
      const player = await makePlayer({ leagueId, division });
      const entry = await makeEntry({ leagueId, roundId: round.id, playerId: player.id, division });
      const user = await makeUser({ name: `${player.firstName} ${player.lastName}` });
      await testDb().insert(claims).values({ leagueId, userId: user.id, playerId: player.id, status: "approved" });
      await testDb().insert(cardPlayers).values({ leagueId, entryId: entry.id, cardId: card.id, position });
      if (opts.pins) await setScoringPin(testDb(), user.id, pinOf(position));
      players.push({ player, entry, user, token: await tokenFor(user) });
    }
    out.push({ id: card.id, number: card.number, players });
  }
  return { round, cards: out, admin, adminToken: await tokenFor(admin) };
}

/** The usual scene: one published card of two, its players `a` and `b`. */
export async function twoOnACard(opts: Parameters<typeof makeLiveRound>[1] = {}) {
  const f = await makeLiveRound([2], opts);
  const [a, b] = f.cards[0].players;
  return { ...f, card: f.cards[0], a, b };
}

/** The PIN makeLiveRound({ pins: true }) gives the player at `position` on their card. */
export const pinOf = (position: number) => String(1000 + position * 1111).slice(0, 4);

async function makeLayout(pars: number[], leagueId: number): Promise<number> {
  const [course] = await testDb()
    .insert(courses)
    .values({ leagueId, name: `Course ${uniq()}` })
    .returning();
  const [layout] = await testDb()
    .insert(layouts)
    .values({ leagueId, courseId: course.id, name: "Main", holeCount: pars.length })
    .returning();
  await testDb()
    .insert(layoutHoles)
    .values(pars.map((par, i) => ({ leagueId, layoutId: layout.id, hole: i + 1, par })));
  return layout.id;
}

export const publish = (roundId: number) => testDb().update(rounds).set({ cardsPublishedAt: nowSec() }).where(eq(rounds.id, roundId));

let changeCounter = 0;
const changeId = () => `chg-${uniq()}-${++changeCounter}`;

/** Changes as a phone makes them: each with its own id and the phone's time. */
export const change = {
  strokes: (entryId: number, hole: number, strokes: number, more: Partial<Change> = {}): Change =>
    ({ id: changeId(), at: nowSec(), kind: "strokes", entryId, hole, strokes, ...more }) as Change,
  penalty: (entryId: number, hole: number, penalty: number, more: Partial<Change> = {}): Change =>
    ({ id: changeId(), at: nowSec(), kind: "penalty", entryId, hole, penalty, ...more }) as Change,
  dnf: (entryId: number, dnf: boolean, more: Partial<Change> = {}): Change =>
    ({ id: changeId(), at: nowSec(), kind: "dnf", entryId, dnf, ...more }) as Change,
  signoff: (entryId: number, more: Partial<Change> = {}): Change =>
    ({ id: changeId(), at: nowSec(), kind: "signoff", entryId, ...more }) as Change,
};

/** Every hole of every player of the card at `strokes` (a function of the player's index and the hole). */
export function wholeCard(card: LiveCardFixture, strokes: (player: number, hole: number) => number, holes = 18): Change[] {
  return Array.from({ length: holes }, (_, h) => card.players.map((p, i) => change.strokes(p.entry.id, h + 1, strokes(i, h + 1)))).flat();
}

/** POST /api/live/{roundId}/changes: the status and the answer (from `ip`, else an address of its own). */
export async function post(roundId: number, token: string | undefined, changes: Change[], opts: { ip?: string } = {}) {
  const res = await call("POST", `/api/live/${roundId}/changes`, { token, body: { changes }, ip: opts.ip });
  return { status: res.status, body: (await res.json()) as { results: ChangeResult[] } & { error?: string; code?: string } };
}

/** POSTs and expects every change applied (or a duplicate): the results. */
export async function postOk(roundId: number, token: string, changes: Change[], opts: { ip?: string } = {}): Promise<ChangeResult[]> {
  const { status, body } = await post(roundId, token, changes, opts);
  expect(status, JSON.stringify(body)).toBe(200);
  for (const r of body.results) expect(r.status, JSON.stringify(r)).not.toBe("refused");
  return body.results;
}

/** GET /api/live/{roundId} as `token` (anonymous without): the state, its leaderboard and (for an admin) the flags. */
export async function liveState(roundId: number, token?: string) {
  const res = await call("GET", `/api/live/${roundId}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { state: LiveState; leaderboard: any[]; flags?: any };
}

export const stubOf = (roundId: number) => env.LIVE_ROUND.getByName(`round:${roundId}`);
