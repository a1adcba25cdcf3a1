import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound } from "../fixtures";
import { observeD1 } from "../../workers/d1-observer";
import { batchable, gatherReads } from "../../workers/read-runner";
import { outputColumns } from "../../workers/select-columns";
import { effectGate } from "~/.server/effect-gate";

// The read runner (ADR 41): reads asked together go as one batch, and each caller gets
// exactly what it would have got alone: object rows, array rows, one row, one value.

/** The request's binding as the Worker builds it: the runner above the observer. */
function runner() {
  const { binding, seen } = observeD1(env.DB);
  return { db: gatherReads(binding), seen };
}

describe("reads asked together", () => {
  it("go as one call in one trip, and each answer is what it would be alone", async () => {
    const round = await makeRound();
    const player = await makePlayer();
    await makeEntry({ roundId: round.id, playerId: player.id });
    const asks = (db: D1Database) => [
      db.prepare("select id, n from rounds where id = ?").bind(round.id).all(),
      db.prepare("select fn, ln from players where id = ?").bind(player.id).first(),
      db.prepare("select ln from players where id = ?").bind(player.id).first("ln"),
      db.prepare("select player_id, round_id from entries where round_id = ?").bind(round.id).raw(),
      db.prepare("select player_id, round_id from entries where round_id = ?").bind(round.id).raw({ columnNames: true }),
      db.prepare("select id from players where id = -1").first(),
    ];
    const alone = [];
    for (const ask of asks(env.DB)) alone.push(await ask);
    const { db, seen } = runner();
    const together = await Promise.all(asks(db));
    expect(seen).toMatchObject({ queries: 6, calls: 1, roundTrips: 1 });
    expect(together.map((r) => (r && typeof r === "object" && "results" in r ? r.results : r))).toEqual(
      alone.map((r) => (r && typeof r === "object" && "results" in r ? r.results : r)),
    );
  });

  it("a read asked after another's answer is a second trip", async () => {
    const { db, seen } = runner();
    await db.prepare("select 1 as one").first();
    await Promise.all([db.prepare("select 2 as two").first(), db.prepare("select 3 as three").first()]);
    expect(seen).toMatchObject({ calls: 2, roundTrips: 2 });
  });

  it("a select whose columns share a name is sent alone, beside the batch, and keeps its values", async () => {
    const round = await makeRound();
    const player = await makePlayer();
    await makeEntry({ roundId: round.id, playerId: player.id });
    // players.id and rounds.id are both "id": D1's batch answers one object per row, so
    // the second id replaces the first and every value after it moves up (drizzle-orm #6038).
    const sql =
      "select players.id, rounds.id, rounds.n from entries join players on players.id = entries.player_id join rounds on rounds.id = entries.round_id where entries.round_id = ?";
    const alone = await env.DB.prepare(sql).bind(round.id).raw();
    expect(alone).toEqual([[player.id, round.id, round.name]]);
    const [batched] = await env.DB.batch([env.DB.prepare(sql).bind(round.id), env.DB.prepare("select 1")]);
    expect(Object.values(batched?.results[0] as object)).not.toEqual(alone[0]);
    expect(batchable(sql, "raw")).toBe(false);

    const { db, seen } = runner();
    const [rows] = await Promise.all([
      db.prepare(sql).bind(round.id).raw(),
      db.prepare("select 1 as one").first(),
      db.prepare("select 2 as two").first(),
    ]);
    expect(rows).toEqual(alone);
    expect(seen).toMatchObject({ calls: 2, roundTrips: 1 });
  });

  it("one failing read fails alone: the others asked with it still answer", async () => {
    const { db } = runner();
    const [good, bad, other] = await Promise.allSettled([
      db.prepare("select 7 as seven").first("seven"),
      db.prepare("select nope from no_such_table").all(),
      db.prepare("select 8 as eight").first("eight"),
    ]);
    expect(good).toEqual({ status: "fulfilled", value: 7 });
    expect(bad.status).toBe("rejected");
    expect(other).toEqual({ status: "fulfilled", value: 8 });
  });

  it("a write is never gathered: it is sent when asked, and a batch the caller makes is sent as made", async () => {
    const player = await makePlayer();
    const { db, seen } = runner();
    const write = db.prepare("update players set fn = fn where id = ?").bind(player.id).run();
    const read = db.prepare("select fn from players where id = ?").bind(player.id).first("fn");
    await Promise.all([write, read]);
    expect(seen.calls).toBe(2);
    await db.batch([db.prepare("select 1"), db.prepare("select 2")]);
    expect(seen.calls).toBe(3);
    expect(seen.writtenTables.has("players")).toBe(true);
  });
});

