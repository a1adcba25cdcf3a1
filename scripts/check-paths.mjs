#!/usr/bin/env node
// Every internal URL is made by one league-aware helper (ADR 46, app/lib/shared/league-url.ts):
// a link written by hand, "/rounds/3", takes a player of league `second` to the default
// league's round 3. This walks the TypeScript AST of app/ and workers/ and lists, as
// file:line, each string or template part that starts with an app path ("/rounds…",
// "/admin…", "/api…", "/login…": the first segment of every route in app/routes.ts, and
// /api and /l), and each bare "/" given to a link, form or redirect. It passes a literal
// handed straight to the helper (`href("/rounds")`, `apiUrl(…)`, `rootHref(…)`), a route
// pattern of the /api's Hono app (workers/api/: `.get("/:id")`, `.route("/rounds", …)`), and
// the helper and the Worker's path parser themselves. Tests and docs are not walked.
// Usage: node scripts/check-paths.mjs [--root DIR]   (DIR: a tree with app/routes.ts)
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import ts from "typescript";

const rootAt = process.argv.indexOf("--root");
const root = rootAt > 0 ? resolve(process.argv[rootAt + 1]) : join(import.meta.dirname, "..");
const posix = (path) => relative(root, path).split(sep).join("/");

/** Where paths may be written as text: the helper, and the Worker's reading of a request's path. */
const ALLOWED_FILES = new Set(["app/lib/shared/league-url.ts", "workers/league-path.ts", "app/routes.ts"]);
const HELPERS = new Set(["href", "apiUrl", "rootHref"]);
const HONO_METHODS = new Set(["route", "basePath", "get", "post", "put", "patch", "delete", "all", "on", "use", "mount"]);
// Where a bare "/" is the league's home rather than a separator.
const LINK_ATTRIBUTES = new Set(["to", "href", "action", "formAction"]);
const LINK_CALLS = new Set(["redirect", "redirectDocument", "replace", "navigate", "fetch"]);

/** The first segment of every route in app/routes.ts ("calendar.ics" as "calendar"), with api and l. */
export function appSegments(routesText) {
  const segments = new Set(["api", "l"]);
  for (const [, path] of routesText.matchAll(/\broute\(\s*["'`]([^"'`]+)["'`]/g)) {
    const first = path.split("/")[0].split(".")[0];
    if (first && !first.startsWith(":") && first !== "*") segments.add(first);
  }
  return segments;
}

function* sourceFiles(path) {
  const stat = statSync(path);
  if (stat.isFile()) {
    if (/\.(m|c)?[jt]sx?$/.test(path) && !path.endsWith(".d.ts") && !/\.(test|spec)\.[jt]sx?$/.test(path)) yield path;
    return;
  }
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name === ".react-router" || name === "build" || name === "+types") continue;
    yield* sourceFiles(join(path, name));
  }
}

const calleeName = (call) => {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return null;
};

/** Each literal app path in one file: [{ line, text }]. `path` is the file's path in the tree. */
export function findLiteralPaths(path, text, segments) {
  const kind = /x$/.test(path) ? ts.ScriptKind.TSX : /\.m?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const appPath = new RegExp(`^/(?:${[...segments].map((s) => s.replace(/[-.]/g, "\\$&")).join("|")})(?=$|[/?#.])`);
  const honoFile = path.startsWith("workers/api/");
  const hits = [];
  // The literal, or the template it begins, as the argument it is: either branch of a
  // condition handed to the helper counts as handed to it (`href(a ? "/x" : "/y")`).
  const argumentOf = (node) => {
    let arg = ts.isTemplateHead(node) ? node.parent : node;
    while ((ts.isConditionalExpression(arg.parent) && arg !== arg.parent.condition) || ts.isParenthesizedExpression(arg.parent))
      arg = arg.parent;
    return arg;
  };
  const passedTo = (node) => {
    const arg = argumentOf(node);
    const call = arg.parent;
    return call && ts.isCallExpression(call) && call.arguments[0] === arg ? calleeName(call) : null;
  };
  const visit = (node) => {
    const isStart = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node);
    const isAfterValue = ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
    if (isStart || isAfterValue) {
      const t = node.text;
      const callee = isStart ? passedTo(node) : null;
      const allowed = callee !== null && (HELPERS.has(callee) || (honoFile && HONO_METHODS.has(callee)));
      let bad = appPath.test(t);
      if (!bad && isStart && /^\/(?:$|[?#])/.test(t)) {
        // A bare "/" is the default league's home only where a link, form or redirect takes it.
        const parent = argumentOf(node).parent;
        bad =
          (ts.isJsxAttribute(parent) && LINK_ATTRIBUTES.has(parent.name.getText(source))) ||
          (ts.isPropertyAssignment(parent) && LINK_ATTRIBUTES.has(parent.name.getText(source))) ||
          (callee !== null && LINK_CALLS.has(callee));
      }
      if (bad && !allowed) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        hits.push({ line: line + 1, text: t.length > 40 ? `${t.slice(0, 40)}…` : t });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

function main() {
  const segments = appSegments(readFileSync(join(root, "app/routes.ts"), "utf8"));
  const problems = [];
  for (const dir of ["app", "workers"]) {
    for (const file of sourceFiles(join(root, dir))) {
      const path = posix(file);
      if (ALLOWED_FILES.has(path)) continue;
      for (const h of findLiteralPaths(path, readFileSync(file, "utf8"), segments)) problems.push(`${path}:${h.line}: "${h.text}"`);
    }
  }
  if (problems.length === 0) {
    console.log("✓ no literal app path outside the league-aware URL helper");
    return;
  }
  console.error(problems.join("\n"));
  console.error(
    `\n✗ ${problems.length} literal app path(s): make them with the helper (app/lib/shared/league-url.ts), so a` +
      '\n  link stays in its league: href("/rounds"), apiUrl("/players"), rootHref("/login") (ADR 46, scripts/check-paths.mjs).',
  );
  process.exit(1);
}

main();
