// What each viewer of a live round may see (ADR 26): a round whose cards are drafts shows
// no cards to anyone but an admin, as the cards API does; and who entered what on a
// flagged hole is for the scorers of that hole's card and admins, not for every player
// of the round.
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, call } from "../auth-fixtures";
import { argsWith, outcome } from "../route-fixtures";
import { DAY, nowSec, uniq } from "../fixtures";
import { change, liveState, makeLiveRound, postOk, publish, socketOf } from "../live-fixtures";
import type { Session } from "~/.server/auth/current-user";
import type { LiveFlag } from "~/lib/live/live-state";
import * as scorePage from "~/routes/round-score";

const playerSession = (user: { id: number; name: string; email: string }, playerId: number): Session => ({
  user: { id: user.id, name: user.name, email: user.email, isOperator: false, linkedPlayerId: playerId, claimStatus: "approved" },
  leagueId: 1,
  leagueRole: null,
  loginKind: "user",
  sessionId: uniq(),
  expiresAt: nowSec() + DAY,
});

describe("a round whose cards are drafts", () => {
  it("shows no card and no player to a visitor, a player or a spectator socket; an admin sees the drafts", async () => {
    const { round, cards, adminToken } = await makeLiveRound([2, 2], { published: false });
    const player = cards[0].players[0];
    for (const token of [undefined, player.token]) {
      const { state, leaderboard } = await liveState(round.id, token);
      expect(state.cards, token ? "a player" : "a visitor").toEqual([]);
      expect(state.players).toEqual([]);
      expect(JSON.stringify(leaderboard)).not.toContain(player.player.lastName);
    }
    const spectator = await socketOf(round.id, { spectator: true });
    const welcome = await spectator.next("welcome");
    expect(welcome.state.cards).toEqual([]);
    expect(welcome.state.players).toEqual([]);
    expect(JSON.stringify(welcome)).not.toContain(player.player.lastName);
    spectator.close();
    const asAdmin = (await liveState(round.id, adminToken)).state;
    expect(asAdmin.cards.map((c) => c.id)).toEqual(cards.map((c) => c.id));
  });

  it("shows an admin token whose session was logged out what a visitor sees, though the object was asked as the admin", async () => {
    const { round, cards, adminToken } = await makeLiveRound([2], { published: false });
    const out = await call("POST", "/api/users/logout", { token: adminToken, origin: APP_ORIGIN });
    expect(out.status).toBeLessThan(300);
    const { state, flags } = await liveState(round.id, adminToken);
    expect(state.cards).toEqual([]);
    expect(state.players).toEqual([]);
    expect(flags).toBeUndefined();
    expect(JSON.stringify(state)).not.toContain(cards[0].players[0].player.lastName);
  });

  it("shows the cards once they are published, without waiting for the object's copy to age", async () => {
    const { round, cards } = await makeLiveRound([2], { published: false });
    expect((await liveState(round.id)).state.cards).toEqual([]);
    await publish(round.id);
    const { state } = await liveState(round.id);
    expect(state.cards.map((c) => c.id)).toEqual([cards[0].id]);
    expect(state.players).toHaveLength(2);
  });
});

describe("who entered what on a flagged hole", () => {
  /** Two cards, each with a hole in question; card 2's second value is an admin's. */
  async function twoFlaggedCards() {
    const f = await makeLiveRound([2, 2]);
    const [[a1, a2], [b1, b2]] = f.cards.map((c) => c.players);
    await postOk(f.round.id, a1.token, [change.strokes(a2.entry.id, 1, 3)]);
    await postOk(f.round.id, a2.token, [change.strokes(a2.entry.id, 1, 5)]);
    await postOk(f.round.id, b1.token, [change.strokes(b2.entry.id, 1, 3)]);
    await postOk(f.round.id, f.adminToken, [change.strokes(b2.entry.id, 1, 4)]);
    return { ...f, a1, a2, b1, b2 };
  }

  const flagOf = (flags: LiveFlag[], entryId: number, hole = 1) => flags.find((x) => x.entryId === entryId && x.hole === hole);

  it("a player's socket sees the values on their own card's flags only, in the welcome, a state and every update", async () => {
    const f = await twoFlaggedCards();
    const phone = await socketOf(f.round.id, { token: f.a1.token });
    const welcome = await phone.next("welcome");
    expect(flagOf(welcome.state.flags, f.a2.entry.id)?.values?.map((v) => v.value)).toEqual([3, 5]);
    expect(flagOf(welcome.state.flags, f.b2.entry.id)).toEqual({ entryId: f.b2.entry.id, hole: 1, field: "strokes" });
    expect(JSON.stringify(welcome)).not.toContain(f.admin.name);
    const asked = await phone.ask({ type: "state" }, "state");
    expect(flagOf(asked.state.flags, f.b2.entry.id)?.values).toBeUndefined();
    expect(flagOf(asked.state.flags, f.a2.entry.id)?.values).toHaveLength(2);

    // A new disagreement on each card: the round's next update names the values on card 1's only.
    const from = phone.frames.length;
    await postOk(f.round.id, f.b1.token, [change.strokes(f.b1.entry.id, 2, 3)]);
    await postOk(f.round.id, f.b2.token, [change.strokes(f.b1.entry.id, 2, 4)]);
    await postOk(f.round.id, f.a2.token, [change.strokes(f.a1.entry.id, 2, 3)]);
    await postOk(f.round.id, f.a1.token, [change.strokes(f.a1.entry.id, 2, 6)]);
    const flags: LiveFlag[] = [];
    for (let at = from; !(flagOf(flags, f.b1.entry.id, 2) && flagOf(flags, f.a1.entry.id, 2)); ) {
      const update = await phone.next("update", at);
      flags.push(...update.update.flags);
      at = update.at + 1;
    }
    expect(flags.filter((x) => x.entryId === f.b1.entry.id).every((x) => x.values === undefined)).toBe(true);
    expect(flagOf(flags, f.a1.entry.id, 2)?.values?.map((v) => v.value)).toEqual([3, 6]);
    phone.close();
  });

  it("the scoring page gives a player the values on their own card only; an admin sees them all", async () => {
    const f = await twoFlaggedCards();
    const { data } = await outcome(
      scorePage.loader(
        argsWith(playerSession(f.a1.user, f.a1.player.id), new Request(`http://localhost/rounds/${f.round.id}/score`), {
          roundId: String(f.round.id),
        }),
      ),
    );
    expect(flagOf(data.state.flags, f.a2.entry.id)?.values).toHaveLength(2);
    expect(flagOf(data.state.flags, f.b2.entry.id)?.values).toBeUndefined();
    expect(JSON.stringify(data)).not.toContain(f.admin.name);
    const asAdmin = (await liveState(f.round.id, f.adminToken)).state;
    expect(flagOf(asAdmin.flags, f.b2.entry.id)?.values?.map((v) => v.name)).toEqual([
      `${f.b1.player.firstName} ${f.b1.player.lastName}`,
      f.admin.name,
    ]);
  });
});
