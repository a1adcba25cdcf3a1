import { describe, expect, it } from "vitest";
import { makePlayer, makeTransfer } from "../fixtures";
import { expectError, get, getPublic } from "./http";

type Transfer = Record<string, unknown> & { id: number };

describe("GET /api/transfers", () => {
  it("lists transfers newest first, in dollars, with names and null for the league side", async () => {
    const a = await makePlayer();
    const b = await makePlayer();
    const buyIn = await makeTransfer({
      fromPlayerId: null,
      toPlayerId: a.id,
      amountCents: 2_000,
      date: 1_100_000_000,
      description: "Cash",
    });
    const gift = await makeTransfer({ fromPlayerId: a.id, toPlayerId: b.id, amountCents: 550, date: 1_100_000_100 });
    const cashOut = await makeTransfer({ fromPlayerId: b.id, toPlayerId: null, amountCents: 25, date: 1_100_000_200 });

    const list = await getPublic<Transfer[]>("/api/transfers");
    const ids = new Set([buyIn.id, gift.id, cashOut.id]);
    expect(list.filter((t) => ids.has(t.id))).toEqual([
      {
        id: cashOut.id,
        d: cashOut.date,
        fromPlayer: b.id,
        toPlayer: null,
        amt: 0.25,
        description: cashOut.description,
        fPlayer: `${b.firstName} ${b.lastName}`,
        tPlayer: null,
      },
      {
        id: gift.id,
        d: gift.date,
        fromPlayer: a.id,
        toPlayer: b.id,
        amt: 5.5,
        description: gift.description,
        fPlayer: `${a.firstName} ${a.lastName}`,
        tPlayer: `${b.firstName} ${b.lastName}`,
      },
      {
        id: buyIn.id,
        d: buyIn.date,
        fromPlayer: null,
        toPlayer: a.id,
        amt: 20,
        description: "Cash",
        fPlayer: null,
        tPlayer: `${a.firstName} ${a.lastName}`,
      },
    ]);
  });

  it("answers the newest 500 and counts them all; ?page=2 gives the next ones; a bad page is 400", async () => {
    const p = await makePlayer();
    // Newer than anything else in this file: they lead page 1.
    const newest = await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 1, date: 4_100_000_000 });
    const res = await get("/api/transfers");
    const total = Number(res.headers.get("X-Total-Count"));
    const first = (await res.json()) as Transfer[];
    expect(first[0]?.id).toBe(newest.id);
    expect(first.length).toBe(Math.min(total, 500));
    expect(await getPublic<Transfer[]>("/api/transfers?page=2")).toHaveLength(Math.max(0, Math.min(total - 500, 500)));
    for (const bad of ["0", "-1", "1.5", "x", "9999999"]) await expectError(`/api/transfers?page=${bad}`, 400, "bad_request");
  });

  it("404 JSON below it", async () => {
    await expectError("/api/transfers/bogus", 404, "not_found");
  });
});

describe("GET /api/transfers/transfersByPlayer/{id}", () => {
  it("lists the player's transfers in and out, newest first, and no one else's", async () => {
    const [me, other, third] = await Promise.all([makePlayer(), makePlayer(), makePlayer()]);
    const tIn = await makeTransfer({ fromPlayerId: other.id, toPlayerId: me.id, amountCents: 100, date: 1_200_000_000 });
    const tOut = await makeTransfer({ fromPlayerId: me.id, toPlayerId: null, amountCents: 300, date: 1_200_000_500 });
    await makeTransfer({ fromPlayerId: other.id, toPlayerId: third.id, amountCents: 700, date: 1_200_000_300 });

    const list = await getPublic<Transfer[]>(`/api/transfers/transfersByPlayer/${me.id}`);
    expect(list.map((t) => [t.id, t.amt])).toEqual([
      [tOut.id, 3],
      [tIn.id, 1],
    ]);
    expect(await getPublic(`/api/transfers/transfersByPlayer/${third.id}`)).toHaveLength(1);
  });

  it("404 for an unknown player, 400 for a bad id", async () => {
    await expectError("/api/transfers/transfersByPlayer/99999999", 404, "not_found");
    await expectError("/api/transfers/transfersByPlayer/x1", 400, "bad_request");
  });
});
