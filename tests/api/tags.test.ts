import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { eq } from "drizzle-orm";
import { makePlayer, testDb } from "../fixtures";
import { auditLog } from "~/.server/db/schema";
import { tagHistory } from "~/.server/services/tags/tags";
import { updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { holders, scene, tagsOn, tagsRound } from "../tags-fixtures";
import { getPublic } from "./http";

// GET /api/tags and /api/tags/{tag} (public), POST /api/admin/tags/assign and /take-back (admins), ADR 27.

let admin: string;
let adminName: string;
let player: string;

beforeAll(async () => {
  await tagsOn();
  const user = await makeAdmin();
  adminName = user.name;
  admin = await tokenFor(user);
  player = await tokenFor(await makeUser());
});

type Board = { on: boolean; holders: { tag: number; player_id: number; name: string }[]; pool: number[] };

describe("GET /api/tags", () => {
  it("lists the holders by tag and the pool, after a round's swap", async () => {
    const s = scene();
    const [a, b] = await holders([s.tag(1), s.tag(2)]);
    await tagsRound(s.week(0), [
      [a, 54],
      [b, 50],
    ]);
    const board = await getPublic<Board>("/api/tags");
    expect(board.on).toBe(true);
    expect(board.holders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tag: s.tag(1), player_id: b.id, name: `${b.firstName} ${b.lastName}` }),
        expect.objectContaining({ tag: s.tag(2), player_id: a.id }),
      ]),
    );
    expect(board.pool).not.toContain(s.tag(1));
    const history = await getPublic<{ reason: string; from: { player_id: number } | null }[]>(`/api/tags/${s.tag(1)}`);
    expect(history.map((m) => [m.reason, m.from?.player_id ?? null])).toEqual([
      ["swap", a.id],
      ["assigned", null],
    ]);
  });

  it("400 for a tag that is not a number from 1 to 999", async () => {
    await expectError(await call("GET", "/api/tags/0"), 400);
    await expectError(await call("GET", "/api/tags/abc"), 400);
  });
});

describe("a round's tags flag in POST /api/admin/round/", () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    d: 2_000_000_000,
    n: "Tags week",
    loc: "Oak Hollow",
    fee_pdga: 0.5,
    fee_course: 0,
    fee_other: 0,
    ace: 1,
    payout: 4.5,
    ...extra,
  });
  const flagOf = async (id: number) => (await getPublic<{ tags: boolean }>(`/api/rounds/round/${id}`)).tags;
  const save = async (extra: Record<string, unknown>) =>
    expectStatus<{ id: number }>(await call("POST", "/api/admin/round/", { token: admin, body: body(extra) }), "id" in extra ? 200 : 201);

  it("is set when sent, kept when left out, and a new round takes the league's default", async () => {
    const { id } = await save({ tags: true });
    expect(await flagOf(id)).toBe(true);
    const read = await getPublic<{ version: number }>(`/api/rounds/round/${id}`);
    await save({ id, version: read.version });
    expect(await flagOf(id)).toBe(true);
    expect(await flagOf((await save({})).id)).toBe(false);
    await updateLeagueSettings(testDb(), { bagTags: "every" });
    expect(await flagOf((await save({})).id)).toBe(true);
    await tagsOn();
  });
});

describe("POST /api/admin/tags/assign and /take-back", () => {
  it("an admin gives a tag from the pool and takes it back", async () => {
    const s = scene();
    const p = await makePlayer();
    await expectStatus(await call("POST", "/api/admin/tags/assign", { token: admin, body: { tag: s.tag(1), playerId: p.id } }), 200);
    expect((await getPublic<Board>("/api/tags")).holders).toContainEqual(expect.objectContaining({ tag: s.tag(1), player_id: p.id }));
    await expectStatus(await call("POST", "/api/admin/tags/take-back", { token: admin, body: { tag: s.tag(1) } }), 200);
    expect((await getPublic<Board>("/api/tags")).pool).toContain(s.tag(1));
    // Each is history naming the admin, and a row of the audit log.
    const history = await tagHistory(testDb(), { tag: s.tag(1) });
    expect(history.map((h) => [h.reason, h.actor])).toEqual([
      ["taken_back", adminName],
      ["assigned", adminName],
    ]);
    const audit = await testDb().select().from(auditLog).where(eq(auditLog.playerId, p.id));
    expect(audit.map((a) => [a.tableName, a.actorName, JSON.parse(a.after ?? "{}").reason])).toEqual([
      ["tag_moves", adminName, "assigned"],
      ["tag_moves", adminName, "taken_back"],
    ]);
  });

  it("409 for a held tag or a tag in the pool taken back, 400 for a bad body, 404 for a player not there", async () => {
    const s = scene();
    const [a] = await holders([s.tag(1)]);
    const b = await makePlayer();
    await expectError(
      await call("POST", "/api/admin/tags/assign", { token: admin, body: { tag: s.tag(1), playerId: b.id } }),
      409,
      `Tag ${s.tag(1)} is held by ${a.firstName} ${a.lastName}: take it back first.`,
    );
    await expectError(await call("POST", "/api/admin/tags/take-back", { token: admin, body: { tag: s.tag(2) } }), 409);
    await expectError(await call("POST", "/api/admin/tags/assign", { token: admin, body: { tag: "x", playerId: b.id } }), 400);
    await expectError(
      await call("POST", "/api/admin/tags/assign", { token: admin, body: { tag: s.tag(2), playerId: 2_147_483_647 } }),
      404,
    );
  });

  it("401 without a session and 403 for a player: nothing moves", async () => {
    const s = scene();
    const p = await makePlayer();
    for (const path of ["/api/admin/tags/assign", "/api/admin/tags/take-back"]) {
      await expectError(await call("POST", path, { body: { tag: s.tag(1), playerId: p.id } }), 401);
      await expectError(await call("POST", path, { token: player, body: { tag: s.tag(1), playerId: p.id } }), 403);
    }
    expect((await getPublic<Board>("/api/tags")).pool).toContain(s.tag(1));
  });
});
