import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, makeTransfer, testDb, uniq } from "../fixtures";
import { AppError } from "~/.server/errors";
import { searchPlayers } from "~/.server/services/players/players";

const ids = async (text: string) => (await searchPlayers(testDb(), text)).map((p) => p.id).sort((a, b) => a - b);

async function expectBadRequest(text: string) {
  const err = await searchPlayers(testDb(), text).catch((e: unknown) => e);
  expect(err, JSON.stringify(text)).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe("bad_request");
}

describe("searchPlayers", () => {
  it("refuses fewer than 3 characters after trimming", async () => {
    for (const text of ["", "a", "ab", "   ", "  ab  ", "\tx\n"]) await expectBadRequest(text);
  });

  it("finds by first name, last name and full name, case-insensitively, inactive players included", async () => {
    const tag = uniq();
    const ann = await makePlayer({ firstName: `Ann${tag}`, lastName: `Quill${tag}` });
    const bob = await makePlayer({ firstName: `Bob${tag}`, lastName: `Quill${tag}`, inactive: true });
    const ann2 = await makePlayer({ firstName: `Ann${tag}`, lastName: `Rowe${tag}` });

    expect(await ids(`Ann${tag}`)).toEqual([ann.id, ann2.id]);
    expect(await ids(`quill${tag}`.toUpperCase())).toEqual([ann.id, bob.id]);
    expect(await ids(`Bob${tag}`)).toEqual([bob.id]); // inactive: a returning player must be findable
    expect(await ids(`Ann${tag} Quill${tag}`)).toEqual([ann.id]);
    expect(await ids(`ann${tag} quill${tag}`)).toEqual([ann.id]);
    // Across the space between first and last name, and with untidy spacing.
    expect(await ids(`${tag} Quill`)).toEqual([ann.id, bob.id]);
    expect(await ids(`   ANN${tag}    ROWE${tag}  `)).toEqual([ann2.id]);
    expect(await ids(`Ann${tag} Nobody${tag}`)).toEqual([]);
  });

  it("needs every word to match, in either name", async () => {
    const tag = uniq();
    const p = await makePlayer({ firstName: `Cara${tag}`, lastName: `Dunn${tag}` });
    await makePlayer({ firstName: `Cara${tag}`, lastName: `Eve${tag}` });
    expect(await ids(`Dunn${tag} Cara${tag}`)).toEqual([p.id]);
  });

  it("treats % and _ as literal characters, not wildcards", async () => {
    const tag = uniq();
    const pct = await makePlayer({ firstName: `Ten%Off${tag}`, lastName: "Sale" });
    await makePlayer({ firstName: `TenXOff${tag}`, lastName: "Sale" });
    await makePlayer({ firstName: `TenOff${tag}`, lastName: "Sale" });
    const under = await makePlayer({ firstName: `Snake_case${tag}`, lastName: "Py" });
    const snakeX = await makePlayer({ firstName: `SnakeXcase${tag}`, lastName: "Py" });
    const slash = await makePlayer({ firstName: `Back\\slash${tag}`, lastName: "Esc" });

    expect(await ids(`Ten%Off${tag}`)).toEqual([pct.id]);
    expect(await ids(`%Off${tag}`)).toEqual([pct.id]);
    expect(await ids(`Snake_case${tag}`)).toEqual([under.id]);
    expect(await ids(`e_c`)).toContain(under.id);
    expect(await ids(`e_c`)).not.toContain(snakeX.id);
    expect(await ids(`Back\\slash${tag}`)).toEqual([slash.id]);
  });

  it("carries each player's balance in cents", async () => {
    const tag = uniq();
    const rich = await makePlayer({ firstName: `Rich${tag}`, lastName: `Golfer${tag}` });
    const poor = await makePlayer({ firstName: `Poor${tag}`, lastName: `Golfer${tag}` });
    const round = await makeRound();
    await makeEntry({ roundId: round.id, playerId: rich.id, creditAddedCents: 1_325, creditUsedCents: 0 });
    await makeEntry({ roundId: round.id, playerId: poor.id, creditAddedCents: 0, creditUsedCents: 0 });
    await makeTransfer({ fromPlayerId: rich.id, toPlayerId: poor.id, amountCents: 300 });
    await makeTransfer({ fromPlayerId: null, toPlayerId: rich.id, amountCents: 50 });

    const found = await searchPlayers(testDb(), `Golfer${tag}`);
    expect(found).toEqual([
      { id: poor.id, firstName: poor.firstName, lastName: poor.lastName, pdga: null, division: "MA1", inactive: false, balanceCents: 300 },
      {
        id: rich.id,
        firstName: rich.firstName,
        lastName: rich.lastName,
        pdga: null,
        division: "MA1",
        inactive: false,
        balanceCents: 1_325 - 300 + 50,
      },
    ]);
  });
});
