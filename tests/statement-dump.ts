import { afterAll } from "vitest";
import { recordAtClass } from "./d1-class-recorder";

// `npm run check:plans` runs the suite with STATEMENT_DUMP set: every statement the app sends
// through env.DB as the tests drive it (one whose stack passes through app/ or workers/; the
// tests' own set-ups and checks are left out) is printed once per text, with the arguments it
// was first bound with, for the script to plan against a seeded database (ADR 46).

// The app's statements: those whose sender's stack passes through app/ or workers/.
const sent = recordAtClass("statement-dump", /\/(app|workers)\//);
// What the files before this one in the same worker printed already (each evaluates this anew).
const kept = globalThis as unknown as { __statementsPrinted?: Set<string> };
kept.__statementsPrinted ??= new Set<string>();
const printed = kept.__statementsPrinted;

afterAll(() => {
  for (const s of sent.splice(0)) {
    if (printed.has(s.sql)) continue;
    printed.add(s.sql);
    console.log(`STATEMENT ${JSON.stringify(s)}`);
  }
});
