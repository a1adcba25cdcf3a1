import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus } from "../auth-fixtures";
import { balanceOf, makeEntry, makePlayer, makeRound, testDb, uniq } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { versionsOf } from "../version-fixtures";
import { adminToken, answersOf, later, offsets, RUNS, roundEntries } from "./race-fixtures";
import { rounds } from "~/.server/db/schema";
import { payoutsByEntry } from "~/lib/rounds/payouts";
import * as multiPage from "~/routes/admin-rounds-multi";

// Lost updates (ADR 20): a save made from a page loaded before another write must not
// silently undo it. Each scenario runs on fresh data, both orders of arrival exercised.

const STALE_ENTRY = /: This entry changed since you opened it\. Reload to see the new values\.$/;
const post = (token: string, path: string, body: unknown) => call("POST", `/api/admin/entry/${path}`, { token, body });

/** A scored round of four MA1 entries (50, 52, 54, 56): two places paid, nothing credited yet. */
async function scoredRound() {
  const round = await makeRound({ payoutCents: 450 });
  const ps = await Promise.all([0, 1, 2, 3].map(() => makePlayer()));
  const made = [];
  for (const [i, p] of ps.entries()) made.push(await makeEntry({ roundId: round.id, playerId: p.id, score: 50 + 2 * i }));
  const token = await adminToken();
  await expectStatus(await post(token, "payouts", { round_id: round.id }), 200);
  return { round, ps, ids: made.map((e) => e.id) };
}

/** Every entry's credit added is its payout plus adjustment: what "Credit payouts" wrote, undone by nothing. */
async function expectCredited(roundId: number) {
  const rows = await roundEntries(roundId);
  const [round] = await testDb().select().from(rounds).where(eq(rounds.id, roundId));
  const payouts = payoutsByEntry(rows, round!.payoutCents);
  expect(rows.map((e) => e.creditAddedCents)).toEqual(
    rows.map((e) => Math.max(0, (payouts.get(e.id)?.payoutCents ?? 0) + e.payoutAdjustCents)),
  );
  expect(rows.some((e) => e.creditAddedCents > 0)).toBe(true);
}

describe("double credit: Credit payouts, and a Save from the page as it was loaded before it", () => {
  it("in that order: the save is 409 and the credited amounts stand", async () => {
    const { round, ps, ids } = await scoredRound();
    const [tab1, tab2] = await Promise.all([adminToken(), adminToken()]);
    const read = await versionsOf(ids); // both tabs loaded the page
    await expectStatus(await post(tab1, "creditPayouts", { round_id: round.id }), 200);
    const credited = await roundEntries(round.id);
    // The stale tab's Save: its rows as loaded (credit added 0.00), one score corrected.
    const stale = await post(tab2, "bulk", {
      data: ids.map((id, i) => ({ id, version: read.get(id), value: { score: i === 3 ? 57 : 50 + 2 * i, credit_added: 0 } })),
    });
    const [answer] = await answersOf([Promise.resolve(stale)]);
    expect(answer).toMatchObject({ status: 409, body: { error: expect.stringMatching(STALE_ENTRY) } });
    expect(await roundEntries(round.id)).toEqual(credited);
    await expectCredited(round.id);
    expect(await balanceOf(ps[0]!.id)).toBe(credited[0]!.creditAddedCents);
  });

  it.each(RUNS)("run %i, at once: the credited amounts are never written back to 0", async (run) => {
    const { round, ids } = await scoredRound();
    const [tab1, tab2] = await Promise.all([adminToken(), adminToken()]);
    const read = await versionsOf(ids);
    const [a, b] = offsets(run);
    const answers = await answersOf([
      later(a, () => post(tab1, "creditPayouts", { round_id: round.id })),
      later(b, () =>
        post(tab2, "bulk", {
          data: ids.map((id, i) => ({ id, version: read.get(id), value: { score: i === 3 ? 57 : 50 + 2 * i, credit_added: 0 } })),
        }),
      ),
    ]);
    expect(answers[0]?.status).toBe(200);
    // The save went first (its zeros were no change, its score was written) or was refused.
    if (answers[1]?.status !== 200) expect(answers[1]).toMatchObject({ status: 409, body: { error: expect.stringMatching(STALE_ENTRY) } });
    await expectCredited(round.id);
  });
});

