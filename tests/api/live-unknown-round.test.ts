import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { makeLiveRound, stubOf } from "../live-fixtures";

// GET /api/live/{id} asks the round's object beside D1 (ADR 41), before D1 has said the
// round exists. An object asked for a round D1 does not have keeps nothing: a round id
// anyone can guess leaves no object and no tables behind.

const tables = (roundId: number) =>
  runInDurableObject(stubOf(roundId), (_instance, state) =>
    Number(state.storage.sql.exec("select count(*) as n from sqlite_master where type = 'table'").one().n),
  );

describe("a live round that does not exist", () => {
  it("answers 404 and leaves its object empty, and again on a second ask", async () => {
    const unknown = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    for (let i = 0; i < 2; i++) {
      const res = await call("GET", `/api/live/${unknown}`);
      expect(res.status).toBe(404);
      expect(await tables(unknown)).toBe(0);
    }
  });

  it("a round that exists keeps its object's tables and answers as before", async () => {
    const { round } = await makeLiveRound([2]);
    const res = await call("GET", `/api/live/${round.id}`);
    expect(res.status).toBe(200);
    expect(await tables(round.id)).toBeGreaterThan(5);
  });
});
