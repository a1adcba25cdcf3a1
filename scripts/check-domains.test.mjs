// `npm run lint` fails on an import cycle between service domains, on rounds importing a
// participant's domain, and on a league domain importing accounts (scripts/check-domains.mjs).
// Each case writes its own small tree of services.
//
//   node --test scripts/check-domains.test.mjs   (part of npm run test:scripts)
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

/** Runs the check on a tree of `files`: { "rounds/a.ts": "source" }. */
function check(files) {
  const root = mkdtempSync(join(tmpdir(), "league-domains-"));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    const at = join(root, "app/.server/services", path);
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, text);
  }
  const res = spawnSync(process.execPath, ["scripts/check-domains.mjs", "--root", root], { encoding: "utf8" });
  return { code: res.status, out: res.stdout + res.stderr };
}

const LAYERED = {
  "courses/courses.ts": "export const c = 1;\n",
  "players/players.ts": 'import { c } from "../courses/courses";\nexport const p = c;\n',
  "rounds/round-write.ts": 'import { p } from "../players/players";\nexport const r = p;\n',
  "money/in-round.ts": 'import { r } from "../rounds/round-write";\nexport const m = r;\n',
  "accounts/users.ts": 'import { p } from "../players/players";\nexport const u = p;\n',
};

test("a layered graph passes", () => {
  const { code, out } = check(LAYERED);
  assert.equal(code, 0, out);
  assert.match(out, /no cycle between service domains/);
});

test("a cycle between domains fails and names them", () => {
  const { code, out } = check({ ...LAYERED, "courses/courses.ts": 'import type { m } from "../money/in-round";\nexport const c = 1;\n' });
  assert.equal(code, 1, out);
  assert.match(out, /a cycle of 4 domains: courses, money, players, rounds/);
});

test("rounds importing a participant's domain fails, by re-export or dynamic import too", () => {
  for (const line of [
    'export { m } from "../money/in-round";\n',
    'export const later = () => import("~/.server/services/money/in-round");\n',
  ]) {
    const { code, out } = check({ ...LAYERED, "rounds/extra.ts": line });
    assert.equal(code, 1, out);
    assert.match(out, /rounds imports money/);
  }
});

test("a league domain importing accounts fails", () => {
  const { code, out } = check({ ...LAYERED, "money/mail.ts": 'import { u } from "../accounts/users";\nexport const x = u;\n' });
  assert.equal(code, 1, out);
  assert.match(out, /money imports accounts: app\/.server\/services\/money\/mail.ts/);
});
