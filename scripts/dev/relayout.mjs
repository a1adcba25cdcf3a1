#!/usr/bin/env node
// Moves the server's files into the layout below and rewrites every path that names one of
// them: import specifiers (relative, `~/`, with or without an extension, `import type`,
// `export … from`, dynamic `import()`, `vi.mock`-like calls), and paths in comments, docs,
// ADRs and configs. Re-runnable: a move already made is passed over, a move whose source
// is gone is reported and skipped, and a file nobody placed is reported.
//
//   node scripts/dev/relayout.mjs             move, rewrite, rename, then `biome check --write` what changed
//   node scripts/dev/relayout.mjs --dry-run   print what it would do, change nothing
//   node scripts/dev/relayout.mjs --no-biome  leave formatting of the changed files to you
//
// Exits 1 when something needs a person: a path it could not resolve, a move whose target
// is taken, a new file in app/.server it does not know where to put.
//
// THE LAYOUT (app/.server holds what only the server runs; `.server` keeps it out of the
// client bundle):
//   services/           the rules, one folder per domain; loaders, actions and /api handlers call them
//     rounds/           rounds, a round's page, its entries (commitRoundChange is the one write of
//                       entries), entry and round admin, row versions, opening registration and its
//                       mails, the calendar feeds
//     money/            credit balance, transfers, aces and the ace pot, payments, cash, refunds,
//                       withdrawals, money to sort out, the reports and the books check
//     signup/           a player signing up for a round: the quote, by credit, through PayPal
//                       (orders, capture, webhook events, expiry)
//     players/          players, a player's page and score history, player admin, claims and own records
//     ratings/          stored round ratings, when they go stale, a player's rating and handicap
//     standings/        a season's standings and the league settings that score them
//     accounts/         accounts, sessions, password resets, user admin, abuse limits, mail preferences
//     audit/            the audit log, put into words, and its filters
//   db/                 drizzle schema, client, batch guards, text search, chunking of bound ids
//   auth/               sessions (JWT, cookies), password hashing, guards, unsubscribe links
//   mail/               sending mail, and the mails' text
//   paypal/             PayPal's HTTP client, its wire format and webhook events
//   app-url, cache-tags, client-address, errors, forms (handleForm), jobs, league, route-context:
//                       what every route, handler or service shares
// A page's form adapter (parse the form with its schema, call the service, answer) lives
// beside its route: app/routes/<form>.server.ts. Which tables purge which cache tags is
// said where the Worker's purge step is, not here.
//
// Words: "registration" is a round's being open or closed for sign-up (the UI's
// "Registration: Open", the column openForRegistration, its mails); making a user is
// "creating an account" (the /register URL and POST /api/users/register keep their names).
// A player's "form" was both the edit-player form and their rating and handicap: the latter
// is now "rating and handicap" (the card's title), the former "player admin form".
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, posix, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(ROOT);
const SELF = "scripts/dev/relayout.mjs";
const argv = new Set(process.argv.slice(2));
const DRY = argv.has("--dry-run");
const BIOME = !argv.has("--no-biome");
for (const a of argv) {
  if (!["--dry-run", "--no-biome"].includes(a)) {
    console.error(`unknown option ${a} (--dry-run, --no-biome)`);
    process.exit(2);
  }
}

