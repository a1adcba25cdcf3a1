import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, makeUser, tokenFor } from "../auth-fixtures";
import { creditSignUpBody, makeAce, makeEntry, makeTransfer, nowSec, testDb } from "../fixtures";
import { deliver } from "../job-fixtures";
import { makePayment, paidEntry, refundEvent } from "../money-fixtures";
import {
  type Payer,
  approvedOrder,
  capture,
  createOrder,
  installPayPalApp,
  paypal,
  recordingWorker,
  webhookRequest,
} from "../paypal/app-harness";
import { type League, TZ, auditRowsAfter, lastAuditId, league, postPage } from "./audit-harness";
import { type LoggedChange, byRow, changesBetween, loggedChange, moneyState } from "./audit-state";
import { roundVersionOf, versionOf } from "../version-fixtures";
import { entries, rounds, users } from "~/.server/db/schema";
import { syncPayouts } from "~/.server/services/entries/payouts";
import { recordRefund } from "~/.server/services/money/refunds";
import { todayInputValue, zonedTimeToEpoch } from "~/lib/shared/time";

// Who changed the money (ADR 20), for every write path of the app: each path below runs in
// a small league of its own, and afterwards the audit log must hold exactly one row per row
// of money it changed (folded per row within the write), naming the path's actor, with the
// row's before and after as the database holds them, and its player and round. Adding a
// path (a cash sign-up, a withdrawal, a refund) is one more entry in PATHS.

const app = installPayPalApp();

type Actor = "admin" | "player" | "paypal";
type Expected = { table: string; action: LoggedChange["action"]; rowId?: number; before?: object; after?: object };
type MoneyPath = {
  name: string;
  actor: Actor;
  /** Sets the scene in the path's own league (made outside the app) and gives the write. */
  write: (w: League) => Promise<() => Promise<Response | undefined>>;
  /** The change the write is for (a few fields each); [] for a write that moves no money. */
  changes: (w: League) => Expected[];
};

const payer = (w: League): Payer => ({ user: w.user, player: w.player, round: w.open, token: w.userToken });
const entry = (w: League, i: number) => w.entries[i]?.id ?? 0;
/** The played round with its payouts computed (outside the app), as a league night ends. */
const paid = async (w: League) => void (await syncPayouts(testDb(), w.played.id));
const roundAt2031 = () => zonedTimeToEpoch({ year: 2031, month: 3, day: 13, hour: 19, minute: 30 }, TZ);
const roundForm = (more: Record<string, string> = {}) => ({
  date: "2031-03-13",
  time: "19:30",
  name: "Audit night",
  location: "Oak Hollow",
  fee_pdga: "0.50",
  fee_course: "0",
  fee_other: "0",
  ace: "1",
  payout: "4.50",
  pdga_url: "",
  ...more,
});
const roundBody = (id: number, more: Record<string, unknown> = {}) => ({
  id,
  d: roundAt2031(),
  n: "Audit night",
  loc: "Oak Hollow",
  fee_pdga: "0.50",
  fee_course: "0",
  fee_other: "0",
  ace: "1",
  payout: "4.50",
  pdga_url: null,
  ...more,
});
const inRound2031 = (w: League) => testDb().update(rounds).set({ startsAt: roundAt2031() }).where(eq(rounds.id, w.open.id));
const page =
  (
    path: (w: League) => string,
    fields: (w: League) => Record<string, string> | Promise<Record<string, string>>,
    before?: (w: League) => Promise<unknown>,
  ) =>
  async (w: League) => {
    await before?.(w);
    // Read after the scene is set: an editor that has just loaded the page sends these versions (ADR 20).
    const body = await fields(w);
    return () => postPage(path(w), body, w.adminToken);
  };
const v = (id: number) => versionOf(id).then(String);
const payoutRows = (): Expected[] => [{ table: "entries", action: "update", after: { payout_cents: expect.any(Number) } }];

