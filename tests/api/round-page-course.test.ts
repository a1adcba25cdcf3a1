// The round page's loader with a course (ADR 25): the course and layout it shows, and its
// cache tags; ?net=1 ranks by net, each handicap against the par of the rounds it counts.
import { describe, expect, it } from "vitest";
import { PAR_56, makeCourse } from "../course-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, nowSec } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import * as page from "~/routes/round";

describe("the round page with a course", () => {
  it("reads the course and layout played; a round without one has none; the page is tagged courses", async () => {
    const { layoutId, courseName, layoutName } = await makeCourse({ holes: PAR_56, place: "Millbrook" });
    const round = await makeRound({ layoutId, location: courseName });
    const { data } = await outcome(page.loader(await argsFor("nobody", `/rounds/${round.id}`, undefined, { roundId: String(round.id) })));
    expect(data.course).toEqual({ courseName, place: "Millbrook", layoutName, holeCount: 18, par: 56 });
    const plain = await makeRound();
    const none = await outcome(page.loader(await argsFor("nobody", `/rounds/${plain.id}`, undefined, { roundId: String(plain.id) })));
    expect(none.data.course).toBeNull();
    const headers = (page.headers as (a: { loaderHeaders: Headers }) => Record<string, string>)({ loaderHeaders: new Headers() });
    expect(headers["Cache-Tag"]).toContain("courses");
  });

  it("?net=1 places by net score, the handicaps taken against the layout's par", async () => {
    const { layoutId } = await makeCourse({ holes: PAR_56 });
    const start = nowSec() - 100 * DAY;
    const [steady, streaky] = await Promise.all([makePlayer(), makePlayer()]);
    // Three rounds on par 56: steady 58 58 58 → 2.0 × 80% = 1.6; streaky 64 64 64 → 8.0 × 80% = 6.4.
    for (let w = 0; w < 3; w++) {
      const r = await makeRound({ startsAt: start + w * 7 * DAY, layoutId });
      await makeEntry({ roundId: r.id, playerId: steady.id, score: 58 });
      await makeEntry({ roundId: r.id, playerId: streaky.id, score: 64 });
    }
    const tonight = await makeRound({ startsAt: start + 21 * DAY, layoutId });
    await makeEntry({ roundId: tonight.id, playerId: steady.id, score: 57 });
    await makeEntry({ roundId: tonight.id, playerId: streaky.id, score: 60 });
    const path = `/rounds/${tonight.id}?net=1`;
    const { data } = await outcome(page.loader(await argsFor("nobody", path, undefined, { roundId: String(tonight.id) })));
    const rows = data.groups[0].rows.map((r: { playerId: number; net: number; netPlace: string; place: string }) => [
      r.playerId,
      r.net,
      r.netPlace,
      r.place,
    ]);
    // 60 − 6.4 = 53.6 beats 57 − 1.6 = 55.4: the second by score is first by net.
    expect(rows).toEqual([
      [streaky.id, 53.6, "1", "2"],
      [steady.id, 55.4, "2", "1"],
    ]);
  });
});
