import { describe, expect, it } from "vitest";
import { call, expectStatus, makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { makePlayer, nowSec, uniq } from "../fixtures";
import { PAR_56 } from "../course-fixtures";
import { cappedRound } from "../waitlist-fixtures";
import { scene, tagsOn } from "../tags-fixtures";

// The admin's writes, measured as tests/api/write-trips.test.ts measures the entries' (ADR
// 41, 42): the write's own reads beside the guard's session, then its one batch — 2. Each
// case asserts its total as it is today; what follows the batch (a follow-up) is named in
// the case's comment.

const tripsOf = (res: Response) => Number(/d1rt;desc="(\d+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
const admin = async () => {
  const token = await tokenFor(await makeAdmin());
  return Object.assign((method: string, path: string, body?: unknown) => call(method, `/api/admin${path}`, { token, body }), { token });
};
const roundForm = (extra: Record<string, unknown> = {}) => ({
  d: nowSec() + 7 * 86_400,
  n: "Week 99",
  loc: "Oak Hollow",
  fee_pdga: ".5",
  fee_course: 1,
  fee_other: 0,
  ace: "1.00",
  payout: 4.5,
  pdga_url: "",
  ...extra,
});

describe("the admin's writes' round trips", () => {
  it("settings", async () => {
    const asAdmin = await admin();
    const now = await expectStatus(await asAdmin("GET", "/settings"), 200);
    const res = await asAdmin("PUT", "/settings", now);
    expect(await expectStatus(res, 200)).toEqual(now);
    // Session; the upsert, which answers the row it wrote.
    expect(tripsOf(res), "settings").toBe(2);
  });

  it("courses and layouts", async () => {
    const asAdmin = await admin();
    const made = await asAdmin("POST", "/courses", { name: `Maple ${uniq()}`, place: "Maple Ridge" });
    const course = await expectStatus(made, 201);
    // Each save: session; the write, the course or layout read back at the end of its batch.
    expect(tripsOf(made), "course add").toBe(2);
    const saved = await asAdmin("PUT", `/courses/${course.id}`, { name: `Maple ${uniq()}`, place: "" });
    await expectStatus(saved, 200);
    expect(tripsOf(saved), "course save").toBe(2);
    const holes = PAR_56.map((h) => ({ par: h.par }));
    const added = await asAdmin("POST", `/courses/${course.id}/layouts`, { name: "Long tees", holes });
    const layout = await expectStatus(added, 201);
    expect(tripsOf(added), "layout add").toBe(2);
    const put = await asAdmin("PUT", `/layouts/${layout.id}`, { version: 0, name: "Short tees", holes });
    await expectStatus(put, 200);
    expect(tripsOf(put), "layout save").toBe(2);
    const dropLayout = await asAdmin("DELETE", `/layouts/${layout.id}`);
    await expectStatus(dropLayout, 200);
    expect(tripsOf(dropLayout), "layout delete").toBe(2);
    const dropCourse = await asAdmin("DELETE", `/courses/${course.id}`);
    await expectStatus(dropCourse, 200);
    expect(tripsOf(dropCourse), "course delete").toBe(2);
  });

  it("players", async () => {
    const asAdmin = await admin();
    const values = () => ({ fn: `Fn${uniq()}`, ln: `Ln${uniq()}`, pdga: "", division: "MA2" });
    const added = await asAdmin("POST", "/player", { values: values() });
    const { id } = await expectStatus(added, 201);
    expect(tripsOf(added), "player add").toBe(2);
    const saved = await asAdmin("POST", "/player/", { id, values: values() });
    await expectStatus(saved, 200);
    expect(tripsOf(saved), "player save").toBe(2);
    const deleted = await asAdmin("POST", "/player/delete", { id });
    await expectStatus(deleted, 200);
    expect(tripsOf(deleted), "player delete").toBe(2);
  });

  it("rounds: save, open for registration, caps, delete", async () => {
    const asAdmin = await admin();
    const made = await asAdmin("POST", "/round/", roundForm());
    const { id } = await expectStatus(made, 201);
    expect(tripsOf(made), "round add").toBe(2);
    const saved = await asAdmin("POST", "/round", roundForm({ id, version: 0, n: "Glow Round" }));
    await expectStatus(saved, 200);
    expect(tripsOf(saved), "round save").toBe(2);
    const opened = await asAdmin("POST", "/round/openForRegistration", { id, openForRegistration: true });
    await expectStatus(opened, 200);
    expect(tripsOf(opened), "open").toBe(2);
    const deleted = await asAdmin("POST", "/round/delete", { id });
    await expectStatus(deleted, 200);
    expect(tripsOf(deleted), "round delete").toBe(2);
    const capped = await cappedRound(3);
    const caps = await asAdmin("PUT", `/rounds/${capped.id}/caps`, { version: capped.version, field_cap: 2 });
    await expectStatus(caps, 200);
    // Session; the update (its version in its WHERE). Follow-ups (5, not itemised here): the
    // settling of the freed places (ADR 28), run before the answer, which shows them offered,
    // and the notices' check for its news (ADR 44).
    expect(tripsOf(caps), "caps").toBe(7);
  });

  it("tags: assign and take back", async () => {
    await tagsOn();
    const asAdmin = await admin();
    const s = scene();
    const p = await makePlayer();
    const assigned = await asAdmin("POST", "/tags/assign", { tag: s.tag(1), playerId: p.id });
    await expectStatus(assigned, 200);
    expect(tripsOf(assigned), "assign").toBe(2);
    const back = await asAdmin("POST", "/tags/take-back", { tag: s.tag(1) });
    await expectStatus(back, 200);
    expect(tripsOf(back), "take back").toBe(2);
  });

  it("a user's own record removed, a claim withdrawn and rejected", async () => {
    const asAdmin = await admin();
    const user = await makeUser();
    const token = await tokenFor(user);
    const values = { fn: `Api${uniq()}`, ln: "Own", pdga: "", division: "MA2" };
    const own = await expectStatus(await call("POST", "/api/players/addNew", { token, body: { values } }), 201);
    const unclaimed = await call("PUT", `/api/claims/${own.claim.id}/unclaim`, { token });
    await expectStatus(unclaimed, 200);
    // Session; the move (its checks in its WHERE) and the claim read back for the answer, one batch.
    expect(tripsOf(unclaimed), "unclaim").toBe(2);
    const removed = await asAdmin("DELETE", `/users/${user.id}/players/${own.newId}`);
    await expectStatus(removed, 200);
    // The session with the record (its name, and that the user added it); the guarded delete.
    expect(tripsOf(removed), "own record delete").toBe(2);
    const other = await makePlayer();
    const claim = await expectStatus(await call("POST", "/api/claims", { token, body: { player_id: other.id, note: "me" } }), 201);
    const rejected = await call("PUT", `/api/claims/${claim.claim.id}/reject`, { token: asAdmin.token, body: {} });
    await expectStatus(rejected, 200);
    expect(tripsOf(rejected), "reject").toBe(2);
  });
});
