// Every test file ends with the league's books sound (tests/setup.ts): the report's books
// check balanced to the cent, and no audit row without an actor. Set-up writes through
// testDb() are stamped "system" (tests/fixtures.ts), so a row with no actor can only be a
// write the app made without naming who made it (ADR 20). A file that writes outside the
// app on purpose says so here.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { expectBooksBalance } from "./money-fixtures";

const allowed = { unstamped: new Set<number>() };

/** A new file starts with no allowance (the files of a vitest worker share this module). */
export function resetAllowances() {
  allowed.unstamped.clear();
}

/** These audit rows were written outside the app on purpose: they have no actor. */
export function writtenOutsideTheApp(auditIds: number[]) {
  for (const id of auditIds) allowed.unstamped.add(id);
}

/** The newest audit row's id. */
export async function lastAuditRowId(): Promise<number> {
  const row = await env.DB.prepare("select coalesce(max(id), 0) as id from audit_log").first<{ id: number }>();
  return row?.id ?? 0;
}

export async function expectBooksSound() {
  const { results } = await env.DB.prepare(
    "select id, table_name as t, row_id as r, action as a from audit_log where actor_role is null order by id",
  ).all<{ id: number; t: string; r: number; a: string }>();
  const unstamped = results.filter((row) => !allowed.unstamped.has(row.id)).map((row) => `${row.a} ${row.t} #${row.r}`);
  expect(unstamped, "audit rows an app request wrote without naming its actor").toEqual([]);
  await expectBooksBalance();
}