const PATHS: MoneyPath[] = [
  // ---- a player signing up
  {
    name: "sign-up by credit (POST /api/entries)",
    actor: "player",
    write: async (w) => () => call("POST", "/api/entries", { token: w.userToken, body: creditSignUpBody(w.player.id, w.open.id) }),
    changes: () => [
      { table: "payments", action: "insert", after: { method: "credit", status: "completed", credit_used_cents: 600 } },
      { table: "entries", action: "insert", after: { division: "MA2", ace: 1, credit_used_cents: 600 } },
    ],
  },
  {
    name: "PayPal order (POST /api/entries/paypal-order)",
    actor: "player",
    write: async (w) => () => createOrder(payer(w)),
    changes: () => [{ table: "payments", action: "insert", after: { method: "paypal", status: "created", amount_cents: 417 } }],
  },
  {
    name: "PayPal capture through the browser (POST /api/entries, method paypal)",
    actor: "player",
    write: async (w) => {
      const orderID = await approvedOrder(app, payer(w));
      return () => capture(payer(w), orderID);
    },
    changes: () => [
      {
        table: "payments",
        action: "update",
        before: { status: "created" },
        after: { status: "completed", capture_id: expect.any(String) },
      },
      { table: "entries", action: "insert", after: { credit_used_cents: 200, payment_id: expect.any(Number) } },
    ],
  },
  {
    name: "PayPal capture through the webhook and the queue",
    actor: "paypal",
    write: async (w) => {
      const orderID = await approvedOrder(app, payer(w));
      await paypal().captureOrder(orderID, `capture-${orderID}`);
      await app.standIn.settled();
      const event = app.webhooks.find((h) => h.body.includes(orderID));
      return async () => {
        const { sent, fetch } = recordingWorker();
        const res = await fetch(webhookRequest(event?.body ?? "", event?.headers ?? new Headers()));
        await deliver(sent.map((body) => ({ body })));
        return res;
      };
    },
    changes: () => [
      { table: "payments", action: "update", before: { status: "created" }, after: { status: "completed" } },
      { table: "entries", action: "insert", after: { credit_used_cents: 200 } },
    ],
  },

  // ---- the admin's entry API
  {
    name: "entry add (POST /api/admin/entry/add)",
    actor: "admin",
    write: async (w) => () =>
      call("POST", "/api/admin/entry/add", {
        token: w.adminToken,
        body: { values: { round_id: w.open.id, player: w.player.id, division: "MA2", ace: true, credit_used: "6" } },
      }),
    changes: () => [{ table: "entries", action: "insert", after: { division: "MA2", credit_used_cents: 600 } }],
  },
  {
    name: "entry update (POST /api/admin/entry/update)",
    actor: "admin",
    write: async (w) => {
      await paid(w);
      const version = await versionOf(entry(w, 0));
      return () =>
        call("POST", "/api/admin/entry/update", {
          token: w.adminToken,
          body: { id: entry(w, 0), version, values: { credit_added: "1.50" } },
        });
    },
    changes: (w) => [
      { table: "entries", action: "update", rowId: entry(w, 0), before: { credit_added_cents: 0 }, after: { credit_added_cents: 150 } },
    ],
  },
  {
    name: "entry bulk update (POST /api/admin/entry/bulk)",
    actor: "admin",
    write: async (w) => {
      await paid(w);
      const data = [
        { id: entry(w, 1), version: await versionOf(entry(w, 1)), value: { credit_added: "2" } },
        { id: entry(w, 2), version: await versionOf(entry(w, 2)), value: { payoutAdjust: "-0.25", ace: false } },
      ];
      return () => call("POST", "/api/admin/entry/bulk", { token: w.adminToken, body: { data } });
    },
    changes: (w) => [
      { table: "entries", action: "update", rowId: entry(w, 1), after: { credit_added_cents: 200 } },
      { table: "entries", action: "update", rowId: entry(w, 2), before: { ace: 1 }, after: { payout_adjust_cents: -25, ace: 0 } },
    ],
  },
  {
    name: "entry delete (POST /api/admin/entry/delete), the round's payouts with it",
    actor: "admin",
    write: async (w) => {
      await paid(w);
      const version = await versionOf(entry(w, 0));
      return () => call("POST", "/api/admin/entry/delete", { token: w.adminToken, body: { id: entry(w, 0), version } });
    },
    changes: (w) => [
      { table: "entries", action: "delete", rowId: entry(w, 0), before: { payout_cents: expect.any(Number) } },
      ...payoutRows(),
    ],
  },
  {
    name: "payouts (POST /api/admin/entry/payouts)",
    actor: "admin",
    write: async (w) => () => call("POST", "/api/admin/entry/payouts", { token: w.adminToken, body: { round_id: w.played.id } }),
    changes: payoutRows,
  },
  {
    name: "credit payouts (POST /api/admin/entry/creditPayouts)",
    actor: "admin",
    write: async (w) => {
      await paid(w);
      return () => call("POST", "/api/admin/entry/creditPayouts", { token: w.adminToken, body: { round_id: w.played.id } });
    },
    changes: (w) => [
      {
        table: "entries",
        action: "update",
        rowId: entry(w, 0),
        before: { credit_added_cents: 0 },
        after: { credit_added_cents: expect.any(Number) },
      },
    ],
  },

  // ---- the entry manager and the scores page
  {
    name: "entry manager: add (/admin/round/play)",
    actor: "admin",
    write: page(
      (w) => `/admin/round/play/${w.open.id}`,
      (w) => ({ intent: "add", player: String(w.player.id), division: "MA2", ace: "on", credit_used: "0" }),
    ),
    changes: () => [{ table: "entries", action: "insert", after: { division: "MA2", ace: 1 } }],
  },
  {
    name: "entry manager: save (/admin/round/play)",
    actor: "admin",
    write: page(
      (w) => `/admin/round/play/${w.played.id}`,
      async (w) => ({
        intent: "save",
        "rows[0].id": String(entry(w, 3)),
        "rows[0].version": await v(entry(w, 3)),
        "rows[0].credit_added": "3.00",
      }),
      paid,
    ),
    changes: (w) => [{ table: "entries", action: "update", rowId: entry(w, 3), after: { credit_added_cents: 300 } }],
  },
  {
    name: "entry manager: delete (/admin/round/play)",
    actor: "admin",
    write: page(
      (w) => `/admin/round/play/${w.played.id}`,
      async (w) => ({ intent: "deleteEntry", id: String(entry(w, 3)), version: await v(entry(w, 3)) }),
      paid,
    ),
    changes: (w) => [{ table: "entries", action: "delete", rowId: entry(w, 3) }],
  },
  {
    name: "entry manager: credit payouts (/admin/round/play)",
    actor: "admin",
    write: page(
      (w) => `/admin/round/play/${w.played.id}`,
      () => ({ intent: "creditPayouts" }),
      paid,
    ),
    changes: (w) => [{ table: "entries", action: "update", rowId: entry(w, 0), before: { credit_added_cents: 0 } }],
  },
  {
    name: "entry manager: payouts (/admin/round/play)",
    actor: "admin",
    write: page(
      (w) => `/admin/round/play/${w.played.id}`,
      () => ({ intent: "syncPayouts" }),
    ),
    changes: payoutRows,
  },
  {
    name: "scores page: a score typed (/admin/round/scores)",
    actor: "admin",
    write: page(
      (w) => `/admin/round/scores/${w.played.id}`,
      async (w) => ({ intent: "save", "rows[0].id": String(entry(w, 0)), "rows[0].version": await v(entry(w, 0)), "rows[0].score": "60" }),
      paid,
    ),
    changes: (w) => [{ table: "entries", action: "update", rowId: entry(w, 0), after: { payout_cents: 0 } }],
  },
  {
    name: "scores page: a pasted card, every score at once (/admin/round/scores)",
    actor: "admin",
    write: page(
      (w) => `/admin/round/scores/${w.played.id}`,
      async (w) =>
        Object.fromEntries([
          ["intent", "save"],
          ...(
            await Promise.all(
              w.entries.map(async (e, i) => [
                [`rows[${i}].id`, String(e.id)],
                [`rows[${i}].version`, await v(e.id)],
                [`rows[${i}].score`, String(60 - i)],
              ]),
            )
          ).flat(),
        ]),
      paid,
    ),
    // The worst card is now the best: its payout moves off zero.
    changes: (w) => [
      { table: "entries", action: "update", rowId: entry(w, 3), before: { payout_cents: 0 }, after: { payout_cents: expect.any(Number) } },
    ],
  },

  // ---- transfers and aces, by the API and by their pages
  {
    name: "transfer add (POST /api/transfers/add)",
    actor: "admin",
    write: async (w) => () =>
      call("POST", "/api/transfers/add", {
        token: w.adminToken,
        body: { values: { d: nowSec(), fromPlayer: w.player.id, toPlayer: w.field[0]?.id, amt: "4" } },
      }),
    changes: (w) => [{ table: "transfers", action: "insert", after: { from_player_id: w.player.id, amt_cents: 400 } }],
  },
  {
    name: "transfer delete (POST /api/transfers/delete)",
    actor: "admin",
    write: async (w) => {
      const t = await makeTransfer({ fromPlayerId: null, toPlayerId: w.field[1]?.id ?? null, amountCents: 250 });
      return () => call("POST", "/api/transfers/delete", { token: w.adminToken, body: { id: t.id } });
    },
    changes: () => [{ table: "transfers", action: "delete", before: { amt_cents: 250 } }],
  },
  {
    name: "transfer add (/transfers page)",
    actor: "admin",
    write: page(
      () => "/transfers",
      (w) => ({
        intent: "addTransfer",
        date: todayInputValue(TZ),
        fromPlayer: "",
        toPlayer: String(w.player.id),
        amount: "1.25",
        description: "Cash",
      }),
    ),
    changes: (w) => [{ table: "transfers", action: "insert", after: { from_player_id: null, to_player_id: w.player.id, amt_cents: 125 } }],
  },
  {
    name: "transfer delete (/transfers page)",
    actor: "admin",
    write: async (w) => {
      const t = await makeTransfer({ fromPlayerId: null, toPlayerId: w.player.id, amountCents: 75 });
      return () => postPage("/transfers", { intent: "deleteTransfer", id: String(t.id) }, w.adminToken);
    },
    changes: () => [{ table: "transfers", action: "delete", before: { amt_cents: 75 } }],
  },
  {
    name: "ace add (POST /api/ace/add)",
    actor: "admin",
    write: async (w) => () =>
      call("POST", "/api/ace/add", { token: w.adminToken, body: { values: { d: nowSec(), player: w.field[0]?.id, amt: "1.00" } } }),
    changes: (w) => [{ table: "aces", action: "insert", after: { player_id: w.field[0]?.id, amt_cents: 100 } }],
  },
  {
    name: "ace delete (POST /api/ace/delete)",
    actor: "admin",
    write: async (w) => {
      const ace = await makeAce({ playerId: w.field[0]?.id ?? 0, amountCents: 100, date: nowSec() });
      return () => call("POST", "/api/ace/delete", { token: w.adminToken, body: { id: ace.id } });
    },
    changes: () => [{ table: "aces", action: "delete", before: { amt_cents: 100 } }],
  },
  {
    name: "ace add (/aces page)",
    actor: "admin",
    write: page(
      () => "/aces",
      (w) => ({ intent: "addAce", date: todayInputValue(TZ), player: String(w.field[1]?.id), amount: "2.00" }),
    ),
    changes: () => [{ table: "aces", action: "insert", after: { amt_cents: 200 } }],
  },
  {
    name: "ace delete (/aces page)",
    actor: "admin",
    write: async (w) => {
      const ace = await makeAce({ playerId: w.field[1]?.id ?? 0, amountCents: 150, date: nowSec() });
      return () => postPage("/aces", { intent: "deleteAce", id: String(ace.id) }, w.adminToken);
    },
    changes: () => [{ table: "aces", action: "delete", before: { amt_cents: 150 } }],
  },

  // ---- rounds: fees, by one round's form and the multi-round editor
  {
    name: "single round save (POST /api/admin/round)",
    actor: "admin",
    write: async (w) => {
      await inRound2031(w);
      const version = await roundVersionOf(w.open.id);
      return () => call("POST", "/api/admin/round", { token: w.adminToken, body: roundBody(w.open.id, { fee_pdga: "1.00", version }) });
    },
    changes: (w) => [
      { table: "rounds", action: "update", rowId: w.open.id, before: { fee_pdga_cents: 50 }, after: { fee_pdga_cents: 100 } },
    ],
  },
  {
    name: "single round save (/admin/rounds/{id} page)",
    actor: "admin",
    write: page(
      (w) => `/admin/rounds/${w.open.id}`,
      async (w) => ({ ...roundForm({ payout: "5.00" }), version: String(await roundVersionOf(w.open.id)) }),
      inRound2031,
    ),
    changes: (w) => [{ table: "rounds", action: "update", rowId: w.open.id, after: { payout_cents: 500 } }],
  },
  {
    name: "multi-round save (/admin/rounds/multi-edit)",
    actor: "admin",
    write: page(
      () => "/admin/rounds/multi-edit",
      async (w) => ({
        ...Object.fromEntries(Object.entries(roundForm({ fee_course: "1", ace: "2" })).map(([k, value]) => [`rows[0].${k}`, value])),
        "rows[0].id": String(w.open.id),
        "rows[0].version": String(await roundVersionOf(w.open.id)),
        "rows[0].row": "1",
        "rows[0].delete": "0",
        shown: String(w.open.id),
      }),
      inRound2031,
    ),
    changes: (w) => [
      {
        table: "rounds",
        action: "update",
        rowId: w.open.id,
        before: { fee_course_cents: 0, ace_cents: 100 },
        after: { fee_course_cents: 100, ace_cents: 200 },
      },
    ],
  },

  // ---- registration moves no money: no row
  {
    name: "registration close (POST /api/admin/round/openForRegistration)",
    actor: "admin",
    write: async (w) => () =>
      call("POST", "/api/admin/round/openForRegistration", { token: w.adminToken, body: { id: w.open.id, openForRegistration: false } }),
    changes: () => [],
  },
  {
    name: "registration open (/admin/rounds page)",
    actor: "admin",
    write: page(
      () => "/admin/rounds",
      (w) => ({ intent: "registration", id: String(w.open.id), open: "true" }),
    ),
    changes: () => [],
  },
  // ---- the money of ADR 22 and 23: cash, withdrawals, refunds, the books' fixes, expired orders
  {
    name: "cash for an entry (POST /api/admin/entry/cash)",
    actor: "admin",
    write: async (w) => () =>
      call("POST", "/api/admin/entry/cash", { token: w.adminToken, body: { id: entry(w, 0), amount: "6", note: "at the course" } }),
    changes: () => [{ table: "payments", action: "insert", after: { method: "cash", status: "completed", amount_cents: 600 } }],
  },
  {
    name: "cash for an entry (entries screen)",
    actor: "admin",
    write: page(
      (w) => `/admin/round/play/${w.played.id}`,
      (w) => ({ intent: "cash", id: String(entry(w, 1)), amount: "3.00", note: "walk-up" }),
    ),
    changes: () => [{ table: "payments", action: "insert", after: { method: "cash", amount_cents: 300 } }],
  },
  {
    name: "a player withdraws, paid in credit and cash (DELETE /api/entries/{id})",
    actor: "player",
    write: async (w) => {
      await inRound2031(w);
      // $5 of the $6 from credit, $1 in cash at the course.
      await makeEntry({ roundId: w.open.id, playerId: w.player.id, division: "MA2", creditUsedCents: 500 });
      await makePayment({
        roundId: w.open.id,
        playerId: w.player.id,
        method: "cash",
        amountCents: 100,
        captureId: null,
        transactionId: null,
      });
      const [mine] = await testDb().select().from(entries).where(eq(entries.roundId, w.open.id));
      return () => call("DELETE", `/api/entries/${mine?.id ?? 0}`, { token: w.userToken });
    },
    changes: (w) => [
      { table: "entries", action: "delete", before: { credit_used_cents: 500 } },
      { table: "transfers", action: "insert", after: { from_player_id: null, to_player_id: w.player.id, amt_cents: 100 } },
    ],
  },
  {
    name: "a refund through the webhook and the queue (PAYMENT.CAPTURE.REFUNDED)",
    actor: "paypal",
    write: async (w) => {
      const orderID = await approvedOrder(app, payer(w));
      await capture(payer(w), orderID);
      await app.standIn.settled();
      await app.standIn.refund(orderID, 150);
      const event = app.webhooks[app.webhooks.length - 1];
      return async () => {
        const { sent, fetch } = recordingWorker();
        const res = await fetch(webhookRequest(event?.body ?? "", event?.headers ?? new Headers()));
        await deliver(sent.map((body) => ({ body })));
        return res;
      };
    },
    changes: () => [{ table: "payment_refunds", action: "insert", after: { kind: "refund", amount_cents: 150, resolution: null } }],
  },
  {
    name: "keep an entry PayPal refunded (POST /api/admin/entry/keep)",
    actor: "admin",
    write: async (w) => {
      const paid = await paidEntry({ creditCents: 200, paypal: true });
      await recordRefund(testDb(), refundEvent(paid.paypal?.captureId ?? "", 200));
      return () => call("POST", "/api/admin/entry/keep", { token: w.adminToken, body: { id: paid.entry.id } });
    },
    changes: () => [{ table: "payment_refunds", action: "update", before: { resolution: null }, after: { resolution: "kept" } }],
  },
  {
    name: "give back money received for no entry (the books' fix, entries screen)",
    actor: "admin",
    write: async (w) => {
      const cash = await makePayment({
        roundId: w.played.id,
        playerId: w.player.id,
        method: "cash",
        amountCents: 250,
        captureId: null,
        transactionId: null,
      });
      return () => postPage(`/admin/round/play/${w.played.id}`, { intent: "giveBack", payment: String(cash.id) }, w.adminToken);
    },
    changes: (w) => [{ table: "transfers", action: "insert", after: { to_player_id: w.player.id, amt_cents: 250 } }],
  },
  {
    name: "a new PayPal order expires the player's earlier one (POST /api/entries/paypal-order)",
    actor: "player",
    write: async (w) => {
      await createOrder(payer(w));
      return () => createOrder(payer(w), { ace: false });
    },
    changes: () => [
      { table: "payments", action: "update", before: { status: "created" }, after: { status: "expired" } },
      { table: "payments", action: "insert", after: { status: "created" } },
    ],
  },
];

