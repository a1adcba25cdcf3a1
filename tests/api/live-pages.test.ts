// The pages of live scoring (ADR 26): the round page's leaderboard and its short shared
// copy while live, the scoring page's card for a player and an admin (and its refusals),
// and the night screen's watch list.
import { describe, expect, it } from "vitest";
import { argsFor, argsWith, outcome } from "../route-fixtures";
import { change, makeLiveRound, postOk, twoOnACard } from "../live-fixtures";
import { makeUser } from "../auth-fixtures";
import { DAY, makeRound, nowSec, uniq } from "../fixtures";
import type { Session } from "~/.server/auth/current-user";
import { LIVE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "~/.server/cache-tags";
import * as roundPage from "~/routes/round";
import * as scorePage from "~/routes/round-score";
import * as nightPage from "~/routes/admin-round-night";
import { adminFlags } from "~/lib/live/live-board";

/** A player's session: their user, linked to their approved claim's player. */
function playerSession(user: { id: number; name: string; email: string }, playerId: number | null): Session {
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      isOperator: false,
      linkedPlayerId: playerId,
      claimStatus: playerId ? "approved" : null,
    },
    leagueId: 1,
    leagueRole: null,
    loginKind: "user",
    sessionId: uniq(),
    expiresAt: nowSec() + DAY,
  };
}

const scoreArgs = (session: Session, roundId: number, search = "") =>
  argsWith(session, new Request(`http://localhost/rounds/${roundId}/score${search}`), { roundId: String(roundId) });

const headersOf = (loaded: unknown) => {
  const init = (loaded as { init?: ResponseInit | null })?.init;
  const loaderHeaders = new Headers(init?.headers ?? {});
  return (roundPage.headers as (a: { loaderHeaders: Headers }) => Record<string, string>)({ loaderHeaders });
};

describe("the round page while a round is scored live", () => {
  it("renders the public leaderboard's state and keeps the shared copy two seconds; a round without cards is cached as before", async () => {
    const { round, a } = await twoOnACard();
    await postOk(round.id, a.token, [change.strokes(a.entry.id, 1, 4)]);
    const loaded = await roundPage.loader(await argsFor("nobody", `/rounds/${round.id}`, undefined, { roundId: String(round.id) }));
    const { data } = await outcome(Promise.resolve(loaded));
    expect(data.live.players.find((p: { entryId: number }) => p.entryId === a.entry.id).strokes[0]).toBe(4);
    // The public view: who entered a value is not in it.
    expect(JSON.stringify(data.live.flags)).not.toContain("userId");
    expect(headersOf(loaded)["Cache-Control"]).toBe(LIVE_CACHE_CONTROL);

    const plain = await makeRound();
    const quiet = await roundPage.loader(await argsFor("nobody", `/rounds/${plain.id}`, undefined, { roundId: String(plain.id) }));
    expect((await outcome(Promise.resolve(quiet))).data.live).toBeNull();
    expect(headersOf(quiet)["Cache-Control"]).toBe(PUBLIC_CACHE_CONTROL);
  });
});

describe("the scoring page", () => {
  it("gives a player their own card and an admin the card asked for", async () => {
    const { round, cards } = await makeLiveRound([2, 2]);
    const second = cards[1]!;
    const { user, player } = second.players[0]!;
    const asPlayer = await outcome(scorePage.loader(scoreArgs(playerSession(user, player.id), round.id)));
    expect(asPlayer.data).toMatchObject({ cardId: second.id, cardNumber: 2, scorer: { role: "player", playerId: player.id } });
    const asAdmin = await outcome(
      scorePage.loader(await argsFor("admin", `/rounds/${round.id}/score?card=${second.id}`, undefined, { roundId: String(round.id) })),
    );
    expect(asAdmin.data).toMatchObject({ cardId: second.id, scorer: { role: "admin", playerId: null } });
  });

  it("sends a visitor to log in, refuses a player on no card (403) and a round whose cards are drafts (409)", async () => {
    const { round } = await makeLiveRound([2]);
    const params = { roundId: String(round.id) };
    const visitor = await outcome(scorePage.loader(await argsFor("nobody", `/rounds/${round.id}/score`, undefined, params)));
    expect(visitor.location).toContain("/login");
    const stranger = await outcome(scorePage.loader(scoreArgs(playerSession(await makeUser(), null), round.id)));
    expect(stranger.status).toBe(403);
    const draft = await makeLiveRound([2], { published: false });
    const refused = await outcome(
      scorePage.loader(await argsFor("admin", `/rounds/${draft.round.id}/score`, undefined, { roundId: String(draft.round.id) })),
    );
    expect(refused.status).toBe(409);
  });
});

describe("the night screen's live scoring", () => {
  it("lists a hole in question and an unusual score from the scorer's state", async () => {
    const { round, a, b } = await twoOnACard();
    await postOk(round.id, a.token, [change.strokes(b.entry.id, 2, 9)]);
    await postOk(round.id, b.token, [change.strokes(b.entry.id, 2, 8)]);
    await postOk(round.id, a.token, [change.strokes(a.entry.id, 3, 8)]);
    const { data } = await outcome(
      nightPage.loader(await argsFor("admin", `/admin/round/night/${round.id}`, undefined, { roundId: String(round.id) })),
    );
    const flags = adminFlags(data.live.state, data.live.at);
    expect(flags.flagged).toEqual([expect.objectContaining({ entryId: b.entry.id, hole: 2 })]);
    expect(flags.unusual).toEqual([expect.objectContaining({ entryId: a.entry.id, hole: 3, strokes: 8 })]);
    expect(data.live.state.flags[0].values).toHaveLength(2);
  });
});
