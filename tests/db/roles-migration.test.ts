import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import migration from "../../migrations/0027_roles_operators_own_the_default_league.sql?raw";
import { makeAdmin, makeUser } from "../auth-fixtures";

// Migration 0027 (ADR 47) on a database as it was before roles: every admin stays the
// operator and becomes a member of the default league, the oldest its one owner. Run here on
// this file's own rows (memberships empty, as 0026 leaves it).
describe("migration 0027: today's admins and the default league", () => {
  it("makes the oldest admin the owner and the other admins its admins; players get nothing", async () => {
    const first = await makeAdmin();
    const [second, third, player] = await Promise.all([makeAdmin(), makeAdmin(), makeUser()]);
    await env.DB.prepare("delete from memberships").run();
    for (const statement of migration.split("--> statement-breakpoint")) await env.DB.prepare(statement).run();
    const { results } = await env.DB.prepare(
      "select user_id, role, granted_by from memberships where league_id = 1 order by user_id",
    ).all();
    expect(results).toEqual([
      { user_id: first.id, role: "owner", granted_by: null },
      ...[second, third].sort((a, b) => a.id - b.id).map((u) => ({ user_id: u.id, role: "admin", granted_by: null })),
    ]);
    expect(results.some((r) => r.user_id === player.id)).toBe(false);
    // Run twice (a retried deploy): nothing changes, nothing fails.
    for (const statement of migration.split("--> statement-breakpoint")) await env.DB.prepare(statement).run();
    expect((await env.DB.prepare("select count(*) as n from memberships").first())?.n).toBe(3);
  });
});