// ---------------------------------------------------------------------------------------
// The mapping: old path → new path, from the repository's root.
const SV = "app/.server/services";
/** Each domain folder and its files: a name kept, or [old name, new name]. */
const DOMAINS = {
  // home-page: the rounds page's read model (from the branch that renders it with the UI kit).
  rounds: [
    "rounds",
    "round-page",
    "home-page",
    "round-admin",
    "round-entries",
    "entries",
    "entry-admin",
    "versions",
    "registration",
    ["registration-mail", "registration-mails"],
    "calendar",
  ],
  money: [
    "balance",
    "ledger",
    "transfers",
    "aces",
    "ace-pot",
    "ace-pot-refusal",
    "cash",
    "payments",
    "refunds",
    "money-issues",
    "money-sql",
    "round-money",
    "book-flags",
    "reports",
    "withdrawal",
    "withdrawal-messages",
  ],
  // webhook-events: PayPal's event ids as seen and applied (from the branch that gives them one reader).
  signup: ["signup", "paypal-order", "paypal-signup", "paypal-events", "paypal-expiry", "webhook-events"],
  players: ["players", "player-page", "player-admin", "score-history", "claims", "claim-state", "own-claim", "own-records"],
  ratings: [
    ["ratings", "round-ratings"],
    ["player-form", "rating-and-handicap"],
  ],
  standings: ["standings", ["settings", "league-settings"]],
  accounts: ["accounts", "sessions", "password-reset", "reset-mail", "user-admin", "rate-limit", "mail-prefs"],
  audit: ["audit-log", "audit-words", "audit-fields", "audit-filters"],
};
/** Page form adapters, from app/.server to beside their routes: [old name, new name]. */
const ROUTE_FORMS = [
  ["calendar-form", "calendar-form"],
  ["claim-decision", "claim-decision"],
  ["claim-form", "claim-form"],
  ["entry-form", "entry-form"],
  ["entry-money-form", "entry-money-form"],
  ["ledger-form", "ledger-form"],
  ["login-answer", "login-answer"],
  ["mail-optin-form", "mail-optin-form"],
  ["player-form", "player-admin-form"],
  ["withdraw-form", "withdraw-form"],
];
const MOVES = [
  ...Object.entries(DOMAINS).flatMap(([dir, names]) =>
    names.map((n) => {
      const [from, to] = Array.isArray(n) ? n : [n, n];
      return [`${SV}/${from}.ts`, `${SV}/${dir}/${to}.ts`];
    }),
  ),
  [`${SV}/ids.ts`, "app/.server/db/chunk.ts"],
  ["app/.server/ratings-trigger.ts", `${SV}/ratings/ratings-trigger.ts`],
  ...ROUTE_FORMS.map(([from, to]) => [`app/.server/${from}.ts`, `app/routes/${to}.server.ts`]),
  ["workers/api/serializers/player-form.ts", "workers/api/serializers/rating-and-handicap.ts"],
  ["app/components/player-form-card.tsx", "app/components/rating-and-handicap-card.tsx"],
];
/** Exported names that follow their file's new name: renamed where declared and where imported. */
const RENAMES = [
  { module: `${SV}/ratings/rating-and-handicap.ts`, from: "playerForm", to: "ratingAndHandicap" },
  { module: `${SV}/ratings/rating-and-handicap.ts`, from: "PlayerForm", to: "RatingAndHandicap" },
  { module: `${SV}/ratings/rating-and-handicap.ts`, from: "FormRound", to: "HistoryRound" },
  { module: "workers/api/serializers/rating-and-handicap.ts", from: "playerFormJson", to: "ratingAndHandicapJson" },
  { module: "app/components/rating-and-handicap-card.tsx", from: "PlayerFormCard", to: "RatingAndHandicapCard" },
  { module: `${SV}/accounts/accounts.ts`, from: "registerAndStartSession", to: "createAccountAndStartSession" },
  { module: `${SV}/accounts/accounts.ts`, from: "register", to: "createAccount" },
];
/** What stays at app/.server's root: shared by routes, handlers and services alike. */
const SERVER_ROOT_KEEP = [
  "app-url.ts",
  "cache-tags.ts",
  "client-address.ts",
  "errors.ts",
  "forms.ts",
  "jobs.ts",
  "league.ts",
  "route-context.ts",
];

// ---------------------------------------------------------------------------------------
// The files whose text may name a moved file.
const TEXT_EXT = /\.(m?[jt]sx?|cjs|cts|json|md|toml|ya?ml)$/;
const CODE_EXT = /\.(m?[jt]sx?|cjs|cts)$/;
const SKIP = /^(migrations|public|node_modules|build|\.react-router|\.wrangler)\/|(^|\/)package-lock\.json$/;

