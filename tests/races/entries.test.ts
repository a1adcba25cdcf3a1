import { describe, expect, it } from "vitest";
import { call, expectStatus } from "../auth-fixtures";
import { balanceOf, makeEntry, makePlayer, makeRound, makeTransfer } from "../fixtures";
import { versionsOf } from "../version-fixtures";
import { adminToken, type Answer, answersOf, expectPayoutsMatchScores, later, offsets, RUNS, roundEntries } from "./race-fixtures";
import type { Entry } from "~/.server/db/schema";

// Admins saving the same entries at once (POST /api/admin/entry/update, /bulk, /delete),
// each having read the round before any of them saved, so each save carries the versions
// of that read (ADR 20). Whatever the timing, the round must end as if the saves that
// succeeded ran one after the other in some order: each entry holds one save's values
// entirely (never fields of two), the payouts and result labels are those of the final
// scores, and every balance is the player's credit plus what their entry now adds and
// uses. A save against an entry another one changed first is refused (409), not mixed in.

type Fields = Pick<Entry, "division" | "score" | "ace" | "payoutAdjustCents" | "creditAddedCents" | "creditUsedCents">;
type Save = { kind: "update" | "bulk"; changes: { id: number; set: Partial<Fields> }[] } | { kind: "delete"; id: number };
type State = Map<number, Fields>;

const CREDIT = 2_000;
const fieldsOf = ({ division, score, ace, payoutAdjustCents, creditAddedCents, creditUsedCents }: Entry): Fields => ({
  division,
  score,
  ace,
  payoutAdjustCents,
  creditAddedCents,
  creditUsedCents,
});

/** The API's body for a change: money in dollars. */
function valuesOf(set: Partial<Fields>) {
  const dollars = (cents: number | undefined) => (cents === undefined ? undefined : cents / 100);
  return {
    division: set.division,
    score: set.score,
    ace: set.ace,
    payoutAdjust: dollars(set.payoutAdjustCents),
    credit_added: dollars(set.creditAddedCents),
    credit_used: dollars(set.creditUsedCents),
  };
}

/** A save as its admin sends it: with the version of each entry as `read` before the race. */
function send(token: string, save: Save, read: Map<number, number>): Promise<Response> {
  const post = (path: string, body: unknown) => call("POST", `/api/admin/entry/${path}`, { token, body });
  const version = (id: number) => read.get(id) ?? 0;
  if (save.kind === "delete") return post("delete", { id: save.id, version: version(save.id) });
  if (save.kind === "update") {
    const [only] = save.changes;
    return post("update", { id: only!.id, version: version(only!.id), values: valuesOf(only!.set) });
  }
  return post("bulk", { data: save.changes.map((c) => ({ id: c.id, version: version(c.id), value: valuesOf(c.set) })) });
}

/** `state` after `saves` in this order; null when the order is impossible (a save of an entry deleted before it). */
function replay(state: State, saves: Save[]): State | null {
  const out = new Map([...state].map(([id, f]) => [id, { ...f }]));
  for (const save of saves) {
    if (save.kind === "delete") {
      if (!out.delete(save.id)) return null;
      continue;
    }
    for (const { id, set } of save.changes) {
      const now = out.get(id);
      if (!now) return null;
      out.set(id, { ...now, ...set });
    }
  }
  return out;
}

function orders<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const asObject = (state: State) => Object.fromEntries([...state].sort(([a], [b]) => a - b));

/**
 * A scored, paid round of six entries (MA1 and MA2), each player holding CREDIT cents,
 * and `saves(ids)` raced by one admin each, the i-th started `delays[i]` ms after the
 * first. Checks the outcome; answers each save's answer.
 */
async function race(saves: (ids: number[]) => Save[], delays: number[] = []): Promise<Answer[]> {
  const round = await makeRound({ payoutCents: 450 });
  const ps = await Promise.all([0, 1, 2, 3, 4, 5].map(() => makePlayer()));
  const made = await Promise.all(
    ps.map((p, i) =>
      Promise.all([
        makeEntry({ roundId: round.id, playerId: p.id, division: i < 3 ? "MA1" : "MA2", score: 50 + i }),
        makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: CREDIT }),
      ]),
    ),
  );
  const ids = made.map(([entry]) => entry.id);
  const setup = await adminToken();
  await expectStatus(await call("POST", "/api/admin/entry/payouts", { token: setup, body: { round_id: round.id } }), 200);
  const read = await roundEntries(round.id);
  const before: State = new Map(read.map((e) => [e.id, fieldsOf(e)]));
  const versions = await versionsOf(ids);
  const raced = saves(ids);
  const tokens = await Promise.all(raced.map(() => adminToken()));

  const answers = await answersOf(raced.map((s, i) => later(delays[i] ?? 0, () => send(tokens[i]!, s, versions))));

  const rows = await roundEntries(round.id);
  const after: State = new Map(rows.map((e) => [e.id, fieldsOf(e)]));
  const done = raced.filter((_, i) => answers[i]?.status === 200);
  const serial = orders(done)
    .map((order) => replay(before, order))
    .filter((s): s is State => s !== null);
  expect(serial.length, "some order of the saves that succeeded is possible").toBeGreaterThan(0);
  expect(
    serial.map(asObject),
    `the round is what the successful saves give in some order (${answers.map((a) => a.status).join(", ")})`,
  ).toContainEqual(asObject(after));
  await expectPayoutsMatchScores(round.id);
  for (const p of ps) {
    const entry = rows.find((e) => e.playerId === p.id);
    const expected = CREDIT + (entry ? entry.creditAddedCents - entry.creditUsedCents : 0);
    expect(await balanceOf(p.id), `balance of player ${p.id}`).toBe(expected);
  }
  return answers;
}

