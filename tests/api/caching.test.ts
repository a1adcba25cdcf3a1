import { beforeAll, describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, makeTransfer, uniq } from "../fixtures";
import { type Credentials, expectError, expectPrivateCache, expectPublicCache, get, getWith } from "./http";

// Every public read of the API, with ids that exist (made once for this file).
let readPaths: string[] = [];
let errorPaths: [string, number, string][] = [];

beforeAll(async () => {
  const tag = uniq();
  const round = await makeRound();
  const p = await makePlayer({ firstName: `Cache${tag}`, lastName: "Tester" });
  await makeEntry({ roundId: round.id, playerId: p.id });
  await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 100 });
  readPaths = [
    "/api/rounds/thisYear",
    "/api/rounds/all",
    `/api/rounds/round/${round.id}`,
    `/api/rounds/roundsByPlayer/${p.id}`,
    `/api/entries/${round.id}`,
    `/api/entries/multi/${round.id}`,
    "/api/players",
    "/api/players/simpleList",
    `/api/players/round/${round.id}`,
    `/api/players/player/${p.id}`,
    `/api/players/${p.id}/history`,
    `/api/players/search/Cache${tag}`,
    "/api/ace",
    `/api/ace?roundId=${round.id}`,
    "/api/ace/list",
    "/api/transfers",
    `/api/transfers/transfersByPlayer/${p.id}`,
  ];
  errorPaths = [
    ["/api/rounds/bogus", 400, "bad_request"],
    ["/api/rounds/round/99999999", 404, "not_found"],
    ["/api/entries/multi/1,x", 400, "bad_request"],
    ["/api/players/search/ab", 400, "bad_request"],
    ["/api/ace?roundId=x", 400, "bad_request"],
    ["/api/players/player/99999999", 404, "not_found"],
  ];
});

describe("Cache-Control of public reads", () => {
  it("anonymous GETs are public with max-age and a Cache-Tag, and set no cookie", async () => {
    for (const path of readPaths) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expectPublicCache(res, path);
    }
  });

  for (const creds of ["bearer", "cookie"] as Credentials[]) {
    it(`the same GETs with a ${creds} credential are private, no-store`, async () => {
      for (const path of readPaths) {
        const res = await get(path, creds);
        expect(res.status, path).toBeLessThan(500);
        expectPrivateCache(res, path);
      }
    });
  }

  it("a cookie whose name only ends in __session does not count as a session", async () => {
    const res = await getWith("/api/rounds/all", { Cookie: "x__session=1; theme=dark" });
    expectPublicCache(res, "x__session");
  });
});

describe("errors", () => {
  it("are { error, code }, never 500, and private, no-store, anonymous or not", async () => {
    for (const [path, status, code] of errorPaths) {
      for (const creds of ["none", "bearer", "cookie"] as Credentials[]) await expectError(path, status, code, creds);
    }
  });

  it("an unknown /api path is a 404 in the same JSON shape", async () => {
    for (const path of ["/api", "/api/", "/api/nope", "/api/rounds", "/api/players/player", "/api/entries/multi/"]) {
      await expectError(path, 404, "not_found");
    }
  });
});
