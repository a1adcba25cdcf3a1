import { type SQL, and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Db, inLeague, uniqueViolation } from "../../db/client";
import { type Claim, claims, players } from "../../db/schema";
import { type AccountNames, accountsById, accountsFound, accountsNamedBy, nameOf } from "../../db/account-names";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import { currentClaimFirst } from "./claim-state";
import { OPEN_STATUSES } from "~/lib/players/claims";
import { nowSeconds } from "~/lib/shared/time";

// A claim links a user to the player record that is them: the user
// submits it (pending); an admin approves, rejects or marks a conflict (with a note the
// user sees); the user may withdraw ("unclaim") an open claim and claim again. One
// approved claim per player, one open claim per user: both held by unique indexes, so
// racing requests cannot both win. Every transition is one conditional UPDATE.

export type ClaimStatus = Claim["status"];
export type ClaimAction = "approve" | "reject" | "conflict";

const OPEN: ClaimStatus[] = [...OPEN_STATUSES];

/** From which states each admin action may move a claim. */
const FROM: Record<ClaimAction, ClaimStatus[]> = {
  approve: ["pending", "conflict"],
  // Reject from approved is the admin's "Un-link".
  reject: ["pending", "conflict", "approved"],
  conflict: ["pending", "approved"],
};

const TO: Record<ClaimAction, ClaimStatus> = { approve: "approved", reject: "rejected", conflict: "conflict" };

export const CLAIM_MESSAGES = {
  alreadyOpen: "You already have a claim on a player record. Unclaim it before claiming another.",
  playerTaken: "This player record is already claimed by another user.",
  userLinked: "This user is already linked to another player record.",
  inactive: "This player record is inactive and cannot be claimed.",
  adminsDoNotClaim: "Admins do not claim player records.",
  notYours: "You can only unclaim your own claim.",
  noteRequired: "A note is required to mark a conflict.",
} as const;

/** A claim with its player's name: what the user sees of their own. */
export type ClaimRow = {
  id: number;
  userId: number;
  playerId: number;
  firstName: string;
  lastName: string;
  status: ClaimStatus;
  note: string | null;
  createdAt: number;
  updatedAt: number;
  approvedAt: number | null;
  rejectedAt: number | null;
};

/**
 * A claim as the admin's pages show it, with the claimant's name: an account, the
 * deployment's, read after the claims by the ids they hold (ADR 46).
 */
export type ClaimView = ClaimRow & { userName: string };

const viewColumns = {
  id: claims.id,
  userId: claims.userId,
  playerId: claims.playerId,
  firstName: players.firstName,
  lastName: players.lastName,
  status: claims.status,
  note: claims.note,
  createdAt: claims.createdAt,
  updatedAt: claims.updatedAt,
  approvedAt: claims.approvedAt,
  rejectedAt: claims.rejectedAt,
};

/** The league's claims (ADR 46), narrowed by `where` when given. */
function claimRows(db: Db, where?: SQL) {
  return db
    .select(viewColumns)
    .from(claims)
    .innerJoin(players, eq(players.id, claims.playerId))
    .where(and(inLeague(db, claims), where));
}

/**
 * The claims with their claimants' names. A claim whose account was deleted is left out: it
 * waits for its league's release job (ADR 46) to go, and there is no one left to decide for.
 */
function withClaimants(rows: ClaimRow[], names: AccountNames): ClaimView[] {
  return rows.filter((r) => names.has(r.userId)).map((r) => ({ ...r, userName: nameOf(names, r.userId) }));
}

async function getClaimRow(db: Db, id: number): Promise<ClaimRow> {
  const [row] = await claimRows(db, eq(claims.id, id));
  if (!row) throw notFound("Claim not found");
  return row;
}

/** Which unique rule a failed claim write broke, as the 409 the caller should see. */
function uniqueRuleBroken(err: unknown, onApprove: boolean): AppError | null {
  const message = uniqueViolation(err);
  if (!message) return null;
  if (message.includes("claims.player_id")) return conflict(CLAIM_MESSAGES.playerTaken);
  return conflict(onApprove ? CLAIM_MESSAGES.userLinked : CLAIM_MESSAGES.alreadyOpen);
}

/**
 * A user claims a player record: pending until an admin decides. Refused for admins,
 * for a missing (404) or inactive (400) player, while the user has an open claim, and
 * when the player is already linked to someone (409). Claiming the same player again
 * while the first is pending answers that claim: a retry is not an error.
 */
