// The record's rounds in the states the demo seed has none of, made through the admin's
// /api before the walk, the same on every run of a day: dates from the pinned seed day,
// fixed names, the seed's own players (rated, so a balanced draw is always the same teams).
// A full round with player2 on its waitlist; a doubles round, teams drawn, with a side pot
// one player is in; a live round, its card published and scored on hole 1. No finished
// scores: a score queues a ratings job, which would write during the walk.

/**
 * Makes the rounds; returns their ids. `as(role, method, path, body)` sends a JSON call as
 * that role (admin, player2); `form(path, fields)` posts a route's form as the admin;
 * `loaderData(path)` is a page's loader data as the admin reads it.
 */
export async function recordRounds({ day, as, form, loaderData }) {
  const at = (days, hour) => day + days * 86_400 + hour * 3_600;
  const round = async (name, d, more = {}) =>
    (
      await as("admin", "POST", "/api/admin/round/", {
        d,
        n: name,
        loc: "Riverside Park DGC",
        fee_pdga: 0.5,
        fee_course: 0,
        fee_other: 0,
        ace: 0,
        payout: 4.5,
        ...more,
      })
    ).id;
  const enter = async (roundId, player) =>
    (await as("admin", "POST", "/api/admin/entry/add", { values: { round_id: roundId, player, division: "MA2" } })).newEntry.id;
  const players = (await as("admin", "GET", "/api/players")).filter((p) => !p.inactive && p.roundCount > 5).map((p) => p.id);

  // Full: its one place taken, player2 waiting.
  const capped = await round("Walk full round", at(5, 0));
  await as("admin", "POST", "/api/admin/round/openForRegistration", { id: capped, openForRegistration: true });
  await enter(capped, players[0]);
  const version = (await as("admin", "GET", `/api/rounds/round/${capped}`)).version;
  await as("admin", "PUT", `/api/admin/rounds/${capped}/caps`, { version, field_cap: 1 });
  await as("player2", "POST", `/api/rounds/${capped}/waitlist`, { division: "MA2" });

  // Doubles, yesterday: four checked in, teams drawn by rating, a side pot with one player in.
  const doubles = await round("Walk doubles round", at(-1, 0), { doubles: true });
  const entries = [];
  for (const player of players.slice(1, 5)) {
    const id = await enter(doubles, player);
    await as("admin", "POST", `/api/admin/rounds/${doubles}/check-in`, { entry_id: id });
    entries.push(id);
  }
  await form(`/admin/round/night/${doubles}`, { intent: "drawTeams", version: "0", mode: "balanced" });
  await form(`/admin/round/night/${doubles}`, { intent: "addPot", name: "Walk CTP", kind: "ctp", buy_in: "2", holes: "3" });
  const [pot] = (await loaderData(`/admin/round/night/${doubles}`)).sidePots;
  await form(`/admin/round/night/${doubles}`, { intent: "potPlayer", pot_id: String(pot.id), entry_id: String(entries[0]), join: "1" });

  // Live: started at the top of the pinned day (today, by the league's ±24 h), its one card
  // published and hole 1 scored on the card.
  const live = await round("Walk live round", at(0, 0));
  const liveEntries = [];
  for (const player of players.slice(5, 7)) {
    const id = await enter(live, player);
    await as("admin", "POST", `/api/admin/rounds/${live}/check-in`, { entry_id: id });
    liveEntries.push(id);
  }
  const made = await as("admin", "POST", `/api/admin/rounds/${live}/cards`, { version: 0, mode: "rating", start: "tee_times" });
  await as("admin", "POST", `/api/admin/rounds/${live}/cards/publish`, { version: made.version });
  const now = Math.floor(Date.now() / 1000);
  await as("admin", "POST", `/api/live/${live}/changes`, {
    changes: liveEntries.map((entryId) => ({ id: `walk-${entryId}`, at: now, kind: "strokes", entryId, hole: 1, strokes: 3 })),
  });
  return [capped, doubles, live];
}
