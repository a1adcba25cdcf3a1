// The push bench's round (docs/performance.md, "Cards published to 150 phones"): 150
// checked-in players on cards made as the app makes them (app/lib/cards/cards.ts), not yet
// published, each with an account, an approved claim and one phone subscribed to the local
// push stand-in. Written as SQL for `wrangler d1 execute --file`, with the plan (round, each
// phone's subscription id and keys, each player's card) beside it as JSON.
//
//   tsx scripts/bench/push/fixture.ts <sql out> <plan out> <stand-in origin> <time zone>
import { writeFileSync } from "node:fs";
import { newSubscriber } from "../../push-standin/decrypt";
import { cardSizes, startingHoles } from "../../../app/lib/cards/cards";
import { insertRows } from "../../seed/sql";

const [sqlOut, planOut, standIn, timeZone] = process.argv.slice(2);
if (!sqlOut || !planOut || !standIn || !timeZone) throw new Error("usage: fixture.ts <sql out> <plan out> <stand-in origin> <time zone>");

const PLAYERS = 150;
const DIVISIONS = ["MA1", "MA2", "MA3", "FA1"];
const now = Math.floor(Date.now() / 1000);
const BASE = 800_000 + (now % 1000) * 1000; // a fresh block of ids each run on the same state
const roundId = BASE + 1;
// Six hours away: no reminder (4 hours before) nor check-in (2 hours before) joins the cards in the bench.

const sizes = cardSizes(PLAYERS, 4);
const starts = startingHoles(sizes.length, 18);
const rows = { players: [], entries: [], cards: [], seats: [], users: [], claims: [], devices: [] } as Record<
  string,
  (string | number | boolean)[][]
>;
const phones: { subscriptionId: string; card: number; keys: { p256dh: string; auth: string }; privateKeyJwk: JsonWebKey }[] = [];
let n = 0;
for (const [i, size] of sizes.entries()) {
  const cardId = BASE + i + 1;
  rows.cards.push([cardId, roundId, i + 1, starts[i]?.hole ?? 1, starts[i]?.slot ?? 0]);
  for (let position = 0; position < size; position++) {
    n += 1;
    const id = BASE + n;
    const division = DIVISIONS[n % DIVISIONS.length] ?? "MA1";
    rows.players.push([id, "Bench", `Phone ${n}`, division]);
    rows.entries.push([id, roundId, id, division, now]);
    rows.seats.push([id, cardId, position]);
    rows.users.push([id, `Bench Phone ${n}`, `bench-push-${BASE}-${n}@league.test`, "x", false]);
    rows.claims.push([id, id, "approved"]);
    const subscriptionId = `bench-${BASE}-${n}`;
    const subscriber = await newSubscriber();
    rows.devices.push([id, `${standIn}/push/${subscriptionId}`, subscriber.keys.p256dh, subscriber.keys.auth]);
    phones.push({ subscriptionId, card: i + 1, keys: subscriber.keys, privateKeyJwk: subscriber.privateKeyJwk });
  }
}
/** A league table's rows, in the default league (id 1). */
const inLeague = (table: string, columns: string[], list: (string | number | boolean)[][]) =>
  insertRows(
    table,
    ["league_id", ...columns],
    list.map((row) => [1, ...row]),
  );
const sql = [
  // The league's clock in a zone where it is day now, so no push waits for the quiet hours' end (ADR 49).
  `update leagues set time_zone = '${timeZone.replace(/'/g, "")}' where is_default = 1;`,
  ...inLeague(
    "rounds",
    ["id", "d", "n", "loc", "fee_pdga_cents", "fee_course_cents", "fee_other_cents", "ace_cents", "payout_cents"],
    [[roundId, now + 6 * 3600, `Bench push round ${BASE}`, "Bench Park", 50, 0, 0, 100, 450]],
  ),
  ...inLeague("players", ["id", "fn", "ln", "division"], rows.players),
  ...inLeague("entries", ["id", "round_id", "player_id", "division", "checked_in_at"], rows.entries),
  ...inLeague("cards", ["id", "round_id", "number", "start_hole", "start_slot"], rows.cards),
  ...inLeague("card_players", ["entry_id", "card_id", "position"], rows.seats),
  ...insertRows("users", ["id", "name", "email", "password_hash", "is_admin"], rows.users),
  ...inLeague("claims", ["user_id", "player_id", "status"], rows.claims),
  ...insertRows("push_subscriptions", ["user_id", "endpoint", "p256dh", "auth"], rows.devices),
];
writeFileSync(sqlOut, `${sql.join("\n")}\n`);
writeFileSync(planOut, JSON.stringify({ roundId, phones }));
console.log(`A round of ${PLAYERS} players on ${sizes.length} cards, each with a subscribed phone.`);
