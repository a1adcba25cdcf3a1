// The league's rain-out settings (ADR 50): the holes every card must finish for a round to be
// ended early, and the policy in the league's own words, through the /api and the settings
// form; the policy reaches the round page's sign-up dialog, and an empty one does not.
// Each test leaves the league's settings as it found them (the file shares its database).
import { afterEach, describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeMember, tokenFor } from "../auth-fixtures";
import { DAY, makeRound, nowSec, testDb, uniq } from "../fixtures";
import { argsFor, argsWith, outcome } from "../route-fixtures";
import type { Session } from "~/.server/auth/current-user";
import { claims } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { DEFAULT_SETTINGS, getLeagueSettings, updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { makePlayer } from "../fixtures";
import { makeUser } from "../auth-fixtures";
import * as settingsPage from "~/routes/admin-settings";
import * as roundPage from "~/routes/round";

afterEach(() => updateLeagueSettings(testDb(), DEFAULT_SETTINGS));

const POLICY = "Lightning: we stop and wait 30 minutes.\nCancelled before the first tee: everything back as credit.";

const put = async (body: Record<string, unknown>, token?: string) =>
  call("PUT", "/api/admin/settings", {
    token: token ?? (await tokenFor(await makeMember("admin"))),
    body: { ...pointsOf(DEFAULT_SETTINGS), ...body },
  });

describe("the rain-out settings through the /api", () => {
  it("an admin saves the holes and the policy, and reads them back; the defaults are 9 and none", async () => {
    const token = await tokenFor(await makeMember("admin"));
    const first = await expectStatus(await call("GET", "/api/admin/settings", { token }), 200);
    expect(first).toMatchObject({ endEarlyHoles: 9, rainOutPolicy: "" });
    const saved = await expectStatus(await put({ endEarlyHoles: 12, rainOutPolicy: `  ${POLICY}\r\n` }, token), 200);
    expect(saved).toMatchObject({ endEarlyHoles: 12, rainOutPolicy: POLICY });
    expect(await getLeagueSettings(testDb())).toMatchObject({ endEarlyHoles: 12, rainOutPolicy: POLICY });
    // A save without them keeps them; "" clears the policy.
    await expectStatus(await put({ ...pointsOf(DEFAULT_SETTINGS), pointsFirst: 90 }, token), 200);
    expect(await getLeagueSettings(testDb())).toMatchObject({ endEarlyHoles: 12, rainOutPolicy: POLICY, pointsFirst: 90 });
    await expectStatus(await put({ rainOutPolicy: "" }, token), 200);
    expect((await getLeagueSettings(testDb())).rainOutPolicy).toBe("");
  });

  it("refuses a policy over 1,000 characters, holes out of 1 to 36 and a policy that is not text; nothing changes", async () => {
    const token = await tokenFor(await makeMember("admin"));
    await expectStatus(await put({ rainOutPolicy: POLICY, endEarlyHoles: 6 }, token), 200);
    for (const [body, message] of [
      [{ rainOutPolicy: "x".repeat(1_001) }, "Rain-out policy must be at most 1000 characters"],
      [{ rainOutPolicy: 42 }, "Rain-out policy must be text"],
      [{ endEarlyHoles: 0 }, "Holes every card must finish to end a round early must be a whole number from 1 to 36"],
      [{ endEarlyHoles: 37 }, "Holes every card must finish to end a round early must be a whole number from 1 to 36"],
      [{ endEarlyHoles: 4.5 }, "Holes every card must finish to end a round early must be a whole number from 1 to 36"],
    ] as const) {
      await expectError(await put(body, token), 400, message);
    }
    // Exactly 1,000 is fine.
    await expectStatus(await put({ rainOutPolicy: "y".repeat(1_000) }, token), 200);
    expect(await getLeagueSettings(testDb())).toMatchObject({ endEarlyHoles: 6, rainOutPolicy: "y".repeat(1_000) });
  });

  it("is the league admin's: a director is refused, and nothing changes", async () => {
    const director = await tokenFor(await makeMember("director"));
    await expectError(await put({ rainOutPolicy: POLICY }, director), 403);
    expect((await getLeagueSettings(testDb())).rainOutPolicy).toBe("");
  });
});

/** The settings every PUT names (those added later may be left out). */
const pointsOf = (s: typeof DEFAULT_SETTINGS) => ({
  pointsFirst: s.pointsFirst,
  pointsStep: s.pointsStep,
  pointsFloor: s.pointsFloor,
  pointsParticipation: s.pointsParticipation,
  standingsBestN: s.standingsBestN,
  handicapRounds: s.handicapRounds,
  handicapPercent: s.handicapPercent,
  handicapPar: s.handicapPar,
});

const form = (values: Record<string, number | string | string[]>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]));

