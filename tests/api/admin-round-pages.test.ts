// The admin's round pages through their route modules' own loaders and
// actions, with the request context the Worker builds (the test Worker has no React
// Router build): guards, form errors by field name (400, never 500), refusals, redirects.
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb, uniq } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { rounds } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { zonedTimeToEpoch } from "~/lib/shared/time";
import * as formPage from "~/routes/admin-round-form";
import * as listPage from "~/routes/admin-rounds";
import * as multiPage from "~/routes/admin-rounds-multi";

const TZ = leagueFromEnv(env).timeZone;
const roundRow = async (id: number) => (await testDb().select().from(rounds).where(eq(rounds.id, id)))[0];

const formFields = (extra: Record<string, string> = {}) => ({
  intent: "save",
  date: "2031-03-13",
  time: "19:30",
  name: `Form ${uniq()}`,
  location: "Oak Hollow",
  fee_pdga: ".5",
  fee_course: "1",
  fee_other: "0",
  ace: "1",
  payout: "4.50",
  pdga_url: "",
  ...extra,
});

describe("guards", () => {
  const pages = [
    ["/admin/rounds", listPage, {}],
    ["/admin/rounds/new", formPage, {}],
    ["/admin/rounds/multi-edit", multiPage, {}],
  ] as const;
  it.each(pages)("%s: no session → /login, a player → /, for the loader and the action", async (path, page) => {
    for (const [who, to] of [
      ["nobody", "/login"],
      ["player", "/"],
    ] as const) {
      expect(await outcome(page.loader(await argsFor(who, path)))).toMatchObject({ status: 302, location: to });
      expect(await outcome(page.action(await argsFor(who, path, formFields())))).toMatchObject({ status: 302, location: to });
    }
    expect((await testDb().select().from(rounds).where(eq(rounds.name, "never"))).length).toBe(0);
  });
});

