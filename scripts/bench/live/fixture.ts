// The live bench's rounds (docs/performance.md, "Live scoring"), one per run: 150 players on
// published cards made as the app makes them (app/lib/cards/cards.ts: 38 cards), in a shotgun
// start, each card's first two players (and card 1's third, the phone that stays offline, and
// card 2's third, the flood's scorer) with a login and an approved claim. Written as SQL for
// `wrangler d1 execute --file`, with the plan the load reads (ids, cards, logins) beside it as JSON.
//
//   tsx scripts/bench/live/fixture.ts <sql out> <plan out> [runs]
import { writeFileSync } from "node:fs";
import { hashPassword } from "../../../app/.server/auth/password";
import { cardSizes, startingHoles } from "../../../app/lib/cards/cards";
import { insertRows } from "../../seed/sql";

const [sqlOut, planOut, runs = "1"] = process.argv.slice(2);
if (!sqlOut || !planOut) throw new Error("usage: fixture.ts <sql out> <plan out> [runs]");

const PLAYERS = 150;
const PASSWORD = "BenchPhone2026";
const DIVISIONS = ["MA1", "MA2", "MA3", "FA1"];
const now = Math.floor(Date.now() / 1000);

const sizes = cardSizes(PLAYERS, 4);
const starts = startingHoles(sizes.length, 18);
const hash = await hashPassword(PASSWORD);

/** One round's rows and plan; ids far above the demo league's, a thousand apart per run. */
function benchRound(run: number) {
  const BASE = 900_000 + run * 1000;
  const roundId = BASE + 1;
  const players: (string | number)[][] = [];
  const entries: (string | number)[][] = [];
  const cards: number[][] = [];
  const seats: number[][] = [];
  const users: (string | number | boolean)[][] = [];
  const claims: (string | number)[][] = [];
  const plan: { cardId: number; number: number; entries: number[]; phones: { email: string; entryId: number }[] }[] = [];
  let n = 0;
  for (const [i, size] of sizes.entries()) {
    const cardId = BASE + i + 1;
    cards.push([cardId, roundId, i + 1, starts[i]?.hole ?? 1, starts[i]?.slot ?? 0]);
    const card = { cardId, number: i + 1, entries: [] as number[], phones: [] as { email: string; entryId: number }[] };
    for (let position = 0; position < size; position++) {
      n += 1;
      const id = BASE + n;
      const division = DIVISIONS[n % DIVISIONS.length] ?? "MA1";
      players.push([id, "Bench", `Player ${run}-${n}`, division]);
      entries.push([id, roundId, id, division]);
      seats.push([id, cardId, position]);
      card.entries.push(id);
      // Card 1's third: the phone offline all round; card 2's third: the flood's scorer (./flood.mjs).
      if (position < 2 || (i < 2 && position === 2)) {
        const email = `bench-live-${run}-${n}@league.test`;
        users.push([id, `Bench Player ${run}-${n}`, email, hash, false]);
        claims.push([id, id, "approved"]);
        card.phones.push({ email, entryId: id });
      }
    }
    plan.push(card);
  }
  const sql = [
    ...insertRows(
      "rounds",
      ["id", "d", "n", "loc", "fee_pdga_cents", "fee_course_cents", "fee_other_cents", "ace_cents", "payout_cents", "cards_published_at"],
      [[roundId, now, `Bench live round ${run}`, "Bench Park", 50, 0, 0, 100, 450, now]],
    ),
    ...insertRows("players", ["id", "fn", "ln", "division"], players),
    ...insertRows("entries", ["id", "round_id", "player_id", "division"], entries),
    ...insertRows("cards", ["id", "round_id", "number", "start_hole", "start_slot"], cards),
    ...insertRows("card_players", ["entry_id", "card_id", "position"], seats),
    ...insertRows("users", ["id", "name", "email", "password_hash", "is_admin"], users),
    ...insertRows("claims", ["user_id", "player_id", "status"], claims),
  ];
  return { sql, plan: { roundId, cards: plan } };
}

const rounds = Array.from({ length: Number(runs) }, (_, run) => benchRound(run + 1));
writeFileSync(sqlOut, `${rounds.flatMap((r) => r.sql).join("\n")}\n`);
writeFileSync(planOut, JSON.stringify({ password: PASSWORD, rounds: rounds.map((r) => r.plan) }));
console.log(`${rounds.length} bench round(s) of ${PLAYERS} players on ${sizes.length} cards each.`);