/** Several audit rows of one row in one write read as one change: the first before, the last after. */
function folded(rows: LoggedChange[]): LoggedChange[] {
  const byKey = new Map<string, LoggedChange[]>();
  for (const r of rows) byKey.set(`${r.table}:${r.rowId}`, [...(byKey.get(`${r.table}:${r.rowId}`) ?? []), r]);
  return [...byKey.values()].flatMap((list) => {
    const first = list[0] as LoggedChange;
    const last = list.at(-1) as LoggedChange;
    if (first.action === "insert" && last.action === "delete") return [];
    const action = first.action === "insert" ? "insert" : last.action === "delete" ? "delete" : "update";
    return [{ ...last, action, before: first.before, after: last.after }];
  });
}

async function actorOf(w: League, who: Actor) {
  if (who === "paypal") return { actorUserId: null, actorName: null, actorRole: "paypal" };
  const user = who === "admin" ? w.admin : w.user;
  return { actorUserId: user.id, actorName: user.name, actorRole: who };
}

describe("every money write path records who, and the before and after", () => {
  it.each(PATHS)("$name", async (path) => {
    const w = await league();
    const write = await path.write(w);
    const [mark, before] = await Promise.all([lastAuditId(), moneyState()]);
    const res = await write();
    if (res) expect(res.status, await res.clone().text()).toBeLessThan(400);
    const [rows, after] = await Promise.all([auditRowsAfter(mark), moneyState()]);

    const actor = await actorOf(w, path.actor);
    for (const r of rows) expect({ actorUserId: r.actorUserId, actorName: r.actorName, actorRole: r.actorRole }).toEqual(actor);
    const changed = changesBetween(before, after);
    expect(folded(rows.map(loggedChange)).sort(byRow)).toEqual(changed.sort(byRow));
    const expected = path.changes(w);
    for (const e of expected) {
      expect(changed, JSON.stringify(e)).toContainEqual(
        expect.objectContaining({
          table: e.table,
          action: e.action,
          ...(e.rowId ? { rowId: e.rowId } : {}),
          ...(e.before ? { before: expect.objectContaining(e.before) } : {}),
          ...(e.after ? { after: expect.objectContaining(e.after) } : {}),
        }),
      );
    }
    if (expected.length === 0) expect(rows).toEqual([]);
  });
});

