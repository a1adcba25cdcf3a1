// Demo league for local development: writes one SQL file of INSERTs for
// `wrangler d1 execute DB --local --file FILE` and prints what it wrote, then the demo
// logins (--logins prints only those, for a database seeded earlier; with --scale, the
// scale league's).
//
//   npx tsx scripts/seed.ts --out FILE [--scale] [--now EPOCH_SECONDS] [--tz America/Chicago]
//   npx tsx scripts/seed.ts --logins [--scale]
//
// League data is a pure function of --now and --tz (fixed PRNG seeds); only the
// password hashes change between runs (random salts). Run it on an empty, migrated
// database: the rows carry explicit ids.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { hashPassword } from "../app/.server/auth/password";
import { nowSeconds } from "../app/lib/shared/time";
import { ADMIN_LOGIN, PLAYER_EMAILS, PLAYER_PASSWORD } from "./seed/accounts";
import { buildLeague } from "./seed/league";
import { buildScaleLeague } from "./seed/scale";
import { renderSql } from "./seed/render";
import { renderSecondLeague } from "./seed/second-league";
import { DEFAULT_LEAGUE_ID } from "../app/.server/db/tables/leagues";

const USAGE = "usage: tsx scripts/seed.ts --out FILE [--scale] [--now EPOCH_SECONDS] [--tz IANA_ZONE] | --logins [--scale]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const SEED_OPTIONS = {
  out: { type: "string" },
  now: { type: "string" },
  tz: { type: "string" },
  logins: { type: "boolean" },
  scale: { type: "boolean" },
  help: { type: "boolean" },
} as const;

function printLogins(scale: boolean) {
  if (scale) {
    console.log(
      `Scale logins — admin: ${ADMIN_LOGIN.email} / ${ADMIN_LOGIN.password}; players: scale1…scale1500@league.test / ${PLAYER_PASSWORD}`,
    );
    return;
  }
  console.log(`Demo logins — admin: ${ADMIN_LOGIN.email} / ${ADMIN_LOGIN.password}`);
  console.log(`              players: ${PLAYER_EMAILS.join(", ")} / ${PLAYER_PASSWORD}`);
  console.log("              (player1 and player2 have approved claims, player3 a pending one, player4 none, player5 a conflict)");
  console.log("              a second league at /l/thursday: player1 plays there too and directs it; the admin owns it");
}

function options() {
  let values: ReturnType<typeof parseArgs<{ options: typeof SEED_OPTIONS }>>["values"] = {};
  try {
    ({ values } = parseArgs({ options: SEED_OPTIONS }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.logins) {
    printLogins(values.scale ?? false);
    process.exit(0);
  }
  if (!values.out) fail("--out is required");
  const now = values.now === undefined ? nowSeconds() : Number(values.now);
  if (!Number.isSafeInteger(now) || now <= 0) fail(`--now must be epoch seconds, got ${values.now}`);
  const timeZone = values.tz ?? process.env.LEAGUE_TIMEZONE ?? "America/Chicago";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    fail(`--tz must be an IANA time zone, got ${timeZone}`);
  }
  return { out: values.out, now, timeZone, scale: values.scale ?? false };
}

const { out, now, timeZone, scale } = options();
const started = performance.now();
const league = scale ? buildScaleLeague(now, timeZone) : buildLeague(now, timeZone);
// One hash per distinct password: the scale league's 1,500 users share the players' one.
const hashOf = new Map(
  await Promise.all([...new Set(league.users.map((u) => u.password))].map(async (p) => [p, await hashPassword(p)] as const)),
);
const hashes = league.users.map((u) => hashOf.get(u.password) ?? "");
const statements = renderSql(league, hashes, DEFAULT_LEAGUE_ID);
// The demo's second league beside it (ADR 46): player1 plays in both and directs this one.
const member = league.users.find((u) => u.email === PLAYER_EMAILS[0]);
if (!scale && member) statements.push(...renderSecondLeague(now, timeZone, member, ADMIN_LOGIN.email));
writeFileSync(out, `${statements.join("\n")}\n`);
const ms = Math.round(performance.now() - started);

// The pot as the Aces page shows it (ADR 21): fees of rounds started by now, less aces paid until now.
const roundOf = new Map(league.rounds.map((r) => [r.id, r]));
const feesIn = league.entries.reduce((cents, e) => {
  const round = roundOf.get(e.roundId);
  return cents + (e.ace && round && round.startsAt <= now ? round.aceCents : 0);
}, 0);
const potNow = feesIn - league.aces.reduce((cents, a) => cents + (a.date <= now ? a.amountCents : 0), 0);
const divisions = new Set(league.players.map((p) => p.division)).size;
const count = (kind: string) => league.rounds.filter((r) => r.kind === kind).length;
console.log(
  `Wrote ${out}: ${statements.length} statements, ${league.courses.length} courses (${league.layouts.length} layouts), ` +
    `${league.players.length} players (${divisions} divisions), ` +
    `${league.rounds.length} rounds (${count("past")} past, ${count("next")} this week, ${count("upcoming")} upcoming), ` +
    `${league.entries.length} entries, ${league.aces.length} aces (pot now $${(potNow / 100).toFixed(2)}), ` +
    `${league.transfers.length} transfers, ${league.payments.length} payments — ${ms} ms`,
);
printLogins(scale);
