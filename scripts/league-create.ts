// `npm run league:create -- --name N --slug S --owner EMAIL [--zone TZ] [--remote]`
// The operator makes a league with its owner (ADR 46) in the local D1 (or production with
// --remote): the same statements as POST /api/admin/leagues
// (app/.server/services/accounts/league-create-sql.ts), sent as one `wrangler d1 execute`, so
// both refuse and write alike. The owner must have an account already; the address must be free.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { newJoinCode } from "../app/lib/accounts/join-codes";
import { LEAGUE_CREATE_MESSAGES, leagueCreateStatements } from "../app/.server/services/accounts/league-create-sql";
import { NewLeagueSchema } from "../app/schemas/leagues";

const USAGE = "usage: npm run league:create -- --name N --slug S --owner EMAIL [--zone America/Chicago] [--remote]";

const { values } = parseArgs({
  options: {
    name: { type: "string" },
    slug: { type: "string" },
    owner: { type: "string" },
    zone: { type: "string" },
    remote: { type: "boolean", default: false },
  },
});
const parsed = NewLeagueSchema.safeParse({ name: values.name, slug: values.slug, owner_email: values.owner, time_zone: values.zone });
if (!parsed.success) {
  console.error(`league:create: ${parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; ")}`);
  console.error(USAGE);
  process.exit(2);
}
const league = parsed.data;

const literal = (v: unknown) =>
  v === null || v === undefined ? "null" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
const dialect = new SQLiteAsyncDialect();
/** A statement with its values written in (wrangler's --command takes no parameters). */
function inline(statement: ReturnType<typeof leagueCreateStatements>[number]): string {
  const { sql, params } = dialect.sqlToQuery(statement);
  let i = 0;
  return `${sql.replace(/\?/g, () => literal(params[i++]))};`;
}

const where = values.remote
  ? ["--remote"]
  : process.env.LEAGUE_PERSIST
    ? ["--local", "--persist-to", process.env.LEAGUE_PERSIST]
    : ["--local"];
function d1(command: string, json = false) {
  return spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", ...where, ...(json ? ["--json"] : []), "--command", command], {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
}

const check = d1(
  `select (select json_object('id', id, 'name', name) from users where email = ${literal(league.owner_email)}) as owner, (select count(*) from leagues where lower(slug) = ${literal(league.slug)}) as taken`,
  true,
);
if (check.status !== 0) {
  process.stderr.write(check.stderr ?? "");
  process.exit(check.status ?? 1);
}
const [{ results }] = JSON.parse(check.stdout) as [{ results: { owner: string | null; taken: number }[] }];
const owner = results[0]?.owner ? (JSON.parse(results[0].owner) as { id: number; name: string }) : null;
if (!owner) {
  console.error(`league:create: ${LEAGUE_CREATE_MESSAGES.noOwner}`);
  process.exit(2);
}
if (results[0]?.taken) {
  console.error(`league:create: ${LEAGUE_CREATE_MESSAGES.taken(league.slug)}`);
  process.exit(2);
}
const made = d1(
  leagueCreateStatements(league, { userId: null, role: "system", name: "league:create" }, owner, newJoinCode()).map(inline).join(" "),
);
if (made.status !== 0) {
  process.stderr.write(made.stderr ?? "");
  process.exit(made.status ?? 1);
}
console.log(
  `League ready: ${league.name} at /l/${league.slug}, owned by ${league.owner_email} (${values.remote ? "production" : "local"} D1).`,
);
