import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeAdmin, tokenFor } from "../auth-fixtures";
import { makeEntry, makeRound, testDb } from "../fixtures";
import { makeLiveRound, postOk, wholeCard } from "../live-fixtures";
import { holders, scene, tagsOf, tagsOn } from "../tags-fixtures";
import { cappedRound, claimedPlayer, fill, listRows } from "../waitlist-fixtures";
import { entries, rounds } from "~/.server/db/schema";
import { joinWaitlist } from "~/.server/services/signup/waitlist";
import { assignTag } from "~/.server/services/tags/tag-admin";

// What a write leaves for after it (ADR 44) is run by the Worker after the route that made it,
// and by the live round after its own D1 writes: the outcome shows through the app, not only
// when a test runs the runner by hand (tests/services/after-write.test.ts).

const versionOf = async (id: number) => (await testDb().select().from(entries).where(eq(entries.id, id)))[0]?.version ?? 0;

describe("follow-ups run after the route that left them", () => {
  it("a withdrawal through the /api offers the place it frees to the next on the list", async () => {
    const round = await cappedRound(1);
    const [taken] = await fill(round.id, 1);
    const w = await claimedPlayer();
    await joinWaitlist(testDb(), { userId: w.user.id, roundId: round.id, division: "MA2", ace: true, autoConfirm: false });
    const token = await tokenFor(await makeAdmin());
    await expectStatus(await call("DELETE", `/api/entries/${taken!.id}`, { token }), 200);
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["offered"]);
  });

  it("scores saved through the /api on a tags round swap the tags", async () => {
    await tagsOn();
    const s = scene();
    const [a, b] = await holders([s.tag(1), s.tag(2)]);
    const round = await makeRound({ startsAt: s.week(0), countsForTags: true });
    const [ea, eb] = [await makeEntry({ roundId: round.id, playerId: a.id }), await makeEntry({ roundId: round.id, playerId: b.id })];
    const token = await tokenFor(await makeAdmin());
    const data = [
      { id: ea.id, version: await versionOf(ea.id), value: { score: 60 } },
      { id: eb.id, version: await versionOf(eb.id), value: { score: 45 } },
    ];
    await expectStatus(await call("POST", "/api/admin/entry/bulk", { token, body: { data } }), 200);
    expect(await tagsOf([a, b])).toEqual([s.tag(2), s.tag(1)]);
  });

  it("a live round's finalise swaps the tags of a tags round, from the round's own D1 writes", async () => {
    await tagsOn();
    const s = scene();
    const live = await makeLiveRound([2], { pars: [3, 3, 3, 3, 3, 3, 3, 3, 3] });
    await testDb()
      .update(rounds)
      .set({ countsForTags: true, startsAt: s.week(0) })
      .where(eq(rounds.id, live.round.id));
    const [pa, pb] = live.cards[0]!.players;
    const [ta, tb] = [s.tag(1), s.tag(2)];
    await assignTag(testDb(), { tag: ta, playerId: pa!.player.id });
    await assignTag(testDb(), { tag: tb, playerId: pb!.player.id });
    // The first player scores worse: the finalise's results swap the two tags.
    await postOk(
      live.round.id,
      live.adminToken,
      wholeCard(live.cards[0]!, (i) => (i === 0 ? 5 : 2), 9),
    );
    const res = await call("POST", `/api/admin/live/${live.round.id}/finalize`, {
      token: live.adminToken,
      body: { confirmUnsigned: true },
    });
    await expectStatus(res, 200);
    expect(await tagsOf([pa!.player, pb!.player])).toEqual([tb, ta]);
  });
});
