import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { forgetLeagues } from "../../workers/league-directory";
import { withAuditActor } from "../../workers/audit-actor";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, nowSec, roundValues, testDb, uniq } from "../fixtures";
import { argsFor, argsWith, outcome, sessionOf } from "../route-fixtures";
import { getDb } from "~/.server/db/client";
import { auditLog, courses, layoutHoles, layouts, leagueInvites, leaguePaypal, leagues, memberships, rounds } from "~/.server/db/schema";
import { setupState } from "~/.server/pages/admin-home";
import { createCourse } from "~/.server/services/courses/courses";
import { saveSettingsForm, updateLeagueSettings, DEFAULT_SETTINGS } from "~/.server/services/settings/league-settings";
import { SLUG_RULE } from "~/schemas/leagues";
import * as adminHome from "~/routes/admin-home";
import * as roundForm from "~/routes/admin-round-form";
import { leagueBySlug } from "../../workers/league-directory";
import { leagueOf } from "~/.server/league";
import * as leaguesNew from "~/routes/leagues-new";

// A league's setup: /leagues/new's page, the admin home's checklist as the league's rows
// change, and a course copied from another league the admin runs (ADR 46, 47).

afterAll(() => forgetLeagues());

const stamped = withAuditActor(env.DB, () => ({ userId: null, role: "system" }));
const slugOf = () => `setup-${uniq().toLowerCase()}`;

/** A league started through the /api by `owner` (a fresh user unless given): its id and slug. */
async function startedLeague(owner?: { id: number; sessionVersion: number }) {
  const user = owner ?? (await makeUser());
  const slug = slugOf();
  const made = await expectStatus<{ id: number }>(
    await call("POST", "/api/leagues", { token: await tokenFor(user), body: { name: "Setup League", slug, time_zone: "America/Chicago" } }),
    201,
  );
  return { id: made.id, slug, user };
}

describe("/leagues/new", () => {
  it("sends a visitor to log in and back; shows a signed-in user the zones", async () => {
    expect(await outcome(leaguesNew.loader(await argsFor("nobody", "/leagues/new")))).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fleagues%2Fnew",
    });
    expect(await outcome(leaguesNew.action(await argsFor("nobody", "/leagues/new", { name: "X", slug: slugOf() })))).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fleagues%2Fnew",
    });
    const page = await outcome(leaguesNew.loader(await argsFor("player", "/leagues/new")));
    expect(page.data.zones).toContain("America/Chicago");
    expect(page.data.zones).toContain("Europe/London");
  });

  it("starts the league and goes to its admin home; a bad address is the field's error, nothing written", async () => {
    const slug = slugOf();
    const made = await outcome(
      leaguesNew.action(await argsFor("player", "/leagues/new", { name: "Glow Doubles", slug, time_zone: "America/New_York", town: "" })),
    );
    expect(made).toMatchObject({ status: 302, location: `/l/${slug}/admin` });
    const [row] = await testDb().select().from(leagues).where(eq(leagues.slug, slug));
    expect(row).toMatchObject({ name: "Glow Doubles", timeZone: "America/New_York", town: null });
    const bad = await outcome(
      leaguesNew.action(await argsFor("player", "/leagues/new", { name: "X", slug: "new", time_zone: "America/Chicago" })),
    );
    expect(bad).toMatchObject({ status: 400, data: { fieldErrors: { slug: SLUG_RULE } } });
    const taken = await outcome(
      leaguesNew.action(await argsFor("player", "/leagues/new", { name: "X", slug, time_zone: "America/Chicago" })),
    );
    expect(taken).toMatchObject({ status: 409, data: { formError: "That address is taken. Choose another." } });
  });
});

