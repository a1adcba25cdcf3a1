// League rows → INSERT statements, parents before children so foreign keys hold.
import { leagueRatings } from "./ratings";
import { type SqlValue, insertRows } from "./sql";
import type { League } from "./types";

/**
 * `hashes[i]` is the password hash of `league.users[i]`; every row but the accounts' goes to
 * league `leagueId` (ADR 46).
 */
export function renderSql(league: League, hashes: readonly string[], leagueId: number): string[] {
  const ratings = leagueRatings(league);
  const leagueRows = (table: string, columns: readonly string[], rows: readonly SqlValue[][]) =>
    insertRows(
      table,
      ["league_id", ...columns],
      rows.map((row) => [leagueId, ...row]),
    );
  return [
    // The audit log (ADR 20) records the demo data as the system's doing.
    "insert into audit_actor (id, user_id, role) values (1, null, 'system') on conflict (id) do update set user_id = null, role = 'system';",
    ...leagueRows(
      "players",
      ["id", "fn", "ln", "pdga", "division", "inactive", "created_at"],
      league.players.map((p) => [p.id, p.firstName, p.lastName, p.pdga, p.division, p.inactive, p.createdAt]),
    ),
    ...insertRows(
      "users",
      ["id", "name", "email", "password_hash", "is_admin", "locked", "session_version", "last_login", "created_at"],
      league.users.map((u, i) => {
        const hash = hashes[i];
        if (!hash) throw new Error(`no password hash for user ${u.id}`);
        return [u.id, u.name, u.email.toLowerCase(), hash, u.isOperator, false, 0, null, u.createdAt];
      }),
    ),
    // The operator owns the default league too (ADR 47), as migration 0027 makes an admin of
    // an older database: the demo's admin reaches every admin page either way.
    ...insertRows(
      "memberships",
      ["league_id", "user_id", "role"],
      league.users.filter((u) => u.isOperator).map((u) => [1, u.id, "owner"]),
    ),
    ...leagueRows(
      "courses",
      ["id", "name", "place"],
      league.courses.map((c) => [c.id, c.name, c.place]),
    ),
    ...leagueRows(
      "layouts",
      ["id", "course_id", "name", "hole_count"],
      league.layouts.map((l) => [l.id, l.courseId, l.name, l.holes.length]),
    ),
    ...leagueRows(
      "layout_holes",
      ["layout_id", "hole", "par", "distance_feet", "second_card_order"],
      league.layouts.flatMap((l) => l.holes.map((h, i) => [l.id, i + 1, h.par, h.distanceFeet, h.secondCardOrder])),
    ),
    ...leagueRows(
      "rounds",
      [
        "id",
        "d",
        "n",
        "loc",
        "layout_id",
        "fee_pdga_cents",
        "fee_course_cents",
        "fee_other_cents",
        "ace_cents",
        "payout_cents",
        "pdga_url",
        "open_for_registration",
        "created_at",
      ],
      league.rounds.map((r) => [
        r.id,
        r.startsAt,
        r.name,
        r.location,
        r.layoutId,
        r.feePdgaCents,
        r.feeCourseCents,
        r.feeOtherCents,
        r.aceCents,
        r.payoutCents,
        r.pdgaUrl,
        r.open,
        r.createdAt,
      ]),
    ),
    ...leagueRows(
      "payments",
      [
        "id",
        "user_id",
        "round_id",
        "player_id",
        "method",
        "status",
        "amount_cents",
        "league_fee_cents",
        "provider_fee_cents",
        "credit_used_cents",
        "ace_opt_in",
        "division",
        "transaction_id",
        "payment_data",
        "created_at",
        "updated_at",
      ],
      league.payments.map((p) => [
        p.id,
        p.userId,
        p.roundId,
        p.playerId,
        p.method,
        "completed",
        p.amount,
        p.leagueFee,
        p.providerFee,
        p.creditUsed,
        p.aceOptIn,
        p.division,
        p.transactionId,
        null,
        p.createdAt,
        p.updatedAt,
      ]),
    ),
    ...leagueRows(
      "entries",
      [
        "id",
        "round_id",
        "player_id",
        "division",
        "ace",
        "score",
        "payout_cents",
        "payout_adjust_cents",
        "credit_added_cents",
        "credit_used_cents",
        "payment_id",
        "result",
        "rating",
        "created_at",
      ],
      league.entries.map((e) => [
        e.id,
        e.roundId,
        e.playerId,
        e.division,
        e.ace,
        e.score,
        e.payoutCents,
        0,
        e.creditAdded,
        e.creditUsed,
        e.paymentId,
        e.result,
        ratings.get(e.id) ?? null,
        e.createdAt,
      ]),
    ),
    ...leagueRows(
      "claims",
      ["id", "user_id", "player_id", "status", "note", "created_at", "updated_at", "approved_at", "rejected_at"],
      league.claims.map((c) => [c.id, c.userId, c.playerId, c.status, c.note ?? null, c.createdAt, c.updatedAt, c.approvedAt, null]),
    ),
    ...leagueRows(
      "aces",
      ["id", "d", "player_id", "round_id", "amt_cents", "created_at"],
      league.aces.map((a) => [a.id, a.date, a.playerId, a.roundId, a.amountCents, a.date + 3 * 3600]),
    ),
    ...leagueRows(
      "transfers",
      ["id", "d", "from_player_id", "to_player_id", "amt_cents", "description", "created_at"],
      league.transfers.map((t) => [t.id, t.date, t.from, t.to, t.amountCents, t.description, t.date]),
    ),
    // The weekly CTP pot (ADR 30) on each round open for sign-up: nobody in it yet.
    ...leagueRows(
      "side_pots",
      ["round_id", "name", "kind", "buy_in_cents", "holes"],
      league.rounds.filter((r) => r.open && r.kind !== "past").map((r) => [r.id, "CTP", "ctp", 200, "[3,7]"]),
    ),
    "delete from audit_actor;",
  ];
}