describe("the names of a select's columns", () => {
  it.each([
    ['select "id", "name" from "rounds"', ["id", "name"]],
    ['select "rounds"."id", "players"."id" from "rounds"', ["id", "id"]],
    ['select "players"."id" as "player_id", "rounds"."id" from x', ["player_id", "id"]],
    ["select count(*) from players", ["count(*)"]],
    ['select distinct "player_id" from "aces" where "round_id" = ?', ["player_id"]],
    ["select (select max(id) from rounds where a in (1, 2)) as top, x.y from t x", ["top", "y"]],
    ["select cast(x as integer), 'a, b' as s from t", ["cast(x as integer)", "s"]],
    ["select * from players", null],
    ["select p.* from players p", null],
    ["select 1 union select 2", null],
    ["with x as (select 1) select * from x", null],
  ])("%s", (sql, names) => {
    expect(outputColumns(sql)).toEqual(names);
  });

  it("only selects are gathered; array rows only when every name is distinct and not a number", () => {
    expect(batchable("update players set x = 1", "all")).toBe(false);
    expect(batchable("select * from players", "all")).toBe(true);
    expect(batchable("select * from players", "raw")).toBe(false);
    expect(batchable("select 1", "raw")).toBe(false);
    expect(batchable('select "id", "name" from "rounds"', "raw")).toBe(true);
  });
});

describe("a request's effect gate (ADR 42)", () => {
  const gated = () => {
    const { binding, seen } = observeD1(env.DB);
    const gate = effectGate();
    return { db: gatherReads(binding, gate.passed), gate, seen };
  };

  it("reads go at once; writes and a batch that writes wait for the verdict, then go", async () => {
    const round = await makeRound();
    const { db, gate, seen } = gated();
    let decide!: () => void;
    gate.hold(new Promise<void>((resolve) => (decide = resolve)));
    const read = db.prepare("select n from rounds where id = ?").bind(round.id).first("n");
    const write = db.prepare("update rounds set n = 'Held' where id = ?").bind(round.id).run();
    const batch = db.batch([db.prepare("update rounds set n = 'Batched' where id = ?").bind(round.id)]);
    expect(await read).toBe(round.name);
    // The read answered; neither write has been sent.
    expect(seen.calls).toBe(1);
    expect(await env.DB.prepare("select n from rounds where id = ?").bind(round.id).first("n")).toBe(round.name);
    decide();
    await Promise.all([write, batch]);
    expect(await env.DB.prepare("select n from rounds where id = ?").bind(round.id).first("n")).toBe("Batched");
    expect(seen.roundTrips).toBe(2);
  });

  it("a refused verdict refuses every write with its reason, and sends none; abuse counts still go", async () => {
    const round = await makeRound();
    const { db, gate } = gated();
    const refusal = new Error("refused");
    gate.hold(Promise.reject(refusal));
    const key = `gate-test:${crypto.randomUUID()}`;
    await expect(db.prepare("update rounds set n = 'Never' where id = ?").bind(round.id).run()).rejects.toBe(refusal);
    await expect(db.batch([db.prepare("delete from rounds where id = ?").bind(round.id)])).rejects.toBe(refusal);
    await db.prepare("insert into rate_limits (key, count, window_start) values (?, 1, 0)").bind(key).run();
    expect(await env.DB.prepare("select n from rounds where id = ?").bind(round.id).first("n")).toBe(round.name);
    expect(await env.DB.prepare("select count from rate_limits where key = ?").bind(key).first("count")).toBe(1);
  });
});

describe("the gate's verdicts", () => {
  it("every guard's verdict must pass; a refused one stays refused until the gate reopens", async () => {
    const gate = effectGate();
    const refusal = new Error("not an admin");
    gate.hold(Promise.resolve());
    gate.hold(Promise.reject(refusal));
    gate.hold(Promise.resolve());
    await expect(gate.passed()).rejects.toBe(refusal);
    gate.reopen();
    await expect(gate.passed()).resolves.toBeUndefined();
  });
});
