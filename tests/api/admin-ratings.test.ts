// POST /api/admin/ratings/recompute: an admin queues a re-rating (from a round, or of every
// round); anyone else is refused and nothing is queued.
import { describe, expect, it } from "vitest";
import { makeUser, tokenFor } from "../auth-fixtures";
import { makeRound } from "../fixtures";
import { recordingWorker } from "../ratings-fixtures";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";

const PATH = "/api/admin/ratings/recompute";
const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));

describe("POST /api/admin/ratings/recompute", () => {
  it("queues a re-rating from the round's date, or of every round, and answers 202", async () => {
    const [token, round] = await Promise.all([adminToken(), makeRound()]);
    const worker = recordingWorker();
    const res = await worker.post(PATH, token, { round_id: round.id });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ success: true, queued: true });
    expect((await worker.post(PATH, token, {})).status).toBe(202);
    expect(worker.sent).toEqual([
      { type: "ratings", id: expect.any(String), leagueId: DEFAULT_LEAGUE_ID, since: round.startsAt },
      { type: "ratings", id: expect.any(String), leagueId: DEFAULT_LEAGUE_ID },
    ]);
  });

  it("400 for a bad round id, 404 for an unknown one; nothing queued", async () => {
    const token = await adminToken();
    const worker = recordingWorker();
    const bad = await worker.post(PATH, token, { round_id: "abc" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid round id", code: "bad_request", requestId: bad.headers.get("X-Request-Id") });
    const missing = await worker.post(PATH, token, { round_id: 99_999_999 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Round not found", code: "not_found", requestId: missing.headers.get("X-Request-Id") });
    expect(worker.sent).toEqual([]);
  });

  it("401 without a token, 403 for a player's; nothing queued", async () => {
    const worker = recordingWorker();
    expect((await worker.post(PATH, null, {})).status).toBe(401);
    expect((await worker.post(PATH, await tokenFor(await makeUser()), {})).status).toBe(403);
    expect(worker.sent).toEqual([]);
  });
});