const git = (...args) => execFileSync("git", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const isFile = (p) => existsSync(p) && statSync(p).isFile();
const textFiles = () =>
  git("ls-files", "--cached", "--others", "--exclude-standard", "-z")
    .split("\0")
    .filter((f) => f && f !== SELF && !SKIP.test(f) && (TEXT_EXT.test(f) || f === ".ci/run") && isFile(f));
const lineOf = (text, index) => text.slice(0, index).split("\n").length;

const dirty = git("status", "--porcelain")
  .split("\n")
  .filter((l) => l && !l.endsWith(SELF) && !l.endsWith("scripts/dev/"));
if (dirty.length > 0 && !DRY)
  console.log(`note: ${dirty.length} uncommitted change(s) in the work tree; commit first to see this run alone in git diff`);

const report = { moved: [], done: [], gone: [], conflicts: [], unplaced: [], unresolved: [], renamed: [], renameSkipped: [], check: [] };

// ---------------------------------------------------------------------------------------
// 1. Which moves apply.
const moveMap = new Map(); // old → new, for the moves made in this run
const doneMap = new Map(); // old → new, for the moves made in an earlier run
for (const [from, to] of MOVES) {
  const src = isFile(from);
  const dst = isFile(to);
  if (src && dst) report.conflicts.push(`${from} → ${to}: both exist; moved neither`);
  else if (src) moveMap.set(from, to);
  else if (dst) doneMap.set(from, to);
  else report.gone.push(`${from} (neither it nor ${to} exists: skipped)`);
}
const oldOf = new Map([...moveMap].map(([o, n]) => [n, o]));
const doneOldOf = new Map([...doneMap].map(([o, n]) => [n, o]));

// ---------------------------------------------------------------------------------------
// 2. Resolving a path as a file names it.
const CANDIDATE_EXT = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** The file a path names (as written, or with an extension or /index added) where `exists` says so, or null. */
function findFile(joined, exists) {
  for (const ext of CANDIDATE_EXT) {
    const p = joined + ext;
    if (exists(p)) return { path: p, ext };
  }
  return null;
}

/** How a token names a path (its kind) and the repository path it names, extension or not. */
function tokenBase(token, fileDir) {
  if (token.startsWith("~/")) return { kind: "alias", joined: posix.join("app", token.slice(2)) };
  if (token.startsWith("./") || token.startsWith("../")) return { kind: "relative", joined: posix.join(fileDir, token) };
  if (/^(app|workers|tests|scripts|docs)\//.test(token)) return { kind: "root", joined: posix.normalize(token) };
  // Partial mentions in prose ("services/ratings.ts"): only with an extension, so a word is never taken for a path.
  if (!/\.(tsx?|mjs)$/.test(token)) return null;
  if (token.startsWith("services/")) return { kind: "services", joined: posix.join("app/.server", token) };
  if (token.startsWith(".server/")) return { kind: "server", joined: posix.join("app", token) };
  return null;
}

/** Exists in the tree as it was before this run's moves. */
const existedBefore = (p) => (moveMap.has(p) || isFile(p)) && !oldOf.has(p);

const TOKEN = /(?<![\w./~@$-])(?:~\/|\.\.?\/|(?:app|workers|tests|scripts|docs|services)\/|\.server\/)[\w./+@-]*/g;

/**
 * Where a token found in `file` pointed before this run, and what it should say after it.
 * `file` is the path before the move. Returns null when the token needs no change.
 */
function planToken(file, raw) {
  const token = raw.replace(/\.+$/, "");
  if (!token || token.includes("/+types/")) return null;
  const fileNew = moveMap.get(file) ?? file;
  const fileDir = posix.dirname(file);
  const base = tokenBase(token, fileDir);
  if (!base) return null;
  let hit = findFile(base.joined, existedBefore);
  let stale = false;
  if (!hit) {
    // A path left behind by an earlier, interrupted run: the target moved already.
    const viaDone = findFile(base.joined, (p) => doneMap.has(p));
    if (viaDone) hit = { path: viaDone.path, ext: viaDone.ext };
    // A file moved by an earlier run whose relative paths were not yet rewritten.
    else if (base.kind === "relative" && doneOldOf.has(file)) {
      const oldDir = posix.dirname(doneOldOf.get(file));
      hit = findFile(posix.join(oldDir, token), (p) => isFile(p) || doneMap.has(p));
    }
    if (!hit) return null;
    stale = true;
  }
  const target = hit.path;
  const targetNew = moveMap.get(target) ?? doneMap.get(target) ?? target;
  const fileMoved = fileNew !== file || (stale && base.kind === "relative");
  if (targetNew === target && !fileMoved) return null;
  if (targetNew === target && fileMoved && base.kind !== "relative") return null;
  const text = spell(base.kind, fileNew, targetNew, hit.ext);
  return text === token ? null : { from: token, to: text, target, targetNew };
}

const stripExt = (p) => p.replace(/\.(tsx?|mts|mjs|js)$/, "");
/** The part of app/ a path is in (app/.server, app/routes, …), or its top folder. */
const areaOf = (p) => (p.startsWith("app/.server/") ? "app/.server" : p.startsWith("app/") ? `app/${p.split("/")[1]}` : p.split("/")[0]);

/** The new token, in the kind of the old one where that still reads well. */
function spell(kind, fileNew, targetNew, ext) {
  const named = ext === "" ? targetNew : ext.startsWith("/index") ? posix.dirname(targetNew) : stripExt(targetNew);
  const fileDir = posix.dirname(fileNew);
  const relativeTo = () => {
    const r = posix.relative(fileDir, named);
    return r.startsWith("../") ? r : `./${r}`;
  };
  const inApp = (p) => p.startsWith("app/");
  switch (kind) {
    case "alias":
      if (inApp(fileNew) && posix.dirname(targetNew) === fileDir) return relativeTo();
      return inApp(named) ? `~/${named.slice(4)}` : relativeTo();
    case "relative":
      if (inApp(fileNew) && inApp(targetNew) && areaOf(fileNew) !== areaOf(targetNew)) return `~/${named.slice(4)}`;
      return relativeTo();
    case "services":
      return named.startsWith(`${SV}/`) ? named.slice("app/.server/".length) : named;
    case "server":
      return named.startsWith("app/.server/") ? named.slice(4) : named;
    default:
      return named;
  }
}

// ---------------------------------------------------------------------------------------
// 3. Plan every edit against the tree as it is now, before anything moves; note the
// specifiers that name no file already, so that only new ones are laid at this run's door.
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\b(?:vi\.(?:mock|doMock|unmock|importActual|importMock)|require)\s*\(\s*)["']([^"']+)["']/g;
function unresolvedSpecifiers(list) {
  const out = new Map(); // "file: spec" → "file:line: spec"
  for (const file of list.filter((f) => CODE_EXT.test(f))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1];
      if (!(spec.startsWith(".") || spec.startsWith("~/")) || spec.includes("/+types/")) continue;
      if (!resolveSpecifier(file, spec)) out.set(`${file}: ${spec}`, `${file}:${lineOf(text, m.index)}: "${spec}"`);
    }
  }
  return out;
}
const files = textFiles();
const unresolvedBefore = unresolvedSpecifiers(files);
const edits = new Map(); // path before the move → [{ index, length, to }]
for (const file of files) {
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(TOKEN)) {
    const plan = planToken(file, m[0]);
    if (!plan) continue;
    if (!edits.has(file)) edits.set(file, []);
    edits.get(file).push({ index: m.index, length: plan.from.length, from: plan.from, to: plan.to });
  }
}