export async function submitClaim(
  db: Db,
  user: { id: number; isOperator: boolean | Promise<boolean> },
  input: { playerId: number; note?: string | null },
): Promise<ClaimRow> {
  // Whether the user is the operator may come with the reads (the session's row, ADR 41).
  const [isOperator, [[player], [taken], [open], [sameView]]] = await Promise.all([
    user.isOperator,
    db.batch([
      db
        .select({ id: players.id, inactive: players.inactive })
        .from(players)
        .where(and(inLeague(db, players), eq(players.id, input.playerId))),
      db
        .select({ id: claims.id })
        .from(claims)
        .where(and(inLeague(db, claims), eq(claims.playerId, input.playerId), eq(claims.status, "approved"))),
      db
        .select({ id: claims.id, playerId: claims.playerId, status: claims.status })
        .from(claims)
        .where(and(inLeague(db, claims), eq(claims.userId, user.id), inArray(claims.status, OPEN))),
      // What a retry answers, read with the rest (ADR 41) rather than after.
      claimRows(db, and(eq(claims.userId, user.id), eq(claims.playerId, input.playerId), eq(claims.status, "pending"))),
    ]),
  ]);
  if (isOperator) throw new AppError("forbidden", CLAIM_MESSAGES.adminsDoNotClaim);
  // The same claim sent again (a double click, a retry, the new-player step) is the one on file.
  if (open && open.playerId === input.playerId && open.status === "pending")
    return sameView?.id === open.id ? sameView : getClaimRow(db, open.id);
  if (!player) throw notFound("Player not found");
  if (player.inactive) throw badRequest(CLAIM_MESSAGES.inactive);
  if (open) throw conflict(CLAIM_MESSAGES.alreadyOpen);
  if (taken) throw conflict(CLAIM_MESSAGES.playerTaken);
  const now = nowSeconds();
  try {
    // The claim made and read back in one batch: last_insert_rowid() is the claim.
    const [, [row]] = await db.batch([
      db.insert(claims).values({
        leagueId: db.leagueId,
        userId: user.id,
        playerId: input.playerId,
        status: "pending",
        note: input.note || null,
        createdAt: now,
        updatedAt: now,
      }),
      claimRows(db, sql`${claims.id} = last_insert_rowid()`),
    ]);
    if (!row) throw new Error("the claim insert returned no row");
    return row;
  } catch (err) {
    // The index decides a race the reads above could not see.
    throw uniqueRuleBroken(err, false) ?? err;
  }
}

/** The user's current claim (the session's choice: approved, else the newest not withdrawn), or null. */
export async function myClaim(db: Db, userId: number): Promise<ClaimRow | null> {
  const [row] = await claimRows(db, and(eq(claims.userId, userId), sql`${claims.status} <> 'withdrawn'`))
    .orderBy(...currentClaimFirst)
    .limit(1);
  return row ?? null;
}

/** The user withdraws their own open claim (an approved one unlinks them). */
export async function unclaim(db: Db, userId: number, claimId: number): Promise<ClaimRow> {
  // The move (its checks in its WHERE) and the claim read after it, in one batch.
  const [moved, [row]] = await db.batch([
    db
      .update(claims)
      .set({ status: "withdrawn", updatedAt: nowSeconds() })
      .where(and(inLeague(db, claims), eq(claims.id, claimId), eq(claims.userId, userId), inArray(claims.status, OPEN)))
      .returning({ id: claims.id }),
    claimRows(db, eq(claims.id, claimId)),
  ]);
  if (!row) throw notFound("Claim not found");
  if (moved.length > 0) return row;
  if (row.userId !== userId) throw new AppError("forbidden", CLAIM_MESSAGES.notYours);
  throw conflict(`This claim is ${row.status} and cannot be unclaimed.`);
}

/** Every claim for the admin's review: open ones first, then the latest decisions. */
export async function listClaims(db: Db): Promise<ClaimView[]> {
  // The claims and their claimants' accounts asked together: one trip (ADR 46).
  const [rows, names] = await Promise.all([
    claimRows(db).orderBy(
      sql`case ${claims.status} when 'pending' then 0 when 'conflict' then 1 when 'approved' then 2 else 3 end`,
      desc(claims.updatedAt),
      desc(claims.id),
    ),
    accountsNamedBy(db, sql`select ${claims.userId} from ${claims} where ${inLeague(db, claims)}`),
  ]);
  return withClaimants(rows, names);
}

/** A user's claims, newest first (the admin's user page). */
export async function claimsForUser(db: Db, userId: number): Promise<ClaimView[]> {
  // The account and its claims asked together (one trip); the 404 still wins.
  const [names, rows] = await Promise.all([
    accountsById(db, [userId]),
    claimRows(db, eq(claims.userId, userId)).orderBy(desc(claims.updatedAt), desc(claims.id)),
  ]);
  if (!names.has(userId)) throw notFound("User not found");
  return rows.map((r) => ({ ...r, userName: nameOf(names, r.userId) }));
}

/**
 * An admin decides a claim: approve (links the player to the user), reject (from
 * approved: un-link) or conflict (a note is required; the user sees it). A claim not
 * in a state the action starts from is a 409 that says which state it is in.
 */
export async function decideClaim(db: Db, id: number, action: ClaimAction, note?: string | null): Promise<ClaimView> {
  const text = note?.trim() || null;
  if (action === "conflict" && !text) throw badRequest(CLAIM_MESSAGES.noteRequired);
  const now = nowSeconds();
  const stamp = action === "approve" ? { approvedAt: now } : action === "reject" ? { rejectedAt: now } : {};
  // Whose claim it is never changes: read first, beside the session, so the claimant's name
  // is asked beside the move rather than after it (ADR 41, 46).
  const [owner] = await db
    .select({ userId: claims.userId })
    .from(claims)
    .where(and(inLeague(db, claims), eq(claims.id, id)));
  const names = accountsFound(db, owner ? [owner.userId] : []);
  names.catch(() => undefined);
  // The move and the claim read after it, in one batch (ADR 41).
  let moved: { id: number }[];
  let row: ClaimRow | undefined;
  try {
    [moved, [row]] = await db.batch([
      db
        .update(claims)
        .set({ status: TO[action], updatedAt: now, ...stamp, ...(text !== null ? { note: text } : {}) })
        .where(and(inLeague(db, claims), eq(claims.id, id), inArray(claims.status, FROM[action])))
        .returning({ id: claims.id }),
      claimRows(db, eq(claims.id, id)),
    ]);
  } catch (err) {
    throw uniqueRuleBroken(err, action === "approve") ?? err;
  }
  if (!row) throw notFound("Claim not found");
  if (moved.length > 0) return { ...row, userName: nameOf(await names, row.userId) };
  throw conflict(`This claim is ${row.status}; it cannot be moved to ${TO[action]}.`);
}
