// `npm run admin:create -- --email E --password P [--name N] [--remote]`
// Creates an admin, or promotes an existing user (new password, unlocked, sessions ended),
// in the local D1 (or production with --remote).
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { z } from "zod";
import { hashPassword } from "../app/.server/auth/password";
import { EmailSchema, NameSchema, PasswordSchema } from "../app/schemas/auth";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string", default: "League Admin" },
    remote: { type: "boolean", default: false },
  },
});

const parsed = z.object({ email: EmailSchema, password: PasswordSchema, name: NameSchema }).safeParse(values);
if (!parsed.success) {
  console.error(`admin:create: ${parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; ")}`);
  console.error("usage: npm run admin:create -- --email E --password P [--name N] [--remote]");
  process.exit(2);
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const { email, password, name } = parsed.data;
const hash = await hashPassword(password);
const statement =
  `insert into users (name, email, password_hash, is_admin) values (${sqlText(name)}, ${sqlText(email)}, ${sqlText(hash)}, 1) ` +
  `on conflict(email) do update set is_admin = 1, locked = 0, password_hash = excluded.password_hash, session_version = session_version + 1;`;

const where = values.remote
  ? ["--remote"]
  : process.env.LEAGUE_PERSIST
    ? ["--local", "--persist-to", process.env.LEAGUE_PERSIST]
    : ["--local"];
const res = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", ...where, "--command", statement], {
  stdio: "inherit",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
});
if (res.status !== 0) process.exit(res.status ?? 1);
console.log(`Admin ready: ${email} (${values.remote ? "production" : "local"} D1). Log in at /admin/login.`);