// ---------------------------------------------------------------------------------------
// 4. Move, then write the edits into each file at its new place.
const changed = new Set();
if (!DRY) {
  const tracked = new Set(git("ls-files", "-z").split("\0"));
  for (const [from, to] of moveMap) {
    mkdirSync(posix.dirname(to), { recursive: true });
    if (tracked.has(from)) git("mv", from, to);
    else renameSync(from, to);
    report.moved.push(`${from} → ${to}${tracked.has(from) ? "" : " (untracked: moved without git)"}`);
    removeEmptyDirs(posix.dirname(from));
  }
  for (const [file, list] of edits) {
    const at = moveMap.get(file) ?? file;
    let text = readFileSync(at, "utf8");
    for (const e of [...list].sort((a, b) => b.index - a.index)) text = text.slice(0, e.index) + e.to + text.slice(e.index + e.length);
    writeFileSync(at, text);
    changed.add(at);
  }
} else {
  for (const [from, to] of moveMap) report.moved.push(`${from} → ${to} (dry run)`);
}
for (const [from, to] of doneMap) report.done.push(`${from} → ${to}`);

function removeEmptyDirs(dir) {
  while (dir.startsWith("app/") && existsSync(dir) && readdirSync(dir).length === 0) {
    rmdirSync(dir);
    dir = posix.dirname(dir);
  }
}

