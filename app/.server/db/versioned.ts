import { entriesVersionColumns } from "./tables/entries";
import { roundsVersionColumns } from "./tables/rounds";
import type { VersionColumns } from "./tables/version-columns";

// Every table whose version a trigger bumps (ADR 20), each list beside its table: the one
// source of `npm run db:triggers` (scripts/version-triggers.ts) and of the drift test
// (tests/db/version-triggers.test.ts). rounds.cards_version and teams_version are not
// here: the writes of the cards and the teams bump them themselves (ADR 25, ADR 31).
export const VERSIONED: readonly VersionColumns[] = [entriesVersionColumns, roundsVersionColumns];