describe("the admin home's setup checklist", () => {
  it("reads each step's state from the league's rows as they change", async () => {
    const { id } = await startedLeague();
    const db = getDb(stamped, id);
    const none = { courses: false, divisions: false, settings: false, paypal: false, round: false, roundOpen: false, players: false };
    expect(await setupState(db)).toEqual(none);

    await createCourse(db, { name: "Bare", place: "" });
    expect((await setupState(db)).courses).toBe(false);
    await createCourse(db, { name: "Hilltop", place: "" }, 18);
    expect((await setupState(db)).courses).toBe(true);

    // Saving the settings form unchanged counts as saved; the divisions are still the default list.
    await saveSettingsForm(db, {}, { ...DEFAULT_SETTINGS, divisions: [...DEFAULT_SETTINGS.divisions] });
    expect(await setupState(db)).toMatchObject({ settings: true, divisions: false });
    await updateLeagueSettings(db, { divisions: ["MA1", "FA1"] });
    expect((await setupState(db)).divisions).toBe(true);

    await db.insert(leaguePaypal).values({ leagueId: id, apiBase: "https://api-m.sandbox.paypal.com", clientId: "c", secretSealed: "s" });
    expect((await setupState(db)).paypal).toBe(false);
    await db.update(leaguePaypal).set({ connectedAt: nowSec() }).where(eq(leaguePaypal.leagueId, id));
    expect((await setupState(db)).paypal).toBe(true);

    const [round] = await db
      .insert(rounds)
      .values({ ...roundValues({ name: "Week 1" }), leagueId: id })
      .returning({ id: rounds.id });
    expect(await setupState(db)).toMatchObject({ round: true, roundOpen: false });
    await db.update(rounds).set({ openForRegistration: true }).where(eq(rounds.id, round!.id));
    expect((await setupState(db)).roundOpen).toBe(true);

    // An expired invitation is not pending; a live one is; a joined player is too.
    const invite = { leagueId: id, email: "someone@example.com", role: "player" as const, tokenHash: uniq() };
    await testDb()
      .insert(leagueInvites)
      .values({ ...invite, expiresAt: nowSec() - 1 });
    expect((await setupState(db)).players).toBe(false);
    await testDb()
      .insert(leagueInvites)
      .values({ ...invite, tokenHash: uniq(), expiresAt: nowSec() + DAY });
    expect(await setupState(db)).toEqual({
      courses: true,
      divisions: true,
      settings: true,
      paypal: true,
      round: true,
      roundOpen: true,
      players: true,
    });
    await testDb().delete(leagueInvites).where(eq(leagueInvites.leagueId, id));
    expect((await setupState(db)).players).toBe(false);
    await testDb()
      .insert(memberships)
      .values({ leagueId: id, userId: (await makeUser()).id, role: "player" });
    expect((await setupState(db)).players).toBe(true);
  });

  it("shows the checklist to owners and admins, not to a director; a player is sent home", async () => {
    for (const who of ["owner", "leagueAdmin", "admin"] as const) {
      const page = await outcome(adminHome.loader(await argsFor(who, "/admin")));
      expect(page.status, who).toBe(200);
      expect(page.data.setup, who).toMatchObject({ courses: expect.any(Boolean), players: expect.any(Boolean) });
    }
    expect(await outcome(adminHome.loader(await argsFor("director", "/admin")))).toMatchObject({ status: 200, data: { setup: null } });
    expect(await outcome(adminHome.loader(await argsFor("player", "/admin")))).toMatchObject({ status: 302, location: "/" });
    expect(await outcome(adminHome.loader(await argsWith(await sessionOf("nobody"), new Request("http://localhost/admin"))))).toMatchObject(
      {
        status: 302,
      },
    );
  });
});

describe("a new league's first round", () => {
  it("the round form starts on the league's newest layout, at its course", async () => {
    const { id, slug } = await startedLeague();
    const db = getDb(stamped, id);
    const course = await createCourse(db, { name: "Only Course", place: "" }, 18);
    const league = leagueOf((await leagueBySlug(env.DB, slug))!, env);
    const args = argsWith(await sessionOf("admin"), new Request(`http://localhost/l/${slug}/admin/rounds/new`), { league: slug }, league);
    const page = await outcome(roundForm.loader(args));
    expect(page.data.inputs).toMatchObject({ layout_id: String(course.layouts[0]?.id), location: "Only Course" });
  });
});

