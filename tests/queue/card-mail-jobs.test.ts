import { describe, expect, it } from "vitest";
import { makeRound, nowSec, testDb } from "../fixtures";
import { deliver, messageId, recordMail } from "../job-fixtures";
import { recordQueue } from "../registration-fixtures";
import { copiesOf, keysOf, league, playerOf, pushEnv, pushService, pushedNow, subscribe } from "../notice-fixtures";
import { makeRoundCards } from "~/.server/services/cards/card-writes";
import { publishCards } from "~/.server/services/cards/card-publish";
import { cardMessage } from "~/lib/night/night";

// The cards-published job through the Worker's queue handler (ADR 25, ADR 49): every player
// on a card with an account is told their card once — no opt-in, the kind is on by default —
// however often the job is delivered; a job of a publish undone since tells nobody.

/** A round of six checked-in players: three with accounts (one with a device), one locked, two without. */
async function roundWithPlayers() {
  const round = await makeRound({ startsAt: nowSec() + 3600 });
  const checkedIn = { entry: { checkedInAt: nowSec() } };
  const people = [
    await playerOf(round.id, checkedIn),
    await playerOf(round.id, checkedIn),
    await playerOf(round.id, checkedIn),
    await playerOf(round.id, { ...checkedIn, locked: true }),
    await playerOf(round.id, { ...checkedIn, account: false }),
    await playerOf(round.id, { ...checkedIn, account: false }),
  ];
  const device = await subscribe(people[0]!.user!.id);
  return { round, people, device };
}

async function published(roundId: number) {
  const board = await makeRoundCards(testDb(), roundId, { version: 0 });
  const { jobs, queue } = recordQueue();
  const done = await publishCards(testDb(), roundId, board.version, { jobs: queue, origin: "http://localhost:8787" });
  return { job: jobs[0]!, board: done.board };
}

describe("a cards-published job", () => {
  it("tells each player on a card with an unlocked account their card once, delivered three times", async () => {
    const { round, people, device } = await roundWithPlayers();
    const { job, board } = await published(round.id);
    expect(job).toMatchObject({ type: "cards-published", roundId: round.id });
    const mail = recordMail();
    const service = pushService();
    const id = messageId();
    for (const delivery of [{ body: job, id }, { body: job, id, attempts: 2 }, { body: job }]) {
      const { result, ids } = await deliver([delivery], { send: mail.send, push: service.push, env: pushEnv });
      expect(result.explicitAcks).toEqual(ids);
    }
    expect(await keysOf(`cards:${round.id}:`)).toEqual([`cards:${round.id}:${board.publishedAt}`]);
    const copies = await copiesOf(`cards:${round.id}:`);
    const told = [people[0], people[1], people[2]].map((p) => p!.user!.id);
    expect(copies.map((c) => c.userId)).toEqual(told.sort((a, b) => a - b));
    for (const person of people.slice(0, 3)) {
      const card = board.cards.find((c) => c.players.some((p) => p.playerId === person!.player.id))!;
      const mates = card.players.filter((p) => p.playerId !== person!.player.id);
      const copy = copies.find((c) => c.userId === person!.user!.id)!;
      expect(copy.body).toBe(cardMessage({ ...card, mates }, league.timeZone));
      expect(copy.body).toMatch(new RegExp(`^Card ${card.number}: .+\\. You start on hole ${card.startLabel}\\.$`));
      expect(copy.title).toBe(`${league.name}: ${round.name}`);
      expect(copy.url).toContain(`/rounds/${round.id}`);
    }
    // The player with a device is pushed to (held in the quiet hours), the others mailed, each once.
    expect(copies.find((c) => c.userId === people[0]!.user!.id)?.status).toBe(pushedNow());
    expect(service.got).toEqual(pushedNow() === "pushed" ? [device.endpoint] : []);
    expect(mail.sent.map((m) => m.to).sort()).toEqual([people[1]!.user!.email, people[2]!.user!.email].sort());
  });

  it("tells nobody for a publish taken down since (cards made again)", async () => {
    const { round } = await roundWithPlayers();
    const { job, board } = await published(round.id);
    await makeRoundCards(testDb(), round.id, { version: board.version });
    const mail = recordMail();
    await deliver([{ body: job }], { send: mail.send, push: pushService().push, env: pushEnv });
    expect(mail.sent).toEqual([]);
    expect(await keysOf(`cards:${round.id}:`)).toEqual([]);
  });
});
