// The old /api's abbreviations (fn, ln, loc, amt, amtCents, d, n) are wire names: only the
// serializers make them and only the /api's request schemas read them. Everywhere else in
// app/ and workers/ the domain says the word (firstName, startsAt, amountCents…). This
// walks the TypeScript AST of every file there and lists, as file:line, each property
// name that is one of them: a property access, a property signature or declaration, an
// object literal key (shorthand too) and a destructuring key. Local variables, parameters
// and JSX attributes (an SVG path's `d`) are not property names and pass. Exits 1 on any.
// `npm run lint` runs it; `node scripts/check-names.mjs <dir or file>…` checks other paths.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";

const OLD_NAMES = new Set(["fn", "ln", "loc", "amt", "amtCents", "d", "n"]);

const ROOTS = ["app", "workers"];

/**
 * The files that may name the wire: the serializers (they make the /api's JSON), the /api's
 * request schemas that read wire bodies into words, and the browser's reading of the one
 * /api answer it fetches itself (the entry manager's player search).
 */
const ALLOWED = [/^workers\/api\/serializers\//, /^app\/schemas\/api-wire\.ts$/, /^app\/lib\/shared\/api-answers\.ts$/];

const root = join(import.meta.dirname, "..");
const posix = (path) => relative(root, path).split(sep).join("/");

function* sourceFiles(path) {
  const stat = statSync(path);
  if (stat.isFile()) {
    if (/\.(m|c)?[jt]sx?$/.test(path) && !path.endsWith(".d.ts")) yield path;
    return;
  }
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name === ".react-router" || name === "build") continue;
    yield* sourceFiles(join(path, name));
  }
}

/** The name of a property-like node as written, or null when it is computed or not a plain name. */
function nameText(name) {
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text.replace(/^#/, "");
  if (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return null;
}

/** Each old name used as a property name in one file: [{ line, name, kind }]. */
export function findOldNames(fileName, text) {
  const kind = /\.(m|c)?[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : /\.(m|c)?jsx?$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const hits = [];
  const hit = (node, name, what) => {
    if (name === null || !OLD_NAMES.has(name)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    hits.push({ line: line + 1, name, kind: what });
  };
  const visit = (node) => {
    if (ts.isPropertyAccessExpression(node)) {
      hit(node.name, nameText(node.name), "property access");
    } else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) {
      hit(node.argumentExpression, node.argumentExpression.text, "property access");
    } else if (
      ts.isPropertySignature(node) ||
      ts.isPropertyDeclaration(node) ||
      ts.isMethodSignature(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      hit(node.name, nameText(node.name), "property");
    } else if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      hit(node.name, nameText(node.name), "object key");
    } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      hit(node, nameText(node.propertyName ?? node.name), "destructuring key");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

function main() {
  const args = process.argv.slice(2);
  const targets = (args.length ? args : ROOTS).map((p) => join(root, p));
  const problems = [];
  for (const target of targets) {
    for (const file of sourceFiles(target)) {
      const path = posix(file);
      if (ALLOWED.some((re) => re.test(path))) continue;
      for (const h of findOldNames(file, readFileSync(file, "utf8"))) problems.push(`${path}:${h.line}: ${h.kind} \`${h.name}\``);
    }
  }
  if (problems.length === 0) {
    console.log(`✓ no /api abbreviation (${[...OLD_NAMES].join(", ")}) as a property name outside the wire's files`);
    return;
  }
  console.error(problems.join("\n"));
  console.error(
    `\n✗ ${problems.length} property name(s) from the /api's wire vocabulary: say the word (firstName, lastName, startsAt, name, location, date, amountCents…).` +
      "\n  Only workers/api/serializers/, app/schemas/api-wire.ts and app/lib/shared/api-answers.ts speak the wire (scripts/check-names.mjs).",
  );
  process.exit(1);
}

main();
