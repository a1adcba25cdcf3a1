// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are source code the check reads
// `npm run lint` fails on a literal app path outside the league-aware URL helper
// (scripts/check-paths.mjs, ADR 46). Each case writes its own small tree: app/routes.ts
// (whose routes name the paths) and the files under test.
//
//   node --test scripts/check-paths.test.mjs   (part of npm run test:scripts)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";

const dirs = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const ROUTES = `export default [
  route("login", "routes/login.tsx"),
  route("rounds/:roundId", "routes/round.tsx"),
  route("calendar.ics", "routes/calendar-ics.ts"),
  route("admin/users", "routes/admin-users.tsx"),
];
`;

/** Runs the check on a tree of `files` ({ "app/x.tsx": "source" }) beside ROUTES. */
function check(files) {
  const root = mkdtempSync(join(tmpdir(), "league-paths-"));
  dirs.push(root);
  for (const [path, text] of Object.entries({ "app/routes.ts": ROUTES, "workers/empty.ts": "", ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const res = spawnSync(process.execPath, ["scripts/check-paths.mjs", "--root", root], { encoding: "utf8" });
  return { code: res.status, out: res.stdout + res.stderr };
}

test("paths made by the helper pass", () => {
  const { code, out } = check({
    "app/components/links.tsx": [
      'export const A = () => <Link to={href("/rounds")}>Rounds</Link>;',
      "export const B = (id: number) => <Link to={href(`/rounds/${id}`)} />;",
      'export const C = () => <Form action={rootHref("/login")} />;',
      'export const D = (admin: boolean, id: number) => href(admin ? `/admin/users` : "/rounds");',
      'export const E = () => fetch(urls.apiUrl("/rounds"));',
      // Not app paths: a separator, a path that no route starts, a word inside text.
      'export const F = (a: string[]) => a.join("/") + "/assets/x.js" + "see /rounds";',
    ].join("\n"),
  });
  assert.equal(code, 0, out);
  assert.match(out, /no literal app path/);
});

test("a literal app path fails, each kind named by file and line", () => {
  const { code, out } = check({
    "app/components/links.tsx": [
      'export const A = () => <Link to="/rounds">Rounds</Link>;', // 1: a JSX attribute
      "export const B = (id: number) => <Link to={`/rounds/${id}`} />;", // 2: a template
      'export const C = () => redirect("/login?redirectTo=%2F");', // 3: a deployment page
      "export const D = (o: string) => `${o}/calendar.ics`;", // 4: after an origin
      'export const E = () => fetch("/api/players");', // 5: the /api
      'export const F = () => <Link to="/">Home</Link>;', // 6: the bare home
      'export const G = () => [{ to: "/admin/users" }];', // 7: in data
    ].join("\n"),
  });
  assert.equal(code, 1, out);
  for (const [line, text] of [
    [1, "/rounds"],
    [2, "/rounds/"],
    [3, "/login?redirectTo=%2F"],
    [4, "/calendar.ics"],
    [5, "/api/players"],
    [6, "/"],
    [7, "/admin/users"],
  ]) {
    assert.ok(out.includes(`app/components/links.tsx:${line}: "${text}"`), `line ${line} (${text}) not reported:\n${out}`);
  }
  assert.match(out, /7 literal app path\(s\)/);
});

test("a helper of another name does not excuse a path", () => {
  const { code, out } = check({ "workers/mail.ts": 'export const link = (o: string) => other(`${o}/rounds/1`) + wrap("/admin/users");\n' });
  assert.equal(code, 1, out);
  assert.match(out, /workers\/mail\.ts:1: "\/rounds\/1"/);
  assert.match(out, /workers\/mail\.ts:1: "\/admin\/users"/);
});

test("Hono's route patterns pass in workers/api only; tests are not walked", () => {
  const hono = 'export const r = app.route("/rounds", x).get("/rounds/:id", h).post("/admin/users", h);\n';
  assert.equal(check({ "workers/api/rounds.ts": hono }).code, 0);
  const elsewhere = check({ "app/.server/x.ts": hono });
  assert.equal(elsewhere.code, 1, elsewhere.out);
  assert.equal(check({ "app/x.test.ts": 'expect(path).toBe("/rounds");\n' }).code, 0);
});

test("a route added to app/routes.ts is a path the check knows", () => {
  const { code, out } = check({
    "app/routes.ts": `${ROUTES}route("courses", "routes/courses.tsx");\n`,
    "app/x.ts": 'export const c = "/courses";\n',
  });
  assert.equal(code, 1, out);
  assert.match(out, /app\/x\.ts:1: "\/courses"/);
});
