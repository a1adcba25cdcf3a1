// `npm run admin:create -- --email E --password P [--name N] [--operator] [--remote]`
// Creates an account, or resets an existing one (new password, unlocked, sessions ended), in
// the local D1 (or production with --remote), and gives it a standing (ADR 47):
//   --operator  the deployment's operator: every league's admin pages, and the accounts.
//   (without)   the owner of the default league: all of its admin pages and its roles. A
//               league has one owner: if another account owns it already, nothing is written
//               and the script says who to ask (the owner grants roles on /admin/users).
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { z } from "zod";
import { hashPassword } from "../app/.server/auth/password";
import { EmailSchema, NameSchema, PasswordSchema } from "../app/schemas/auth";

const USAGE = "usage: npm run admin:create -- --email E --password P [--name N] [--operator] [--remote]";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string", default: "League Admin" },
    operator: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
  },
});

const parsed = z.object({ email: EmailSchema, password: PasswordSchema, name: NameSchema }).safeParse(values);
if (!parsed.success) {
  console.error(`admin:create: ${parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; ")}`);
  console.error(USAGE);
  process.exit(2);
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const { email, password, name } = parsed.data;
const operator = values.operator === true;
const hash = await hashPassword(password);
const account =
  `insert into users (name, email, password_hash, is_admin) values (${sqlText(name)}, ${sqlText(email)}, ${sqlText(hash)}, ${operator ? 1 : 0}) ` +
  `on conflict(email) do update set ${operator ? "is_admin = 1, " : ""}locked = 0, password_hash = excluded.password_hash, session_version = session_version + 1;`;
// The default league's owner, unless another account owns it: the one-owner index refuses
// the insert then, and the whole command (one transaction) writes nothing.
const owner =
  "insert into memberships (league_id, user_id, role) " +
  `select l.id, u.id, 'owner' from leagues l, users u where l.is_default = 1 and u.email = ${sqlText(email)} ` +
  "on conflict (league_id, user_id) do update set role = 'owner';";
const statement = operator ? account : `${account} ${owner}`;

const where = values.remote
  ? ["--remote"]
  : process.env.LEAGUE_PERSIST
    ? ["--local", "--persist-to", process.env.LEAGUE_PERSIST]
    : ["--local"];
const res = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", ...where, "--command", statement], {
  stdio: ["inherit", "inherit", "pipe"],
  encoding: "utf8",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
});
if (res.status !== 0) {
  process.stderr.write(res.stderr ?? "");
  if (/memberships\.league_id|memberships_one_owner/.test(res.stderr ?? ""))
    console.error("admin:create: the default league already has an owner. Ask them to grant a role on /admin/users, or pass --operator.");
  process.exit(res.status ?? 1);
}
const what = operator ? "Operator" : "Owner of the default league";
console.log(`${what} ready: ${email} (${values.remote ? "production" : "local"} D1). Log in at /admin/login.`);
