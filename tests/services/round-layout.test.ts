import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeCourse } from "../course-fixtures";
import { DAY, nowSec, refusal, serviceRoundValues, testDb, uniq } from "../fixtures";
import { getPublic } from "../api/http";
import { rounds } from "~/.server/db/schema";
import { updateCourse } from "~/.server/services/courses/courses";
import { type RoundValues, saveRound, saveRounds } from "~/.server/services/entries/round-admin";

// A round plays a layout (ADR 25): its location is then the course's name, written by the
// save itself, so the /api's `loc` and every list read the course as before.

const values = (extra: Partial<RoundValues> = {}) => serviceRoundValues({ location: "Typed Park", ...extra });
const roundRow = async (id: number) => (await testDb().select().from(rounds).where(eq(rounds.id, id)))[0]!;

describe("a round's layout", () => {
  it("a layout makes the location its course's name; null clears it, left out keeps it", async () => {
    const { layoutId, courseName } = await makeCourse();
    const { value: id } = await saveRound(testDb(), null, values({ layout_id: layoutId, location: "" }));
    expect(await roundRow(id)).toMatchObject({ layoutId, location: courseName });
    // The /api leaves layout_id out: the round keeps its layout, and its course's name.
    await saveRound(testDb(), id, values({ location: "Something else" }), 0);
    expect(await roundRow(id)).toMatchObject({ layoutId, location: courseName, version: 1 });
    await saveRound(testDb(), id, values({ layout_id: null, location: "Back to typing" }), 1);
    expect(await roundRow(id)).toMatchObject({ layoutId: null, location: "Back to typing" });
  });

  it("a layout that does not exist is 404 and writes nothing", async () => {
    const before = (await testDb().select({ id: rounds.id }).from(rounds)).length;
    const refused = await refusal(saveRound(testDb(), null, values({ layout_id: 987_654_321 })));
    expect([refused.status, refused.message]).toEqual([404, "That layout no longer exists: choose another one."]);
    expect((await testDb().select({ id: rounds.id }).from(rounds)).length).toBe(before);
  });

  it("the multi-editor's rows take a layout the same way, new and stored", async () => {
    const [a, b] = await Promise.all([makeCourse(), makeCourse()]);
    const { created } = await saveRounds(testDb(), [
      { kind: "save", id: null, values: values({ layout_id: a.layoutId }), label: "Row 1" },
      { kind: "save", id: null, values: values({ layout_id: null }), label: "Row 2" },
    ]);
    const [first, second] = created as [number, number];
    expect(await roundRow(first)).toMatchObject({ layoutId: a.layoutId, location: a.courseName });
    expect(await roundRow(second)).toMatchObject({ layoutId: null, location: "Typed Park" });
    await saveRounds(testDb(), [
      { kind: "save", id: first, version: 0, values: values({ location: "Ignored" }), label: "Row 1" },
      { kind: "save", id: second, version: 0, values: values({ layout_id: b.layoutId }), label: "Row 2" },
    ]);
    expect(await roundRow(first)).toMatchObject({ layoutId: a.layoutId, location: a.courseName });
    expect(await roundRow(second)).toMatchObject({ layoutId: b.layoutId, location: b.courseName });
    const gone = await refusal(
      saveRounds(testDb(), [{ kind: "save", id: null, values: values({ layout_id: 987_654_321 }), label: "Row 1" }]),
    );
    expect(gone.status).toBe(404);
  });

  it("POST /api/admin/round/ takes layout_id, and GET answers it with loc as the course's name", async () => {
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    const { layoutId, courseName, courseId } = await makeCourse();
    const body = { d: nowSec() + 7 * DAY, n: `Week ${uniq()}`, fee_pdga: 0.5, fee_course: 1, fee_other: 0, ace: 1, payout: 4.5 };
    const { id } = await expectStatus(await call("POST", "/api/admin/round/", { token, body: { ...body, layout_id: layoutId } }), 201);
    expect(await getPublic(`/api/rounds/round/${id}`)).toMatchObject({ loc: courseName, layout_id: layoutId });
    await expectError(await call("POST", "/api/admin/round/", { token, body }), 400, "Location is required");
    await expectError(await call("POST", "/api/admin/round/", { token, body: { ...body, layout_id: 987_654_321 } }), 404);
    await expectError(
      await call("POST", "/api/admin/round/", { token, body: { ...body, layout_id: "x", loc: "Elm" } }),
      400,
      "Invalid layout id",
    );
    // Renaming the course renames the round's location with it.
    await updateCourse(testDb(), courseId, { name: `${courseName} DGC`, place: "" });
    expect(await getPublic(`/api/rounds/round/${id}`)).toMatchObject({ loc: `${courseName} DGC` });
    await expectStatus(
      await call("POST", "/api/admin/round/", { token, body: { ...body, id, version: 1, layout_id: null, loc: "Elm" } }),
      200,
    );
    expect(await roundRow(id)).toMatchObject({ layoutId: null, location: "Elm" });
  });
});