describe("POST /api/admin/courses/copy", () => {
  const copy = (slug: string, token: string, b: unknown) => call("POST", `/l/${slug}/api/admin/courses/copy`, { token, body: b });
  const coursesOf = (leagueId: number) => testDb().select().from(courses).where(eq(courses.leagueId, leagueId));

  it("copies a course of another league the caller owns, with its layouts and holes, audited in this league", async () => {
    const here = await startedLeague();
    const there = await startedLeague(here.user);
    const token = await tokenFor(here.user);
    const name = `Course ${uniq()}`;
    const source = await expectStatus<{ id: number }>(
      await call("POST", `/l/${there.slug}/api/admin/courses`, { token, body: { name, place: "Elm", hole_count: 9 } }),
      201,
    );
    await expectStatus(
      await call("POST", `/l/${there.slug}/api/admin/courses/${source.id}/layouts`, {
        token,
        body: {
          name: "Long",
          holes: Array.from({ length: 18 }, (_, i) => ({
            par: i < 2 ? 4 : 3,
            distance_feet: 200 + i,
            second_card_order: i === 5 ? 1 : null,
          })),
        },
      }),
      201,
    );
    const made = await expectStatus<{
      id: number;
      name: string;
      place: string;
      layouts: { name: string; hole_count: number; par: number }[];
    }>(await copy(here.slug, token, { league_id: there.id, course_id: source.id }), 201);
    expect(made).toMatchObject({ name, place: "Elm" });
    expect(made.layouts).toEqual([
      expect.objectContaining({ name: "Main", hole_count: 9, par: 27 }),
      expect.objectContaining({ name: "Long", hole_count: 18, par: 56 }),
    ]);
    const copied = await testDb()
      .select({ hole: layoutHoles.hole, par: layoutHoles.par, distance: layoutHoles.distanceFeet, second: layoutHoles.secondCardOrder })
      .from(layoutHoles)
      .innerJoin(layouts, eq(layouts.id, layoutHoles.layoutId))
      .where(and(eq(layouts.courseId, made.id), eq(layouts.name, "Long"), eq(layoutHoles.leagueId, here.id)));
    expect(copied).toHaveLength(18);
    expect(copied.find((h) => h.hole === 6)).toEqual({ hole: 6, par: 3, distance: 205, second: 1 });
    const [audit] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leagueId, here.id), eq(auditLog.tableName, "courses")));
    expect(audit).toMatchObject({ actorUserId: here.user.id, rowId: made.id, action: "insert" });
    // The source is untouched, and a second copy is a clear 409.
    expect(await coursesOf(there.id)).toHaveLength(1);
    await expectError(await copy(here.slug, token, { league_id: there.id, course_id: source.id }), 409);
  });

  it("a course of a league where the caller is only a director, or has no role, is a 404; into a league where they direct, 403; nothing written", async () => {
    const here = await startedLeague();
    const directed = await startedLeague();
    const foreign = await startedLeague();
    const token = await tokenFor(here.user);
    await testDb().insert(memberships).values({ leagueId: directed.id, userId: here.user.id, role: "director" });
    const courseIn = async (league: { slug: string; user: { id: number; sessionVersion: number } }) =>
      (
        await expectStatus<{ id: number }>(
          await call("POST", `/l/${league.slug}/api/admin/courses`, {
            token: await tokenFor(league.user),
            body: { name: `C ${uniq()}`, hole_count: 18 },
          }),
          201,
        )
      ).id;
    const [directedCourse, foreignCourse] = [await courseIn(directed), await courseIn(foreign)];
    await expectError(await copy(here.slug, token, { league_id: directed.id, course_id: directedCourse }), 404, "Course not found");
    await expectError(await copy(here.slug, token, { league_id: foreign.id, course_id: foreignCourse }), 404, "Course not found");
    // A course id that league does not have, and this league itself, are the same 404.
    await expectError(await copy(here.slug, token, { league_id: foreign.id, course_id: directedCourse }), 404);
    await expectError(await copy(here.slug, token, { league_id: here.id, course_id: 1 }), 404);
    await expectError(await copy(here.slug, token, { league_id: "x", course_id: 1 }), 400);
    expect(await coursesOf(here.id)).toEqual([]);
    // Into a league where the caller is a director: the role's refusal.
    const mine = await courseIn(here);
    await expectError(await copy(directed.slug, token, { league_id: here.id, course_id: mine }), 403);
    expect(await coursesOf(directed.id)).toHaveLength(1);
  });
});
