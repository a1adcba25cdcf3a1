import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeAdmin } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, nowSec, refusal, testDb, uniq } from "../fixtures";
import { PRICE, expectBooksBalance, paidEntry, paymentRow } from "../money-fixtures";
import { entryRow } from "../night-fixtures";
import { payments, players } from "~/.server/db/schema";
import { KEY_USED, recordCash } from "~/.server/services/entries/cash";
import { NIGHT_MESSAGES } from "~/.server/services/night/night-target";
import { walkUp } from "~/.server/services/night/walk-up";
import { playerNight } from "~/.server/services/night/player-night";

// Walk-ups and cash with request keys (ADR 25): entry, cash and check-in in one write, and a
// retry with the same key answering the same, changing nothing more.

const db = testDb;
const key = () => `key-${crypto.randomUUID()}`;
const cash = (amountCents = PRICE) => ({ amountCents, note: "at the first tee", requestKey: key() });

describe("a walk-up", () => {
  it("enters a new player record, takes the cash and checks them in; a retry answers the same", async () => {
    const [round, admin] = await Promise.all([makeRound({ startsAt: nowSec() + 3600 }), makeAdmin()]);
    const lastName = `Walk${uniq()}`;
    const input = {
      roundId: round.id,
      player: { firstName: "Wes", lastName, pdga: "12345" },
      division: "MA3",
      ace: true,
      cash: cash(),
      adminId: admin.id,
    };
    const done = await walkUp(db(), input);
    expect(done).toMatchObject({ playerName: `Wes ${lastName}`, amountCents: PRICE, checkedInAt: expect.any(Number) });
    expect(await entryRow(done.entryId)).toMatchObject({ roundId: round.id, division: "MA3", ace: true, checkedInBy: admin.id });
    expect(await paymentRow(done.paymentId)).toMatchObject({
      method: "cash",
      status: "completed",
      amountCents: PRICE,
      requestKey: input.cash.requestKey,
    });
    expect((await playerNight(db(), round.id, done.playerId))?.owedCents).toBe(0);

    // A retry makes nothing, so it leaves nothing for after it.
    expect(await walkUp(db(), input)).toEqual({ ...done, followUps: [] });
    expect(await db().select().from(players).where(eq(players.lastName, lastName))).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.roundId, round.id))).toHaveLength(1);
    await expectBooksBalance();
  });

  it("enters a player who has a record, and refuses one already entered", async () => {
    const [round, admin, player] = await Promise.all([makeRound(), makeAdmin(), makePlayer()]);
    const done = await walkUp(db(), {
      roundId: round.id,
      player: { id: player.id },
      division: "MA1",
      ace: false,
      cash: cash(500),
      adminId: admin.id,
    });
    expect(done.playerId).toBe(player.id);
    expect((await playerNight(db(), round.id, player.id))?.owedCents).toBe(0);
    const twice = await refusal(
      walkUp(db(), { roundId: round.id, player: { id: player.id }, division: "MA1", ace: false, cash: cash(), adminId: admin.id }),
    );
    expect(twice.status).toBe(409);
    expect(twice.message).toMatch(/is already entered in this round/);
  });

  it("is refused once the round has scores, and with a key another round's payment used", async () => {
    const [round, admin] = await Promise.all([makeRound(), makeAdmin()]);
    await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id, score: 50 });
    const fresh = { firstName: "Ann", lastName: `Late${uniq()}`, pdga: null };
    const played = await refusal(
      walkUp(db(), { roundId: round.id, player: fresh, division: "MA1", ace: true, cash: cash(), adminId: admin.id }),
    );
    expect([played.status, played.message]).toEqual([409, NIGHT_MESSAGES.played(round.name)]);

    const other = await makeRound();
    const first = await walkUp(db(), { roundId: other.id, player: fresh, division: "MA1", ace: true, cash: cash(), adminId: admin.id });
    const reused = { ...cash(), requestKey: (await paymentRow(first.paymentId))!.requestKey! };
    const err = await refusal(
      walkUp(db(), { roundId: (await makeRound()).id, player: fresh, division: "MA1", ace: true, cash: reused, adminId: admin.id }),
    );
    expect([err.status, err.message]).toEqual([409, KEY_USED]);
  });
});

describe("cash with a request key", () => {
  it("records once: a retry answers the same payment, another entry's use of the key is refused", async () => {
    const w = await paidEntry();
    const requestKey = key();
    const first = await recordCash(db(), { entryId: w.entry.id, amountCents: 300, note: null, requestKey });
    expect(await recordCash(db(), { entryId: w.entry.id, amountCents: 300, note: null, requestKey })).toEqual(first);
    expect(await db().select().from(payments).where(eq(payments.requestKey, requestKey))).toHaveLength(1);
    const other = await paidEntry();
    const err = await refusal(recordCash(db(), { entryId: other.entry.id, amountCents: 300, note: null, requestKey }));
    expect([err.status, err.message]).toEqual([409, KEY_USED]);
  });
});