const STALE = /: This entry changed since you opened it\. Reload to see the new values\.$/;

/** Exactly one save went through; every other one was refused as stale. */
function oneWon(answers: Answer[]) {
  expect(
    answers.filter((a) => a.status === 200),
    answers.map((a) => a.status).join(", "),
  ).toHaveLength(1);
  for (const a of answers) if (a.status !== 200) expect(a).toMatchObject({ status: 409, body: { error: expect.stringMatching(STALE) } });
}

describe("two admins saving one entry at once with different values, both read at one version", () => {
  it.each(RUNS)("run %i: score, division, ace and money in both — one save is written entirely, the other is 409", async (run) => {
    const answers = await race(
      ([e]) => [
        {
          kind: "update",
          changes: [
            { id: e!, set: { division: "MA2", score: 48, ace: false, payoutAdjustCents: 100, creditAddedCents: 200, creditUsedCents: 0 } },
          ],
        },
        {
          kind: "update",
          changes: [
            { id: e!, set: { division: "MA1", score: 61, ace: true, payoutAdjustCents: -100, creditAddedCents: 0, creditUsedCents: 300 } },
          ],
        },
      ],
      offsets(run),
    );
    oneWon(answers);
  });

  it.each(RUNS)("run %i: credits and the ace flag only, one save keeping some values as they were — one wins, never a mix", async (run) => {
    // The entry starts with ace on and no credit: the second save changes only credit_used.
    const answers = await race(
      ([e]) => [
        { kind: "update", changes: [{ id: e!, set: { ace: false, creditAddedCents: 200, creditUsedCents: 0 } }] },
        { kind: "update", changes: [{ id: e!, set: { ace: true, creditAddedCents: 0, creditUsedCents: 300 } }] },
      ],
      offsets(run),
    );
    oneWon(answers);
  });
});

describe("overlapping bulk saves and an update of the entry they share", () => {
  it.each(RUNS)("run %i: the first to commit is written whole; the others read the shared entry before it and are 409", async () => {
    const answers = await race(([e1, e2, , , e5]) => [
      {
        kind: "bulk",
        changes: [
          { id: e1!, set: { score: 47, creditAddedCents: 100 } },
          { id: e2!, set: { score: 49, ace: false, creditAddedCents: 250 } },
        ],
      },
      {
        kind: "bulk",
        changes: [
          { id: e2!, set: { score: 58, ace: true, creditAddedCents: 0 } },
          { id: e5!, set: { division: "MA1", score: 46, creditUsedCents: 150 } },
        ],
      },
      { kind: "update", changes: [{ id: e2!, set: { score: 52, ace: true, creditAddedCents: 75 } }] },
    ]);
    oneWon(answers);
  });
});

describe("an entry deleted while the round's scores are saved", () => {
  it.each(RUNS)(
    "run %i: the save is written whole and the delete is 409 (it read e2 before), or the delete and the save is refused",
    async (run) => {
      const answers = await race(
        ([e1, e2, e3, e4]) => [
          {
            kind: "bulk",
            changes: [
              { id: e1!, set: { score: 60 } },
              { id: e2!, set: { score: 44 } },
              { id: e3!, set: { score: 45, creditAddedCents: 100 } },
              { id: e4!, set: { score: 70 } },
            ],
          },
          { kind: "delete", id: e2! },
        ],
        offsets(run),
      );
      const [bulk, deleted] = answers;
      if (bulk?.status === 200) expect(deleted).toMatchObject({ status: 409, body: { error: expect.stringMatching(STALE) } });
      else {
        // The delete first: the save finds e2 gone (404), or, when the delete landed after the
        // save read the round, e1's payout moved by the delete first (409: its admin reloads).
        expect([404, 409]).toContain(bulk?.status);
        expect(bulk?.body.error).toMatch(bulk?.status === 404 ? /^Entry not found$/ : STALE);
        expect(deleted?.status).toBe(200);
      }
    },
  );
});