describe("stale save: two saves of one round read at one version", () => {
  it.each(RUNS)("run %i: one is written whole, the other is 409 — never a mix of the two", async (run) => {
    const { round, ids } = await scoredRound();
    const [tab1, tab2] = await Promise.all([adminToken(), adminToken()]);
    const read = await versionsOf(ids);
    const save = (token: string, adjust: number, credit: number) =>
      post(token, "bulk", {
        data: [ids[0]!, ids[1]!].map((id) => ({ id, version: read.get(id), value: { payoutAdjust: adjust, credit_added: credit } })),
      });
    const [a, b] = offsets(run);
    const answers = await answersOf([later(a, () => save(tab1, 1, 3)), later(b, () => save(tab2, -1, 7))]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const lost = answers.find((x) => x.status === 409);
    expect(lost?.body.error).toMatch(STALE_ENTRY);
    const [first, second] = await roundEntries(round.id);
    const won = answers[0]?.status === 200 ? [100, 300] : [-100, 700];
    expect([first?.payoutAdjustCents, first?.creditAddedCents, second?.payoutAdjustCents, second?.creditAddedCents]).toEqual([
      ...won,
      ...won,
    ]);
  });
});

describe("the multi-round editor: two tabs saving one round", () => {
  const row = (i: number, extra: Record<string, string>) =>
    Object.fromEntries(
      Object.entries({
        date: "2031-03-13",
        time: "19:30",
        location: "Oak Hollow",
        fee_pdga: ".5",
        fee_course: "0",
        fee_other: "0",
        ace: "1",
        payout: "4.50",
        pdga_url: "",
        delete: "0",
        row: String(i + 1),
        ...extra,
      }).map(([k, v]) => [`rows[${i}].${k}`, v]),
    );

  it.each(RUNS)("run %i: one tab's save is written whole, the other is 409 naming the row and writes nothing", async (run) => {
    const round = await makeRound({ name: "Loaded" });
    const version = String(round.version);
    const mine = (tab: string) => `${tab} ${uniq()}`;
    const news = [mine("New1"), mine("New2")];
    const save = async (tab: number) =>
      outcome(
        multiPage.action(
          await argsFor("admin", "/admin/rounds/multi-edit", {
            shown: String(round.id),
            ...row(0, { id: String(round.id), version, name: `Tab ${tab}`, payout: tab === 1 ? "5.00" : "6.00" }),
            ...row(1, { id: "-1", name: news[tab - 1]! }),
          }),
        ),
      );
    const [a, b] = offsets(run);
    const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const answers = await Promise.all([delay(a).then(() => save(1)), delay(b).then(() => save(2))]);
    expect(answers.map((x) => x.status).sort()).toEqual([302, 409]);
    const winner = answers[0]?.status === 302 ? 1 : 2;
    expect(answers[2 - winner]?.data.formError).toBe(
      "Error saving rounds: Row 1 (Thu 3/13): This round changed since you opened it. Reload to see the new values.",
    );
    const [now] = await testDb().select().from(rounds).where(eq(rounds.id, round.id));
    expect(now).toMatchObject({ name: `Tab ${winner}`, payoutCents: winner === 1 ? 500 : 600 });
    const created = await testDb().select({ name: rounds.name }).from(rounds).where(eq(rounds.location, "Oak Hollow"));
    expect(created.map((r) => r.name).filter((n) => news.includes(n))).toEqual([news[winner - 1]]);
  });
});

describe("the round form and /api/admin/round/: two saves read at one version", () => {
  it.each(RUNS)("run %i: one is written, the other is 409", async (run) => {
    const round = await makeRound({ name: "Loaded" });
    const [tab1, tab2] = await Promise.all([adminToken(), adminToken()]);
    const body = (n: string) => ({
      id: round.id,
      version: round.version,
      d: round.startsAt,
      n,
      loc: "Elm",
      fee_pdga: 0.5,
      fee_course: 0,
      fee_other: 0,
      ace: 1,
      payout: 4.5,
    });
    const [a, b] = offsets(run);
    const answers = await answersOf([
      later(a, () => call("POST", "/api/admin/round/", { token: tab1, body: body("One") })),
      later(b, () => call("POST", "/api/admin/round/", { token: tab2, body: body("Two") })),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const [now] = await testDb().select().from(rounds).where(eq(rounds.id, round.id));
    expect(now?.name).toBe(answers[0]?.status === 200 ? "One" : "Two");
  });
});
