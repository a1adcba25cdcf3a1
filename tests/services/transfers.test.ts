import { describe, expect, it } from "vitest";
import { makePlayer, makeTransfer, testDb } from "../fixtures";
import { AppError } from "~/.server/errors";
import { listTransfers, transfersByPlayer } from "~/.server/services/money/transfers";

describe("transfers", () => {
  it("list newest first in cents, with both names and null for the league's side", async () => {
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    const buyIn = await makeTransfer({
      fromPlayerId: null,
      toPlayerId: a.id,
      amountCents: 2_000,
      date: 1_300_000_000,
      description: "Cash",
    });
    const gift = await makeTransfer({ fromPlayerId: a.id, toPlayerId: b.id, amountCents: 550, date: 1_300_000_100 });
    const ids = new Set([buyIn.id, gift.id]);
    expect((await listTransfers(testDb(), { page: 1, pageSize: 1_000 })).rows.filter((t) => ids.has(t.id))).toEqual([
      {
        id: gift.id,
        date: gift.date,
        fromPlayerId: a.id,
        toPlayerId: b.id,
        amountCents: 550,
        description: gift.description,
        fromName: `${a.firstName} ${a.lastName}`,
        toName: `${b.firstName} ${b.lastName}`,
      },
      {
        id: buyIn.id,
        date: buyIn.date,
        fromPlayerId: null,
        toPlayerId: a.id,
        amountCents: 2_000,
        description: "Cash",
        fromName: null,
        toName: `${a.firstName} ${a.lastName}`,
      },
    ]);
    expect((await transfersByPlayer(testDb(), b.id)).map((t) => t.id)).toEqual([gift.id]);
  });

  it("page by page, newest first: pages follow one another without gaps or repeats, and count them all", async () => {
    const p = await makePlayer();
    // Dated in the future, so they are the newest whatever else this file made.
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 100 + i, date: 4_000_000_000 + i }));
    const first = await listTransfers(testDb(), { page: 1, pageSize: 2 });
    const second = await listTransfers(testDb(), { page: 2, pageSize: 2 });
    expect(first.rows.map((t) => t.amountCents)).toEqual([104, 103]);
    expect(second.rows.map((t) => t.amountCents)).toEqual([102, 101]);
    const total = (await listTransfers(testDb(), { page: 1, pageSize: 100_000 })).rows.length;
    expect(first.page).toEqual({ page: 1, pageSize: 2, total, pages: Math.ceil(total / 2) });
    expect((await listTransfers(testDb(), { page: first.page.pages + 1, pageSize: 2 })).rows).toEqual([]);
  });

  it("by player is not_found for an unknown player", async () => {
    const err = await transfersByPlayer(testDb(), 55_555_555).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("not_found");
  });
});