// ---------------------------------------------------------------------------------------
// 5. Renamed exports: every identifier that is the name (not a property key or a member
// access), in the declaring file and in each file that imports it from there.
function resolveSpecifier(file, spec) {
  const base = tokenBase(spec.split("?")[0], posix.dirname(file));
  if (!base || !["alias", "relative"].includes(base.kind)) return null;
  return findFile(base.joined, isFile)?.path ?? null;
}

function identifierEdits(file, text, rule) {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : file.endsWith(".mjs") || file.endsWith(".js") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out = [];
  let imports = file === rule.module;
  let collision = false;
  let namespace = false;
  const isKey = (node) => {
    const p = node.parent;
    if ((ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p)) && (p.name === node || p.right === node)) return true;
    if (ts.isBindingElement(p) && p.propertyName === node) return true;
    const keyed =
      ts.isPropertyAssignment(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isPropertySignature(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isMethodSignature(p) ||
      ts.isGetAccessor(p) ||
      ts.isSetAccessor(p) ||
      ts.isEnumMember(p) ||
      ts.isJsxAttribute(p);
    return keyed && p.name === node;
  };
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (resolveSpecifier(file, node.moduleSpecifier.text) === rule.module) {
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
          if (bindings.elements.some((el) => (el.propertyName ?? el.name).text === rule.from)) imports = true;
        } else if (bindings) namespace = true;
      }
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      if (resolveSpecifier(file, node.argument.literal.text) === rule.module && node.qualifier?.getText(sf) === rule.from) {
        imports = true;
        out.push({ index: node.qualifier.getStart(sf), length: rule.from.length, to: rule.to });
      }
    }
    if (ts.isIdentifier(node)) {
      if (node.text === rule.to) collision = true;
      if (node.text === rule.from && !(ts.isImportTypeNode(node.parent) && node.parent.qualifier === node)) {
        if (ts.isShorthandPropertyAssignment(node.parent))
          out.push({ index: node.getStart(sf), length: rule.from.length, to: `${rule.from}: ${rule.to}` });
        else if (!isKey(node)) out.push({ index: node.getStart(sf), length: rule.from.length, to: rule.to });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { imports, collision, namespace, edits: out };
}

if (!DRY) {
  const code = textFiles().filter((f) => CODE_EXT.test(f));
  for (const rule of RENAMES) {
    if (!isFile(rule.module)) continue;
    const word = new RegExp(`\\b${rule.from}\\b`);
    for (const file of code) {
      const text = readFileSync(file, "utf8");
      if (!word.test(text)) continue;
      const found = identifierEdits(file, text, rule);
      if (found.namespace) report.check.push(`${file}: imports ${rule.module} as a namespace; rename its .${rule.from} by hand`);
      if (!found.imports || found.edits.length === 0) continue;
      if (found.collision) {
        report.renameSkipped.push(`${file}: ${rule.from} → ${rule.to} not done, the file already has a ${rule.to}`);
        continue;
      }
      let next = text;
      for (const e of found.edits.sort((a, b) => b.index - a.index)) next = next.slice(0, e.index) + e.to + next.slice(e.index + e.length);
      writeFileSync(file, next);
      changed.add(file);
      report.renamed.push(`${file}: ${rule.from} → ${rule.to} (${found.edits.length})`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// 6. What is left for a person: specifiers that name no file, new files nobody placed, the
// old names where no path or identifier carries them (prose, bare file names).
const leftAtRoot = (dir, keep) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isFile() && !keep.includes(d.name) && !moveMap.has(`${dir}/${d.name}`))
        .map((d) => `${dir}/${d.name}`)
    : [];
report.unplaced.push(...leftAtRoot("app/.server", SERVER_ROOT_KEEP), ...leftAtRoot(SV, []));
const unresolvedPreexisting = [];
if (!DRY) {
  const now = textFiles();
  for (const [key, where] of unresolvedSpecifiers(now)) {
    const [file, spec] = key.split(": ");
    const before = oldOf.get(file) ?? file;
    if (unresolvedBefore.has(`${before}: ${spec}`)) unresolvedPreexisting.push(where);
    else report.unresolved.push(where);
  }
  // Bare file names and camelCase names that changed: prose the path pass cannot see.
  const renamedBases = [...moveMap, ...doneMap]
    .map(([o, n]) => [posix.basename(o), posix.basename(n)])
    .filter(([o, n]) => o !== n)
    .map(([o]) => o);
  const words = [...new Set([...renamedBases, ...RENAMES.map((r) => r.from).filter((w) => /[a-z][A-Z]|^[A-Z]/.test(w))])];
  const pattern = new RegExp(`(?<![\\w/.-])(${words.map((w) => w.replace(/[.]/g, "\\.")).join("|")})(?![\\w-])`, "g");
  for (const file of now) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(pattern)) {
      const line = text.split("\n")[lineOf(text, m.index) - 1].trim();
      report.check.push(`${file}:${lineOf(text, m.index)}: "${m[1]}" in: ${line.slice(0, 140)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// 7. Format what changed, and say what happened.
if (!DRY && BIOME && changed.size > 0) {
  const biome = spawnSync(
    "node_modules/.bin/biome",
    ["check", "--write", "--no-errors-on-unmatched", "--files-ignore-unknown=true", ...[...changed].filter((f) => isFile(f))],
    { encoding: "utf8" },
  );
  if (biome.status !== 0)
    report.check.push(`biome check --write on the changed files exited ${biome.status}:\n${biome.stdout}${biome.stderr}`);
}

const section = (title, list) => {
  if (list.length === 0) return;
  console.log(`\n${title} (${list.length})`);
  for (const l of list) console.log(`  ${l}`);
};
section("moved", report.moved);
section("already in place", report.done);
section("mapping entries skipped, source gone", report.gone);
section("CONFLICT: target already exists", report.conflicts);
if (DRY) {
  console.log(`\nwould rewrite ${[...edits.values()].reduce((n, l) => n + l.length, 0)} paths in ${edits.size} files:`);
  for (const [file, list] of edits) console.log(`  ${file}: ${list.map((e) => `${e.from} → ${e.to}`).join(", ")}`);
  console.log(`would rename: ${RENAMES.map((r) => `${r.from} → ${r.to}`).join(", ")}`);
} else {
  console.log(`\nrewrote ${[...edits.values()].reduce((n, l) => n + l.length, 0)} paths in ${edits.size} files`);
}
section("renamed exports", report.renamed);
section("RENAME NOT DONE", report.renameSkipped);
section("UNPLACED: new files in app/.server the mapping does not name (add them to MOVES or SERVER_ROOT_KEEP)", report.unplaced);
section("UNRESOLVED import specifiers", report.unresolved);
section("import specifiers that named no file before this run either (not counted)", unresolvedPreexisting);
section("check by hand (old names in prose, bare file names)", report.check);
const attention = report.conflicts.length + report.unplaced.length + report.unresolved.length + report.renameSkipped.length;
console.log(
  attention ? `\n✗ ${attention} item(s) need a person (above).` : "\n✓ nothing left for a person but the 'check by hand' list, if any.",
);
process.exit(attention ? 1 : 0);