describe("the rain-out settings on /admin/settings", () => {
  it("the form saves the policy with its lines (a form's CRLF as LF) and the holes; opened again, an unchanged save changes nothing", async () => {
    const shown = JSON.stringify(DEFAULT_SETTINGS);
    const posted = { ...form({ ...DEFAULT_SETTINGS, endEarlyHoles: 10 }), rainOutPolicy: POLICY.replace(/\n/g, "\r\n"), shown };
    const saved = await outcome(settingsPage.action(await argsFor("admin", "/admin/settings", posted)));
    expect(saved).toMatchObject({ status: 200, data: { success: settingsPage.SETTINGS_SAVED } });
    const now = await getLeagueSettings(testDb());
    expect(now).toMatchObject({ endEarlyHoles: 10, rainOutPolicy: POLICY });
    const loaded = await outcome(settingsPage.loader(await argsFor("admin", "/admin/settings")));
    expect(loaded.data.settings).toEqual(now);
    // The page opened now and posted as shown (the browser sends CRLF again): saved, nothing differs.
    const again = { ...form(now), rainOutPolicy: POLICY.replace(/\n/g, "\r\n"), shown: JSON.stringify(now) };
    expect(await outcome(settingsPage.action(await argsFor("admin", "/admin/settings", again)))).toMatchObject({ status: 200 });
    expect(await getLeagueSettings(testDb())).toEqual(now);
  });

  it("a policy too long is the field's error, the other settings unsaved", async () => {
    const posted = {
      ...form({ ...DEFAULT_SETTINGS, pointsFirst: 77 }),
      rainOutPolicy: "z".repeat(1_001),
      shown: JSON.stringify(DEFAULT_SETTINGS),
    };
    const refused = await outcome(settingsPage.action(await argsFor("admin", "/admin/settings", posted)));
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({ rainOutPolicy: "Rain-out policy must be at most 1000 characters" });
    expect(await getLeagueSettings(testDb())).toEqual(DEFAULT_SETTINGS);
  });
});

/** A signed-in player of the default league with an approved claim, as the round page's loader sees them. */
async function playerSession(): Promise<Session> {
  const user = await makeUser();
  const player = await makePlayer();
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  return {
    user: { id: user.id, name: user.name, email: user.email, isOperator: false, linkedPlayerId: player.id, claimStatus: "approved" },
    leagueId: DEFAULT_LEAGUE_ID,
    leagueRole: null,
    loginKind: "user",
    sessionId: uniq(),
    expiresAt: nowSec() + DAY,
  };
}

describe("the round page's sign-up dialog", () => {
  it("carries the league's rain-out policy to a signed-in player, and none when the league has none", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY, openForRegistration: true });
    const session = await playerSession();
    const load = async () =>
      (
        await outcome(
          roundPage.loader(argsWith(session, new Request(`http://localhost/rounds/${round.id}`), { roundId: String(round.id) })),
        )
      ).data;
    expect((await load()).signUp).toMatchObject({ entered: false, rainOutPolicy: "" });
    await updateLeagueSettings(testDb(), { rainOutPolicy: POLICY });
    expect((await load()).signUp).toMatchObject({ entered: false, rainOutPolicy: POLICY });
    // A visitor has no dialog, so no policy in the page's data.
    const visitor = await outcome(
      roundPage.loader(argsWith(null, new Request(`http://localhost/rounds/${round.id}`), { roundId: String(round.id) })),
    );
    expect(visitor.data.signUp).toBeNull();
  });
});