describe("a refused write leaves no audit row", () => {
  it("a player's transfer, entry change and page post are refused, and the log does not grow", async () => {
    const w = await league();
    const mark = await lastAuditId();
    const transfer = { values: { d: nowSec(), fromPlayer: null, toPlayer: w.player.id, amt: "5" } };
    expect((await call("POST", "/api/transfers/add", { token: w.userToken, body: transfer })).status).toBe(403);
    const update = { id: entry(w, 0), values: { credit_added: "9" } };
    expect((await call("POST", "/api/admin/entry/update", { token: w.userToken, body: update })).status).toBe(403);
    const posted = await postPage(
      "/transfers",
      { intent: "addTransfer", date: todayInputValue(TZ), toPlayer: String(w.player.id), amount: "5" },
      w.userToken,
    );
    expect(posted.status).toBe(302);
    expect(await auditRowsAfter(mark)).toEqual([]);
  });

  it("a locked admin's token that still verifies is refused before any write, so it never names the actor", async () => {
    const w = await league();
    const locked = await makeUser({ isAdmin: true });
    const stale = await tokenFor(locked);
    await testDb().update(users).set({ locked: true }).where(eq(users.id, locked.id));
    const mark = await lastAuditId();
    const body = { values: { d: nowSec(), fromPlayer: null, toPlayer: w.player.id, amt: "5" } };
    expect((await call("POST", "/api/transfers/add", { token: stale, body })).status).toBe(401);
    const posted = await postPage(`/admin/round/play/${w.played.id}`, { intent: "syncPayouts" }, stale);
    expect(posted.headers.get("Location")).toBe("/login");
    expect(await auditRowsAfter(mark)).toEqual([]);
    expect(await testDb().select().from(entries).where(eq(entries.roundId, w.played.id))).toEqual(
      expect.arrayContaining(w.entries.map((e) => expect.objectContaining({ id: e.id, payoutCents: 0 }))),
    );
  });
});
