import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { getPublic } from "./http";
import { payments, rounds } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));
const roundRow = async (id: number) => (await testDb().select().from(rounds).where(eq(rounds.id, id)))[0];
const form = (extra: Record<string, unknown> = {}) => ({
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

describe("POST /api/admin/round/ (save)", () => {
  it("creates a round without an id (money in dollars → cents) and saves one with", async () => {
    const token = await adminToken();
    const created = await expectStatus(await call("POST", "/api/admin/round/", { token, body: form() }), 201);
    expect(await roundRow(created.id)).toMatchObject({
      name: "Week 99",
      feePdgaCents: 50,
      feeCourseCents: 100,
      feeOtherCents: 0,
      aceCents: 100,
      payoutCents: 450,
      pdgaUrl: null,
      openForRegistration: false,
    });
    await expectStatus(
      await call("POST", "/api/admin/round", {
        token,
        body: form({ id: created.id, version: 0, n: "Glow Round", pdga_url: "https://www.pdga.com/tour/event/1" }),
      }),
      200,
    );
    expect(await roundRow(created.id)).toMatchObject({ name: "Glow Round", pdgaUrl: "https://www.pdga.com/tour/event/1" });
    await expectError(await call("POST", "/api/admin/round/", { token, body: form({ id: 987654321, version: 0 }) }), 404);
  });

  it("saves over the version read (GET answers carry it); an older one is 409, none is 400; neither writes", async () => {
    const [token, round] = await Promise.all([adminToken(), makeRound({ name: "Read" })]);
    const { version } = await getPublic<{ version: number }>(`/api/rounds/round/${round.id}`);
    const save = (extra: Record<string, unknown>) => call("POST", "/api/admin/round/", { token, body: form({ id: round.id, ...extra }) });
    await expectStatus(await save({ version, n: "First" }), 200);
    const after = await roundRow(round.id);
    expect(after).toMatchObject({ name: "First", version: version + 1 });
    await expectError(
      await save({ version, n: "Second", payout: 9 }),
      409,
      "This round changed since you opened it. Reload to see the new values.",
    );
    await expectError(await save({ n: "Third" }), 400, "version is required: send the version of the round as you read it");
    await expectError(await save({ version: "v1", n: "Fourth" }), 400, "Invalid round version");
    expect(await roundRow(round.id)).toEqual(after);
  });

  it.each([
    ["no name", { n: " " }, "Name is required"],
    ["no date", { d: undefined }, "Date is required"],
    ["a negative fee", { fee_pdga: -1 }, "PDGA fee must be an amount in dollars, like 12.50"],
    ["three decimals", { payout: "4.505" }, "Payout can have at most 2 decimals"],
    ["a link that is not https", { pdga_url: "javascript:alert(1)" }, "PDGA link must start with https://"],
  ])("answers 400 for %s and writes nothing", async (_, extra, message) => {
    const token = await adminToken();
    const before = (await testDb().select({ id: rounds.id }).from(rounds)).length;
    await expectError(await call("POST", "/api/admin/round/", { token, body: form(extra) }), 400, message);
    expect((await testDb().select({ id: rounds.id }).from(rounds)).length).toBe(before);
  });

  it("needs an admin", async () => {
    const user = await tokenFor(await makeUser());
    await expectError(await call("POST", "/api/admin/round/", { body: form() }), 401);
    await expectError(await call("POST", "/api/admin/round/", { token: user, body: form() }), 403, "Not an admin");
  });
});

describe("POST /api/admin/round/openForRegistration and /delete", () => {
  it("opens and closes registration", async () => {
    const [token, round] = await Promise.all([adminToken(), makeRound({ startsAt: nowSec() + DAY })]);
    await expectStatus(
      await call("POST", "/api/admin/round/openForRegistration", { token, body: { id: round.id, openForRegistration: true } }),
      200,
    );
    expect((await roundRow(round.id))?.openForRegistration).toBe(true);
    await expectStatus(
      await call("POST", "/api/admin/round/openForRegistration", { token, body: { id: round.id, openForRegistration: false } }),
      200,
    );
    expect((await roundRow(round.id))?.openForRegistration).toBe(false);
    await expectError(
      await call("POST", "/api/admin/round/openForRegistration", { token, body: { id: round.id, openForRegistration: "yes" } }),
      400,
    );
    await expectError(
      await call("POST", "/api/admin/round/openForRegistration", { token, body: { id: 987654321, openForRegistration: true } }),
      404,
    );
  });

  it("deletes an empty round; one with entries or payments is refused (409) and kept", async () => {
    const [token, empty, played, paid, player] = await Promise.all([adminToken(), makeRound(), makeRound(), makeRound(), makePlayer()]);
    await makeEntry({ roundId: played.id, playerId: player.id });
    await testDb().insert(payments).values({
      leagueId: DEFAULT_LEAGUE_ID,
      roundId: paid.id,
      playerId: player.id,
      method: "credit",
      status: "completed",
      amountCents: 600,
      division: "MA1",
    });
    await expectStatus(await call("POST", "/api/admin/round/delete", { token, body: { id: empty.id } }), 200);
    expect(await roundRow(empty.id)).toBeUndefined();
    await expectError(
      await call("POST", "/api/admin/round/delete", { token, body: { id: played.id } }),
      409,
      "This round has 1 entry, so it cannot be deleted. Remove its entries first.",
    );
    await expectError(
      await call("POST", "/api/admin/round/delete", { token, body: { id: paid.id } }),
      409,
      "This round has 1 payment, so it cannot be deleted. Remove its entries first.",
    );
    expect(await roundRow(played.id)).toBeTruthy();
    expect(await roundRow(paid.id)).toBeTruthy();
    await expectError(await call("POST", "/api/admin/round/delete", { token, body: { id: empty.id } }), 404);
  });
});
