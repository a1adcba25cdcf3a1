import { type SQL, and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { type Payment, payments, players, rounds } from "../../db/schema";
import { type AccountNames, accountsById, accountsNamedBy, nameOf } from "../../db/account-names";
import { notFound } from "../../errors";
import { type Page, offsetOf, pageOf } from "~/lib/shared/paging";
import { PAYMENTS, givenBackCentsSql, refundedCentsSql } from "./money-sql";
import { fullNameSql } from "../../db/player-name";

// The league's payments as the admin reads them: every
// sign-up's money, by credit, PayPal or cash at the course, with PayPal's refunds and what
// came back as credit (ADR 22), newest first. Who paid is an account, the deployment's: the
// payers' names are read after the payments, by the ids they hold (ADR 46).

export type PaymentRow = {
  id: number;
  createdAt: number;
  updatedAt: number;
  method: Payment["method"];
  status: Payment["status"];
  amountCents: number;
  creditUsedCents: number;
  leagueFeeCents: number;
  providerFeeCents: number | null;
  transactionId: string | null;
  paymentData: string | null;
  roundId: number;
  roundName: string;
  roundDate: number;
  roundLocation: string;
  userId: number | null;
  /** The payer's name; null when the payment names no account, or one since deleted. */
  userName: string | null;
  playerId: number;
  playerName: string;
  /** What PayPal gave back (refunds and reversals), and whether a reversal was among them (ADR 22). */
  refundedCents: number;
  reversed: boolean;
  /** Given back as league credit when its entry was withdrawn; null if not. */
  givenBackCents: number | null;
};

/** At most this many rows per /api list: a league's few seasons fit; older ones are filtered by round. */
export const PAYMENTS_LIMIT = 1_000;

/** The admin's Payments page shows this many at a time. */
export const PAYMENTS_PAGE_SIZE = 100;

export type PaymentFilter = { roundId?: number; userId?: number };

/** The league's payments (ADR 46) that `filter` picks. */
function whereOf(db: Db, filter: PaymentFilter): SQL | undefined {
  const where: SQL[] = [inLeague(db, payments)];
  if (filter.roundId) where.push(eq(payments.roundId, filter.roundId));
  if (filter.userId) where.push(eq(payments.userId, filter.userId));
  return and(...where);
}

function selectPayments(db: Db, filter: PaymentFilter) {
  return db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      updatedAt: payments.updatedAt,
      method: payments.method,
      status: payments.status,
      amountCents: payments.amountCents,
      creditUsedCents: payments.creditUsedCents,
      leagueFeeCents: payments.leagueFeeCents,
      providerFeeCents: payments.providerFeeCents,
      transactionId: payments.transactionId,
      paymentData: payments.paymentData,
      roundId: payments.roundId,
      roundName: rounds.name,
      roundDate: rounds.startsAt,
      roundLocation: rounds.location,
      userId: payments.userId,
      playerId: payments.playerId,
      playerName: fullNameSql(players),
      refundedCents: refundedCentsSql(PAYMENTS).mapWith(Number),
      reversed:
        sql<boolean>`exists (select 1 from payment_refunds r where r.league_id = ${PAYMENTS.leagueId} and r.payment_id = ${PAYMENTS.id} and r.kind = 'reversal')`.mapWith(
          Boolean,
        ),
      givenBackCents: givenBackCentsSql(PAYMENTS.id),
    })
    .from(payments)
    .innerJoin(rounds, eq(rounds.id, payments.roundId))
    .innerJoin(players, eq(players.id, payments.playerId))
    .where(whereOf(db, filter))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

type PaymentRowOfLeague = Omit<PaymentRow, "userName">;

/** The rows with their payers' names. */
const named = (rows: PaymentRowOfLeague[], names: AccountNames): PaymentRow[] =>
  rows.map((r) => ({ ...r, userName: r.userId === null ? null : (names.get(r.userId)?.name ?? null) }));

/** The payers' names, asked beside the payments: the one user a filter names, else the accounts the filter's payments name. */
const payersOf = (db: Db, filter: PaymentFilter) =>
  filter.userId
    ? accountsById(db, [filter.userId])
    : accountsNamedBy(db, sql`select ${payments.userId} from ${payments} where ${whereOf(db, filter)} and ${payments.userId} is not null`);

/** The newest PAYMENTS_LIMIT payments (of one round, one user, or both), newest first. */
export async function listPayments(db: Db, filter: PaymentFilter = {}): Promise<PaymentRow[]> {
  const [rows, names] = await Promise.all([selectPayments(db, filter).limit(PAYMENTS_LIMIT), payersOf(db, filter)]);
  return named(rows, names);
}

/** One page of the payments `filter` matches, newest first, and how many match in all. */
export async function paymentsPage(
  db: Db,
  filter: PaymentFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: PaymentRow[]; page: Page }> {
  const [[rows, [count]], names] = await Promise.all([
    db.batch([
      selectPayments(db, filter).limit(page.pageSize).offset(offsetOf(page.page, page.pageSize)),
      db.select({ count: sql<number>`count(*)` }).from(payments).where(whereOf(db, filter)),
    ]),
    payersOf(db, filter),
  ]);
  return { rows: named(rows, names), page: pageOf(page.page, page.pageSize, Number(count?.count ?? 0)) };
}

export type PaymentChoice = { id: number; label: string };

/**
 * What the Payments page's filters offer: every round and every user with a payment, once
 * each (rounds newest first, users by name), however old the payment.
 */
export async function paymentChoices(db: Db): Promise<{ rounds: PaymentChoice[]; users: PaymentChoice[] }> {
  const [[roundRows, payerRows], names] = await Promise.all([
    db.batch([
      db
        .select({ id: rounds.id, label: rounds.name })
        .from(rounds)
        .where(
          and(
            inLeague(db, rounds),
            sql`exists (select 1 from ${payments} where ${payments.leagueId} = ${rounds.leagueId} and ${payments.roundId} = ${rounds.id})`,
          ),
        )
        .orderBy(desc(rounds.startsAt), desc(rounds.id)),
      // The accounts that paid this league, found by its payments; their names after (ADR 46).
      db
        .selectDistinct({ id: payments.userId })
        .from(payments)
        .where(and(inLeague(db, payments), isNotNull(payments.userId))),
    ]),
    payersOf(db, {}),
  ]);
  const payers = payerRows.map((p) => p.id as number);
  const users = payers.map((id) => ({ id, label: nameOf(names, id) }));
  return { rounds: roundRows, users: users.sort((a, b) => a.label.localeCompare(b.label)) };
}

/** A user's payments (404 for a user that does not exist). */
export async function paymentsOfUser(db: Db, userId: number): Promise<PaymentRow[]> {
  // The account and its payments asked together (one trip); the 404 still wins.
  const [names, rows] = await Promise.all([accountsById(db, [userId]), selectPayments(db, { userId }).limit(PAYMENTS_LIMIT)]);
  if (!names.has(userId)) throw notFound("User not found");
  return named(rows, names);
}
