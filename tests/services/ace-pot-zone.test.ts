// The ace pot's refusal speaks in its league's time zone (ADR 21, 46): a league other than
// the default names the date as its own clock has it, not the deployment's vars.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withAuditActor } from "../../workers/audit-actor";
import { refusal } from "../fixtures";
import { type Db, getDb } from "~/.server/db/client";
import { aces, players } from "~/.server/db/schema";
import { addAce } from "~/.server/services/money/ledger";
import { formatDate } from "~/lib/shared/time";

const ZONE = "Pacific/Auckland";
let db: Db;

beforeAll(async () => {
  const row = await env.DB.prepare("insert into leagues (slug, name, time_zone) values ('ace-zone', 'Zone League', ?) returning id")
    .bind(ZONE)
    .first<{ id: number }>();
  db = getDb(
    withAuditActor(env.DB, () => ({ userId: null, role: "system" })),
    row!.id,
  );
});

describe("an ace refused in a second league", () => {
  it("names the date in that league's zone, and writes nothing", async () => {
    const [player] = await db
      .insert(players)
      .values({ leagueId: db.leagueId, firstName: "Zed", lastName: "Zone", division: "MA1" })
      .returning();
    // Noon UTC: already the next day in Auckland, still the morning before in the default zone.
    const t = Date.UTC(2031, 4, 14, 12) / 1000;
    expect(formatDate(t, ZONE)).not.toBe(formatDate(t, env.LEAGUE_TIMEZONE ?? "America/Chicago"));
    const err = await refusal(addAce(db, { date: t, playerId: player!.id, amountCents: 100 }));
    expect(err.status).toBe(409);
    expect(err.message).toBe(`On ${formatDate(t, ZONE)} the ace pot holds $0.00; an ace of $1.00 would take it below zero.`);
    expect(await db.select().from(aces).where(eq(aces.playerId, player!.id))).toEqual([]);
  });
});