describe("the round form", () => {
  it("answers a bad form with 400 and each error by its field, and writes nothing", async () => {
    const name = `Bad ${uniq()}`;
    const answer = await outcome(
      formPage.action(await argsFor("admin", "/admin/rounds/new", formFields({ name, date: "2031-02-30", payout: "4.555", location: "" }))),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      date: "Enter a real date",
      location: "Location is required",
      payout: "Payout can have at most 2 decimals",
    });
    expect(await testDb().select().from(rounds).where(eq(rounds.name, name))).toEqual([]);
  });

  it("creates a round dated in the league's zone and goes back to the list; saves an existing one", async () => {
    const fields = formFields();
    const created = await outcome(formPage.action(await argsFor("admin", "/admin/rounds/new", fields)));
    expect(created.status).toBe(302);
    const id = Number(/saved=(\d+)/.exec(created.location ?? "")?.[1]);
    expect(await roundRow(id)).toMatchObject({
      name: fields.name,
      startsAt: zonedTimeToEpoch({ year: 2031, month: 3, day: 13, hour: 19, minute: 30 }, TZ),
      feePdgaCents: 50,
      feeCourseCents: 100,
      payoutCents: 450,
    });
    const form = await outcome(formPage.loader(await argsFor("admin", `/admin/rounds/${id}`, undefined, { roundId: String(id) })));
    const version = String(form.data.round.version);
    const saved = await outcome(
      formPage.action(
        await argsFor("admin", `/admin/rounds/${id}`, formFields({ name: "Renamed", time: "18:00", version }), { roundId: String(id) }),
      ),
    );
    expect(saved).toMatchObject({ status: 302, location: `/admin/rounds?saved=${id}` });
    expect(await roundRow(id)).toMatchObject({
      name: "Renamed",
      startsAt: zonedTimeToEpoch({ year: 2031, month: 3, day: 13, hour: 18 }, TZ),
    });
    const list = await outcome(listPage.loader(await argsFor("admin", `/admin/rounds?saved=${id}`)));
    expect(list.data.notice).toBe("Round saved: Renamed, Thu, 3/13/31, 6:00 PM.");
  });

  it("saves only over the version the form read (ADR 20): an older one is 409 with the message, none is 400", async () => {
    const round = await makeRound({ name: "Read" });
    const save = async (extra: Record<string, string>) =>
      outcome(formPage.action(await argsFor("admin", `/admin/rounds/${round.id}`, formFields(extra), { roundId: String(round.id) })));
    expect(await save({ name: "First tab", version: String(round.version) })).toMatchObject({ status: 302 });
    expect(await save({ name: "Second tab", version: String(round.version) })).toMatchObject({
      status: 409,
      data: { formError: "This round changed since you opened it. Reload to see the new values." },
    });
    expect(await save({ name: "No version" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { version: "version is required: send the version of the round as you read it" } },
    });
    expect((await roundRow(round.id))?.name).toBe("First tab");
  });

  it("deletes an empty round; a round with entries is refused with 409 and its reason", async () => {
    const [empty, played, player] = await Promise.all([makeRound(), makeRound(), makePlayer()]);
    await makeEntry({ roundId: played.id, playerId: player.id });
    const del = async (id: number) =>
      outcome(formPage.action(await argsFor("admin", `/admin/rounds/${id}`, { intent: "delete" }, { roundId: String(id) })));
    expect(await del(empty.id)).toMatchObject({ status: 302, location: "/admin/rounds?deleted=1" });
    expect(await roundRow(empty.id)).toBeUndefined();
    expect(await del(played.id)).toMatchObject({
      status: 409,
      data: { formError: "This round has 1 entry, so it cannot be deleted. Remove its entries first." },
    });
    expect(await roundRow(played.id)).toBeTruthy();
  });

  it("an unknown round is 404 and a bad id 400, for the loader and the action", async () => {
    const page = async (roundId: string) => argsFor("admin", `/admin/rounds/${roundId}`, undefined, { roundId });
    expect((await outcome(formPage.loader(await page("987654321")))).status).toBe(404);
    expect((await outcome(formPage.loader(await page("abc")))).status).toBe(400);
    const save = await outcome(
      formPage.action(await argsFor("admin", "/admin/rounds/987654321", formFields({ version: "0" }), { roundId: "987654321" })),
    );
    expect(save).toMatchObject({ status: 404, data: { formError: "Round not found" } });
    expect((await outcome(formPage.action(await argsFor("admin", "/admin/rounds/x", formFields(), { roundId: "x" })))).status).toBe(400);
  });

  it("a new round's form starts from the spec's defaults, a week after the latest round", async () => {
    const { data } = await outcome(formPage.loader(await argsFor("admin", "/admin/rounds/new")));
    expect(data.round).toBeNull();
    expect(data.inputs).toMatchObject({ fee_pdga: "0.50", fee_course: "1.00", fee_other: "0.00", ace: "1.00", payout: "4.50" });
    expect(data.inputs.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("/admin/rounds", () => {
  it("opens and closes registration, with 400 for a bad id and 404 for an unknown one", async () => {
    const round = await makeRound({ name: `Reg ${uniq()}`, startsAt: nowSec() + DAY });
    const toggle = async (form: Record<string, string>) => outcome(listPage.action(await argsFor("admin", "/admin/rounds", form)));
    expect(await toggle({ intent: "registration", id: String(round.id), open: "true" })).toMatchObject({
      status: 200,
      data: { success: `Registration opened for ${round.name}.` },
    });
    expect((await roundRow(round.id))?.openForRegistration).toBe(true);
    await toggle({ intent: "registration", id: String(round.id), open: "false" });
    expect((await roundRow(round.id))?.openForRegistration).toBe(false);
    expect(await toggle({ intent: "registration", id: "x", open: "true" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { id: "Invalid round id" } },
    });
    expect((await toggle({ intent: "registration", id: String(round.id), open: "maybe" })).status).toBe(400);
    expect(await toggle({ intent: "registration", id: "987654321", open: "true" })).toMatchObject({
      status: 404,
      data: { formError: "Round not found" },
    });
  });

  it("lists future rounds and one season's past rounds; a season that is not one is 404", async () => {
    const [future, past] = await Promise.all([makeRound({ startsAt: nowSec() + 3 * DAY }), makeRound({ startsAt: nowSec() - 3 * DAY })]);
    const all = await outcome(listPage.loader(await argsFor("admin", "/admin/rounds?season=all")));
    expect(all.data.future.map((r: { id: number }) => r.id)).toContain(future.id);
    expect(all.data.past.map((r: { id: number }) => r.id)).toContain(past.id);
    expect(all.data.past.map((r: { id: number }) => r.id)).not.toContain(future.id);
    expect((await outcome(listPage.loader(await argsFor("admin", "/admin/rounds?season=1800")))).status).toBe(404);
    expect((await outcome(listPage.loader(await argsFor("admin", "/admin/rounds?season=abc")))).status).toBe(404);
  });
});

describe("/admin/rounds/multi-edit", () => {
  const row = (i: number, extra: Record<string, string>) =>
    Object.fromEntries(
      Object.entries({ ...formFields(), delete: "0", row: String(i + 1), ...extra }).map(([k, v]) => [`rows[${i}].${k}`, v]),
    );
  const post = async (form: Record<string, string>) => outcome(multiPage.action(await argsFor("admin", "/admin/rounds/multi-edit", form)));

  it("opens the rounds a comma list or repeated ids name; none found says so; a bad id is 400", async () => {
    const [a, b] = await Promise.all([makeRound(), makeRound()]);
    const load = async (search: string) => outcome(multiPage.loader(await argsFor("admin", `/admin/rounds/multi-edit${search}`)));
    for (const search of [`?ids=${a.id},${b.id}`, `?ids=&ids=${a.id}&ids=${b.id}`]) {
      const { data } = await load(search);
      expect(data.selection).toBe(true);
      expect(data.rounds.map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id].sort());
    }
    expect((await load("?ids=987654321")).data).toMatchObject({ selection: true, rounds: [] });
    expect((await load("?ids=")).data).toMatchObject({ selection: true, rounds: [] });
    expect((await load("?ids=1,x")).status).toBe(400);
    expect((await load("")).data.selection).toBe(false);
  });

  it("saves new, changed and deleted rows and reloads with the real ids", async () => {
    const [kept, gone] = await Promise.all([makeRound(), makeRound()]);
    const name = `Multi ${uniq()}`;
    const answer = await post({
      shown: `${kept.id},${gone.id}`,
      ...row(0, { id: String(kept.id), version: String(kept.version), name: "Kept and renamed" }),
      ...row(1, { id: String(gone.id), version: String(gone.version), delete: "1" }),
      ...row(2, { id: "-1", name }),
    });
    expect(answer.status).toBe(302);
    const [created] = await testDb().select().from(rounds).where(eq(rounds.name, name));
    expect(answer.location).toBe(`/admin/rounds/multi-edit?ids=${kept.id},${created?.id}&saved=3`);
    expect((await roundRow(kept.id))?.name).toBe("Kept and renamed");
    expect(await roundRow(gone.id)).toBeUndefined();
    expect(await post({ shown: `${kept.id}` })).toMatchObject({ status: 200, data: { success: "No changes to save." } });
  });

  it("answers bad rows with 400 and errors by input name, and saves nothing", async () => {
    const name = `Never ${uniq()}`;
    const answer = await post({ shown: "", ...row(0, { id: "-1", name }), ...row(1, { id: "-2", name: "", payout: "x" }) });
    expect(answer).toMatchObject({
      status: 400,
      data: { fieldErrors: { "rows[1].name": "Name is required", "rows[1].payout": "Payout must be an amount in dollars, like 12.50" } },
    });
    expect(await testDb().select().from(rounds).where(eq(rounds.name, name))).toEqual([]);
    expect((await post({ "rows[0].id": "-1", "rows[2].id": "-2" })).status).toBe(400);
    expect((await post({ shown: "1,x", ...row(0, { id: "-1" }) })).status).toBe(400);
  });

  it("refuses the whole save when a deleted round has entries, naming the row", async () => {
    const [played, other, player] = await Promise.all([makeRound({ name: "Played" }), makeRound({ name: "Other" }), makePlayer()]);
    await makeEntry({ roundId: played.id, playerId: player.id });
    const answer = await post({
      shown: `${other.id},${played.id}`,
      ...row(0, { id: String(other.id), version: String(other.version), name: "Changed" }),
      ...row(1, { id: String(played.id), version: String(played.version), delete: "1", date: "2026-11-26", row: "2" }),
    });
    expect(answer).toMatchObject({
      status: 409,
      data: {
        formError: "Error saving rounds: Row 2 (Thu 11/26): This round has 1 entry, so it cannot be deleted. Remove its entries first.",
      },
    });
    expect((await roundRow(other.id))?.name).toBe("Other");
    expect(await roundRow(played.id)).toBeTruthy();
  });

  it("refuses a row read before another save of its round (ADR 20): 409 naming the row, nothing written", async () => {
    const round = await makeRound({ name: "Both tabs" });
    const loaded = await outcome(multiPage.loader(await argsFor("admin", `/admin/rounds/multi-edit?ids=${round.id}`)));
    const version = String(loaded.data.rounds[0].version);
    const mine = `New ${uniq()}`;
    const first = await post({ shown: `${round.id}`, ...row(0, { id: String(round.id), version, name: "First tab", date: "2031-03-13" }) });
    expect(first.status).toBe(302);
    const second = await post({
      shown: `${round.id}`,
      ...row(0, { id: String(round.id), version, name: "Second tab", date: "2031-03-13" }),
      ...row(1, { id: "-1", name: mine }),
    });
    expect(second).toMatchObject({
      status: 409,
      data: { formError: "Error saving rounds: Row 1 (Thu 3/13): This round changed since you opened it. Reload to see the new values." },
    });
    expect((await roundRow(round.id))?.name).toBe("First tab");
    expect(await testDb().select().from(rounds).where(eq(rounds.name, mine))).toEqual([]);
    const missing = await post({ shown: `${round.id}`, ...row(0, { id: String(round.id), name: "No version" }) });
    expect(missing).toMatchObject({
      status: 400,
      data: { fieldErrors: { "rows[0].version": "version is required: send the version of the round as you read it" } },
    });
  });

  it("a save that deletes every round in the editor says so instead of reloading it", async () => {
    const [a, b] = await Promise.all([makeRound(), makeRound()]);
    const answer = await post({
      shown: `${a.id},${b.id}`,
      ...row(0, { id: String(a.id), version: String(a.version), delete: "1" }),
      ...row(1, { id: String(b.id), version: String(b.version), delete: "1" }),
    });
    expect(answer).toMatchObject({ status: 200, data: { allDeleted: true, success: "Deleted 2 rounds. Back to the rounds…" } });
    expect(
      await testDb()
        .select()
        .from(rounds)
        .where(inArray(rounds.id, [a.id, b.id])),
    ).toEqual([]);
  });
});
