import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { deliver, messageId, recordMail } from "../job-fixtures";
import { choose, recordQueue } from "../registration-fixtures";
import { claims, entries } from "~/.server/db/schema";
import { makeRoundCards } from "~/.server/services/cards/card-writes";
import { publishCards } from "~/.server/services/cards/card-publish";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// The cards-published job through the Worker's queue handler (ADR 25): each opted-in player
// on a card gets one mail with their card, however often the job is delivered; a job of a
// publish undone since mails nobody.

/** A round of six checked-in players, three of them users who asked for the mail (one locked), one who did not. */
async function roundWithPlayers() {
  const round = await makeRound({ startsAt: nowSec() + 3600 });
  const people = [];
  for (const opts of [{ notify: true }, { notify: true }, { notify: true, locked: true }, { notify: false }, null, null]) {
    const player = await makePlayer();
    await makeEntry({ roundId: round.id, playerId: player.id, checkedInAt: nowSec() });
    if (!opts) continue;
    const user = await makeUser({ locked: opts.locked });
    await choose(user.id, { notifyCards: opts.notify });
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
    people.push({ user, player, ...opts });
  }
  return { round, people };
}

async function published(roundId: number) {
  const board = await makeRoundCards(testDb(), roundId, { version: 0 });
  const { jobs, queue } = recordQueue();
  const done = await publishCards(testDb(), roundId, board.version, { jobs: queue, origin: "http://localhost:8787" });
  return { job: jobs[0]!, board: done.board };
}

describe("a cards-published job", () => {
  it("mails each opted-in, unlocked player their card once, delivered three times", async () => {
    const { round, people } = await roundWithPlayers();
    const { job, board } = await published(round.id);
    const mail = recordMail();
    const id = messageId();
    for (const delivery of [{ body: job, id }, { body: job, id, attempts: 2 }, { body: job }]) {
      const { result, ids } = await deliver([delivery], { send: mail.send });
      expect(result.explicitAcks).toEqual(ids);
    }
    expect(mail.sent.map((m) => m.to).sort()).toEqual([people[0]!.user.email, people[1]!.user.email].sort());
    const first = mail.sent.find((m) => m.to === people[0]!.user.email)!;
    const [entry] = await testDb().select().from(entries).where(eq(entries.playerId, people[0]!.player.id));
    const card = board.cards.find((c) => c.players.some((p) => p.entryId === entry!.id))!;
    expect(first.subject).toContain(`your scorecard for ${round.name} (Card ${card.number} · hole ${card.startLabel})`);
    expect(first.text).toContain(`Card ${card.number} · hole ${card.startLabel}`);
    expect(first.text).toContain(`/rounds/${round.id}`);
  });

  it("mails nobody for a publish taken down since (cards made again)", async () => {
    const { round } = await roundWithPlayers();
    const { job, board } = await published(round.id);
    await makeRoundCards(testDb(), round.id, { version: board.version });
    const mail = recordMail();
    await deliver([{ body: job }], { send: mail.send });
    expect(mail.sent).toEqual([]);
  });
});
