// The /api's JSON, byte for byte: field names, order and dollars exactly as the old
// client reads them, made from the domain rows the services return.
import { describe, expect, it } from "vitest";
import { aceJson, acePotJson } from "../../workers/api/serializers/aces";
import { courseJson, layoutJson } from "../../workers/api/serializers/courses";
import { entryJson } from "../../workers/api/serializers/entries";
import { playerDetailJson, searchResultJson, simplePlayerJson } from "../../workers/api/serializers/players";
import { playerRoundJson, roundJson } from "../../workers/api/serializers/rounds";
import { transferJson } from "../../workers/api/serializers/transfers";
import { adminUserDetailJson, sessionUserJson } from "../../workers/api/serializers/users";

const bytes = (value: unknown) => JSON.stringify(value);

describe("serializers", () => {
  it("round and a player's round", () => {
    const round = {
      id: 7,
      leagueId: 1,
      startsAt: 1_700_000_000,
      name: "Glow",
      location: "Park",
      feePdgaCents: 50,
      feeCourseCents: 100,
      feeOtherCents: 0,
      aceCents: 100,
      payoutCents: 450,
      pdgaUrl: null,
      openForRegistration: true,
      layoutId: null,
      cardsPublishedAt: null,
      cardsVersion: 0,
      fieldCap: null,
      divisionCaps: null,
      countsForTags: false,
      doubles: false,
      teamsVersion: 0,
      cancelledAt: null,
      cancelReason: null,
      cancelAcesStand: false,
      postponedFrom: null,
      endedEarlyAt: null,
      version: 3,
      createdAt: 1,
      entryCount: 12,
    };
    expect(bytes(roundJson(round))).toBe(
      '{"id":7,"d":1700000000,"n":"Glow","loc":"Park","fee_pdga":0.5,"fee_course":1,"fee_other":0,"ace":1,"payout":4.5,"pdga_url":null,"openForRegistration":true,"entry_count":12,"layout_id":null,"tags":false,"doubles":false,"version":3,"cancelled":false,"cancel_reason":null}',
    );
    // A cancelled round (ADR 50) says so, with its reason.
    expect(bytes(roundJson({ ...round, cancelledAt: 1_700_100_000, cancelReason: "weather" }))).toContain(
      '"version":3,"cancelled":true,"cancel_reason":"weather"}',
    );
    const played = {
      roundId: 7,
      startsAt: 1_700_000_000,
      roundName: "Glow",
      division: "MA1",
      score: 52,
      result: "3/7|(MA1)",
      payoutCents: 575,
      payoutAdjustCents: -25,
      entryPayoutCents: 550,
      creditAddedCents: 550,
      creditUsedCents: 0,
      rating: 912,
      cancelledAt: null,
      cancelReason: null,
    };
    expect(bytes(playerRoundJson(played))).toBe(
      '{"round_id":7,"d":1700000000,"n":"Glow","division":"MA1","score":52,"result":"3/7|(MA1)","position":"3 of 7","payout":5.75,"payoutAdjust":-0.25,"EntryPayout":5.5,"credit_added":5.5,"credit_used":0,"rating":912,"cancelled":false,"cancel_reason":null}',
    );
    expect(bytes(playerRoundJson({ ...played, cancelledAt: 1_700_100_000, cancelReason: "weather" }))).toContain(
      '"rating":912,"cancelled":true,"cancel_reason":"weather"}',
    );
  });

  it("entry", () => {
    const entry = {
      id: 1,
      playerId: 2,
      roundId: 3,
      firstName: "Ann",
      lastName: "Lee",
      pdga: "42",
      division: "MPO",
      ace: true,
      score: 48,
      dnf: false,
      payoutCents: 875,
      payoutAdjustCents: 25,
      entryPayoutCents: 900,
      creditAddedCents: 900,
      creditUsedCents: 150,
      creditedForCents: 900,
      paymentId: null,
      result: null,
      rating: 951,
      sidePotsCents: 0,
      team: null,
      version: 4,
    };
    expect(bytes(entryJson(entry))).toBe(
      '{"id":1,"player_id":2,"round_id":3,"fn":"Ann","ln":"Lee","pdga":"42","division":"MPO","ace":true,"score":48,"payout":8.75,"payoutAdjust":0.25,"credit_added":9,"credit_used":1.5,"payment_id":null,"EntryPayout":9,"result":null,"position":null,"rating":951,"version":4}',
    );
  });

  it("players", () => {
    const player = {
      id: 4,
      firstName: "Bo",
      lastName: "Ray",
      pdga: null,
      division: "MA1",
      inactive: false,
      balanceCents: 1250,
      roundCount: 3,
      roundCountYear: 1,
      average: 51.3,
      thisYearAverage: null,
      claims: [{ id: 9, status: "pending" }],
    };
    expect(bytes(playerDetailJson(player))).toBe(
      '{"id":4,"fn":"Bo","ln":"Ray","pdga":null,"division":"MA1","inactive":false,"balance":12.5,"roundCount":3,"roundCountYear":1,"average":51.3,"thisYearAverage":null,"claims":[{"id":9,"status":"pending"}]}',
    );
    expect(bytes(simplePlayerJson(player))).toBe('{"id":4,"fn":"Bo","ln":"Ray"}');
    expect(bytes(searchResultJson(player))).toBe('{"id":4,"fn":"Bo","ln":"Ray","balance":12.5,"division":"MA1"}');
  });

  it("aces and transfers", () => {
    expect(bytes(acePotJson(1_075))).toBe('{"pot":10.75}');
    const ace = { id: 1, date: 5, playerId: 2, firstName: "Ann", lastName: "Lee", amountCents: 2_050, roundId: null };
    expect(bytes(aceJson(ace))).toBe('{"id":1,"d":5,"player":2,"fn":"Ann","ln":"Lee","amt":20.5,"round_id":null}');
    const transfer = {
      id: 1,
      date: 5,
      fromPlayerId: null,
      toPlayerId: 2,
      amountCents: 25,
      description: "Cash",
      fromName: null,
      toName: "Ann Lee",
    };
    expect(bytes(transferJson(transfer))).toBe(
      '{"id":1,"d":5,"fromPlayer":null,"toPlayer":2,"description":"Cash","fPlayer":null,"tPlayer":"Ann Lee","amt":0.25}',
    );
  });

  it("users", () => {
    const user = { id: 3, name: "Ann", email: "a@x.test", isOperator: false, linkedPlayerId: 2, claimStatus: "approved" };
    expect(bytes(sessionUserJson(user))).toBe(
      '{"id":3,"name":"Ann","email":"a@x.test","isAdmin":false,"linked_player":2,"claimStatus":"approved"}',
    );
    const detail = {
      ...user,
      lastLogin: null,
      createdAt: 10,
      locked: false,
      linkedPlayerName: "Ann Lee",
      claims: [{ id: 8, playerId: 2, status: "approved", note: null, createdAt: 11, firstName: "Ann", lastName: "Lee" }],
    };
    expect(bytes(adminUserDetailJson(detail))).toBe(
      '{"id":3,"name":"Ann","email":"a@x.test","lastLogin":null,"createdAt":10,"locked":false,"isAdmin":false,"linked_player":2,"linked_player_name":"Ann Lee","claimStatus":"approved","claims":[{"id":8,"player_id":2,"status":"approved","note":null,"createdAt":11,"fn":"Ann","ln":"Lee"}]}',
    );
  });

  it("courses with their layouts and holes", () => {
    const layout = { id: 4, courseId: 2, name: "Blue", holeCount: 9, par: 28, roundCount: 3, version: 1 };
    const holes = [
      { par: 4, distanceFeet: 410, secondCardOrder: 1 },
      ...Array.from({ length: 8 }, () => ({ par: 3, distanceFeet: null, secondCardOrder: null })),
    ];
    const json = courseJson({ id: 2, name: "Oak Hollow", place: "Millbrook", layouts: [{ ...layout, holes }] });
    expect(bytes({ ...json, layouts: [{ ...json.layouts[0], holes: json.layouts[0]?.holes?.slice(0, 2) }] })).toBe(
      '{"id":2,"name":"Oak Hollow","place":"Millbrook","layouts":[{"id":4,"course_id":2,"name":"Blue","hole_count":9,"par":28,"round_count":3,"version":1,"holes":[{"hole":1,"par":4,"distance_feet":410,"second_card_order":1},{"hole":2,"par":3,"distance_feet":null,"second_card_order":null}]}]}',
    );
    expect(bytes(layoutJson(layout))).toBe('{"id":4,"course_id":2,"name":"Blue","hole_count":9,"par":28,"round_count":3,"version":1}');
  });
});
