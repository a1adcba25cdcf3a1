// Every page action (the `action` exports of app/routes/*.tsx), described by its valid
// forms: who may post them, the route's parameters, and a kind for each field.
// actionCases() turns a description into the action's bad posts, each called the way the
// Worker calls it (tests/route-fixtures.ts: the test Worker has no page build).
import { PASSWORD, uniqueIp, uniqueEmail } from "../auth-fixtures";
import { argsWith } from "../route-fixtures";
import { type FormField, formCases } from "./generators";
import type { ActionCase } from "./run";
import { MISSING_ID, NO_LEAGUE_CODE, type Targets } from "./targets";
import type { Session } from "~/.server/auth/current-user";
import * as acesPage from "~/routes/aces";
import * as adminClaimsPage from "~/routes/admin-claims";
import * as courseFormPage from "~/routes/admin-course-form";
import * as coursesPage from "~/routes/admin-courses";
import * as layoutFormPage from "~/routes/admin-layout-form";
import * as adminLoginPage from "~/routes/admin-login";
import * as adminMembersPage from "~/routes/admin-members";
import * as adminPayPalPage from "~/routes/admin-paypal";
import * as adminPlayerPage from "~/routes/admin-player";
import * as roundFormPage from "~/routes/admin-round-form";
import * as nightPage from "~/routes/admin-round-night";
import * as messagePage from "~/routes/admin-round-message";
import * as roundPlayPage from "~/routes/admin-round-play";
import * as roundScoresPage from "~/routes/admin-round-scores";
import * as roundScorePage from "~/routes/round-score";
import * as multiEditPage from "~/routes/admin-rounds-multi";
import * as roundsPage from "~/routes/admin-rounds";
import * as adminSettingsPage from "~/routes/admin-settings";
import * as adminTagsPage from "~/routes/admin-tags";
import * as adminUserPage from "~/routes/admin-user";
import * as adminUsersPage from "~/routes/admin-users";
import * as forgotPage from "~/routes/forgot-password";
import * as homePage from "~/routes/home";
import * as invitePage from "~/routes/invite";
import * as joinPage from "~/routes/join";
import * as loginPage from "~/routes/login";
import * as logoutPage from "~/routes/logout";
import * as playersPage from "~/routes/players";
import * as profilePage from "~/routes/profile";
import * as leaguesNewPage from "~/routes/leagues-new";
import * as registerPage from "~/routes/register";
import * as resetPage from "~/routes/reset-password";
import * as roundPage from "~/routes/round";
import * as transfersPage from "~/routes/transfers";
import * as unsubscribePage from "~/routes/unsubscribe";
import * as messagesOffPage from "~/routes/messages-off";
import * as preferencesPage from "~/routes/preferences";
import * as operatorPage from "~/routes/operator";

export type ActionTargets = Targets & { adminSession: Session; playerSession: Session };

/** A form's fields by name (an undefined one is not posted). */
type Fields = Record<string, string | undefined>;

type Form = { name: string; valid: (t: ActionTargets) => Record<string, string>; fields: Record<string, FormField> };

/** One bad post an action's description adds by hand: a business rule, a target that is not there. */
type Extra = { name: string; fields: Fields; params?: Record<string, string>; status?: number };

export type ActionRoute = {
  /** The page's path, `{name}` standing for a route parameter. */
  path: string;
  /** Its name in the run when a path has two descriptions (forms tried on different targets). */
  name?: string;
  action: (args: never) => Promise<unknown>;
  /** Who may post: admin routes send others to /login or /, user routes send nobody to /login. */
  role: "admin" | "user" | "public";
  params?: (t: ActionTargets) => Record<string, string>;
  forms: Form[];
  extras?: (t: ActionTargets) => Extra[];
  /** A post of no fields at all is a valid post. */
  emptyFormIsValid?: boolean;
  /** Forms posted here by other roles (the admin's player forms on /players): their wrong-role cases. */
  guardedForms?: { role: "admin"; valid: (t: ActionTargets) => Record<string, string> }[];
  /**
   * The action reads none of the path's parameters: they name what the page shows, and the
   * form names what it posts (/join/{code}'s Join). No bad-parameter cases: the loader's.
   */
  paramsUnread?: true;
};

/** The settings form as a fresh league's page posts it (its defaults). */
const SETTINGS_FORM = {
  pointsFirst: "100",
  pointsStep: "5",
  pointsFloor: "10",
  pointsParticipation: "5",
  standingsBestN: "10",
  handicapRounds: "10",
  handicapPercent: "80",
  handicapPar: "54",
};

/** Bad values of an id in a route's path, as the router hands them over (decoded). */
const BAD_PATH_IDS = ["0", "-1", "1.5", "abc", "1e3", "0x10", " 1", "1 ", String(2 ** 53), "9".repeat(40), "1\u0000", "NaN", ""];

const id = { kind: "id" } as const;
/** The version a stored row was read at (ADR 20). */
const version: FormField = { kind: "int", min: 0, max: Number.MAX_SAFE_INTEGER };
const text = (max: number, more: object = {}): FormField => ({ kind: "text", max, ...more });
const money = (kind: "money+" | "money0" | "money±", optional = false): FormField => ({ kind, optional });
const note: FormField = { kind: "text", max: 500, optional: true, blankOk: true };
const intent = (...values: string[]): FormField => ({ kind: "enum", values });
/** The confirmation of a password: anything but the password itself. */
const confirm: FormField = { kind: "custom", bad: ["Not-The-Same-9", "", `${PASSWORD} `] };

const roundFormFields: Record<string, FormField> = {
  date: { kind: "date" },
  time: { kind: "time" },
  name: text(100),
  location: text(100),
  layout_id: { kind: "id", optional: true, blankIsNone: true },
  fee_pdga: money("money0"),
  fee_course: money("money0"),
  fee_other: money("money0"),
  ace: money("money0"),
  payout: money("money0"),
  pdga_url: { kind: "url", optional: true },
  tags: { kind: "checkbox", optional: true },
};

const courseFormFields: Record<string, FormField> = { name: text(100), place: text(200, { optional: true, blankOk: true }) };

/** A layout form of 18 par-3 holes, 300 ft each (so a hole without its par is still a row). */
const layoutForm = (more: Record<string, string> = {}): Record<string, string> => ({
  name: "Short tees",
  hole_count: "18",
  ...Object.fromEntries(
    Array.from({ length: 18 }, (_, i) => [
      [`holes[${i}].par`, "3"],
      [`holes[${i}].distance_feet`, "300"],
    ]).flat(),
  ),
  ...more,
});
const layoutFormFields: Record<string, FormField> = {
  name: text(60),
  hole_count: { kind: "int", min: 9, max: 27 },
  "holes[0].par": { kind: "int", min: 2, max: 9 },
  "holes[0].distance_feet": { kind: "int", min: 1, max: 3000, optional: true, blankIsNone: true },
  "holes[0].second_card_order": { kind: "int", min: 1, max: 27, optional: true, blankIsNone: true },
};

const roundForm = (): Record<string, string> => ({
  date: "2031-03-13",
  time: "19:30",
  name: "Thursday Doubles",
  location: "Oak Hollow",
  layout_id: "",
  fee_pdga: ".5",
  fee_course: "1",
  fee_other: "0",
  ace: "1",
  payout: "4.50",
  pdga_url: "",
});

const entryForms: Form[] = [
  {
    name: "add",
    valid: (t) => ({ intent: "add", player: String(t.spare.id), division: "MA1", ace: "on", credit_used: "0" }),
    fields: {
      intent: intent("add", "save", "deleteEntry", "creditPayouts", "syncPayouts", "cash", "keepEntry", "giveBack", "takeBack"),
      player: { kind: "id" },
      division: { kind: "division" },
      ace: { kind: "flag", optional: true },
      credit_used: money("money0", true),
    },
  },
  {
    name: "save",
    valid: (t) => ({ intent: "save", "rows[0].id": String(t.entry.id), "rows[0].version": String(t.entry.version), "rows[0].score": "50" }),
    fields: {
      "rows[0].id": id,
      "rows[0].version": version,
      "rows[0].score": { kind: "score", optional: true },
      "rows[0].payoutAdjust": money("money±", true),
      "rows[0].credit_added": money("money0", true),
      "rows[0].division": { kind: "division", optional: true },
      "rows[0].ace": { kind: "flag", optional: true },
    },
  },
  {
    name: "deleteEntry",
    valid: (t) => ({ intent: "deleteEntry", id: String(t.entry.id), version: String(t.entry.version), reason: "" }),
    fields: { id, version, reason: text(300, { optional: true, blankOk: true }) },
  },
  // The money forms (ADR 22): cash paid at the course, keeping a refunded entry, the books' fixes.
  {
    name: "cash",
    valid: (t) => ({ intent: "cash", id: String(t.entry.id), amount: "6.00", note: "" }),
    fields: { id, amount: money("money+"), note: text(200, { optional: true, blankOk: true }) },
  },
  { name: "keepEntry", valid: (t) => ({ intent: "keepEntry", id: String(t.entry.id) }), fields: { id } },
  { name: "giveBack", valid: () => ({ intent: "giveBack", payment: String(MISSING_ID) }), fields: { payment: id } },
  { name: "takeBack", valid: () => ({ intent: "takeBack", payment: String(MISSING_ID) }), fields: { payment: id } },
];

const entryExtras = (t: ActionTargets): Extra[] => [
  { name: "a player already entered", fields: { intent: "add", player: String(t.entered.id), division: "MA1" }, status: 409 },
  { name: "a player that does not exist", fields: { intent: "add", player: String(MISSING_ID), division: "MA1" }, status: 404 },
  { name: "a first name without a last name", fields: { intent: "add", newFirstName: "Ann", division: "MA1" } },
  { name: "more credit than the player has", fields: { intent: "add", player: String(t.spare.id), division: "MA1", credit_used: "5" } },
  { name: "rows with a gap", fields: { intent: "save", "rows[0].id": String(t.entry.id), "rows[2].id": String(t.entry.id) } },
  { name: "rows as a field and a list", fields: { intent: "save", rows: "x", "rows[0].id": String(t.entry.id) } },
  { name: "a row index past any form", fields: { intent: "save", "rows[9999].id": String(t.entry.id) } },
  {
    name: "501 rows",
    fields: Object.fromEntries([["intent", "save"], ...Array.from({ length: 501 }, (_, i) => [`rows[${i}].id`, String(t.entry.id)])]),
  },
  { name: "an entry that does not exist", fields: { intent: "deleteEntry", id: String(MISSING_ID), version: "0" }, status: 404 },
  {
    name: "another round's entry",
    fields: { intent: "deleteEntry", id: String(t.entry.id), version: String(t.entry.version) },
    params: { roundId: String(t.closedRound.id) },
  },
  {
    name: "a save of an entry at a version it does not have",
    fields: { intent: "save", "rows[0].id": String(t.entry.id), "rows[0].version": String(t.entry.version + 1), "rows[0].score": "50" },
    status: 409,
  },
  {
    name: "a delete of an entry at a version it does not have",
    fields: { intent: "deleteEntry", id: String(t.entry.id), version: String(t.entry.version + 1) },
    status: 409,
  },
  { name: "payouts of a round that does not exist", fields: { intent: "creditPayouts" }, params: { roundId: String(MISSING_ID) } },
];

/** The entries screen's money forms (ADR 22): only the play page takes them. */
const moneyExtras = (t: ActionTargets): Extra[] => [
  { name: "cash for an entry that does not exist", fields: { intent: "cash", id: String(MISSING_ID), amount: "6" }, status: 404 },
  { name: "an absurd amount of cash", fields: { intent: "cash", id: String(t.entry.id), amount: "500.01" }, status: 400 },
  {
    name: "cash for another round's entry",
    fields: { intent: "cash", id: String(t.entry.id), amount: "6" },
    params: { roundId: String(t.closedRound.id) },
    status: 404,
  },
  { name: "keeping an entry PayPal refunded nothing of", fields: { intent: "keepEntry", id: String(t.entry.id) }, status: 409 },
  { name: "giving back a payment that does not exist", fields: { intent: "giveBack", payment: String(MISSING_ID) }, status: 404 },
  { name: "taking back credit of a payment that does not exist", fields: { intent: "takeBack", payment: String(MISSING_ID) }, status: 404 },
];

/** The league-night screen's forms (ADR 25): each valid post would change the round, so only its bad variants are sent. */
const requestKey: FormField = { kind: "custom", bad: ["", "short", "has spaces in it", "x".repeat(65)] };
// Rain-outs (ADR 50), on the night and entries screens: posted to a round of their own, so
// one that slipped through could not cancel the round the other forms are tried on.
const rainoutForms: Form[] = [
  {
    name: "cancelRound",
    valid: () => ({ intent: "cancelRound", reason: "weather" }),
    fields: { reason: text(80), aces_stand: { kind: "enum", values: ["on"], optional: true } },
  },
  { name: "restoreRound", valid: () => ({ intent: "restoreRound" }), fields: {} },
  {
    name: "postponeRound",
    valid: () => ({ intent: "postponeRound", date: "2031-03-13", time: "19:30", version: "999" }),
    fields: { date: { kind: "date" }, time: { kind: "time" }, version },
  },
  { name: "endEarly", valid: () => ({ intent: "endEarly" }), fields: {} },
];

const nightForms: Form[] = [
  // Live scoring's Finalise (ADR 26).
  {
    name: "finalizeLive",
    valid: () => ({ intent: "finalizeLive", confirm_unsigned: "on" }),
    fields: { confirm_unsigned: { kind: "checkbox", optional: true } },
  },
  {
    name: "checkIn",
    valid: (t) => ({ intent: "checkIn", entry_id: String(t.entry.id) }),
    fields: { intent: intent("checkIn", "undoCheckIn"), entry_id: id },
  },
  // A withdrawal before the card's first score, a DNF after it (ADR 34).
  {
    name: "withdraw",
    valid: (t) => ({ intent: "withdraw", entry_id: String(t.entry.id), reason: "" }),
    fields: { entry_id: id, reason: text(300, { optional: true, blankOk: true }) },
  },
  {
    name: "markDnf",
    valid: (t) => ({ intent: "markDnf", entry_id: String(t.entry.id), reason: "" }),
    fields: { entry_id: id, reason: text(300, { optional: true, blankOk: true }) },
  },
  {
    name: "cash",
    valid: (t) => ({ intent: "cash", entry_id: String(t.entry.id), amount: "6.00", note: "", request_key: "hostile-night-cash" }),
    fields: { entry_id: id, amount: money("money+"), note: text(200, { optional: true, blankOk: true }), request_key: requestKey },
  },
  {
    name: "walkUp",
    valid: (t) => ({
      intent: "walkUp",
      player: String(t.spare.id),
      pdga: "",
      division: "MA2",
      ace: "1",
      amount: "6.00",
      note: "",
      request_key: "hostile-night-walk",
    }),
    fields: {
      player: { kind: "id" },
      pdga: { kind: "pdga", optional: true },
      division: { kind: "division" },
      ace: { kind: "flag", optional: true },
      // Cash may be blank when credit pays (ADR 38), never both: this valid form has no credit.
      amount: money("money+"),
      // Blank is none.
      credit: { kind: "custom", bad: ["-0.01", "0.001", "abc", "1e3", "500.01", "$-1", "12,50"], optional: true },
      request_key: requestKey,
    },
  },
  {
    name: "makeCards",
    valid: () => ({ intent: "makeCards", version: "0", mode: "rating", start: "tee_times" }),
    fields: { version, mode: intent("random", "rating", "division"), start: intent("shotgun", "tee_times") },
  },
  {
    name: "moveCard",
    valid: (t) => ({ intent: "moveCard", version: "0", entry_id: String(t.entry.id), to: "2" }),
    fields: { version, entry_id: id, to: { kind: "custom", bad: ["", "newer", "0", "-1", "1.5", "card 2"] } },
  },
  {
    name: "lateArrival",
    valid: (t) => ({ intent: "lateArrival", version: "0", entry_id: String(t.entry.id) }),
    fields: { version, entry_id: id },
  },
  {
    name: "cardStart",
    valid: () => ({ intent: "cardStart", version: "0", number: "1", start_hole: "4" }),
    fields: {
      version,
      number: id,
      start_hole: { kind: "id", blankIsNone: true },
      tee_time: { kind: "custom", bad: ["25:00", "7pm", "18:60"], optional: true },
    },
  },
  { name: "publish", valid: () => ({ intent: "publish", version: "0" }), fields: { version } },
  // Random-draw doubles (ADR 31).
  {
    name: "drawTeams",
    valid: () => ({ intent: "drawTeams", version: "0", mode: "random" }),
    fields: { version, mode: intent("random", "balanced") },
  },
  // Side pots (ADR 30).
  {
    name: "addPot",
    valid: () => ({ intent: "addPot", name: "Hostile CTP", kind: "ctp", buy_in: "2.00", holes: "3, 7" }),
    fields: {
      name: text(40),
      kind: intent("ctp", "custom"),
      buy_in: money("money+"),
      holes: { kind: "custom", bad: ["0", "28", "three", "3, x", "-1", "1.5"] },
    },
  },
  { name: "deletePot", valid: () => ({ intent: "deletePot", pot_id: String(MISSING_ID) }), fields: { pot_id: id } },
  {
    name: "potPlayer",
    valid: (t) => ({ intent: "potPlayer", pot_id: String(MISSING_ID), entry_id: String(t.entry.id), join: "1", from_credit: "on" }),
    fields: { pot_id: id, entry_id: id, join: intent("1", "0"), from_credit: { kind: "checkbox", optional: true } },
  },
  {
    name: "settleHole",
    valid: (t) => ({ intent: "settleHole", pot_id: String(MISSING_ID), hole: "3", winner: String(t.entry.id), tie_with: "" }),
    fields: {
      pot_id: id,
      hole: { kind: "int", min: 0, max: 27 },
      winner: { kind: "id", optional: true, blankIsNone: true },
      tie_with: { kind: "id", optional: true, blankIsNone: true },
    },
  },
];

/** Joining by code (ADR 47): the code typed, or the join link's in a hidden field. */
const joinForms: Form[] = [
  {
    name: "join",
    valid: () => ({ code: NO_LEAGUE_CODE }),
    fields: { code: { kind: "custom", bad: ["", "   ", " - -", "x".repeat(41)] } },
  },
];
const joinExtras = (t: ActionTargets): Extra[] => [
  { name: "a code no league has", fields: { code: NO_LEAGUE_CODE }, status: 404 },
  { name: "a code of letters no code uses", fields: { code: "I0L1O0" }, status: 404 },
  { name: "a closed league's code", fields: { code: t.closedLeague.joinCode ?? "" }, status: 403 },
];

/**
 * The player's home's "Get it back to PayPal" (ADR 50): a cancelled round's PayPal payment of
 * theirs. The targets' player session has no claim, so no payment is theirs.
 */
const paypalBackForms: Form[] = [
  {
    name: "paypalBack",
    valid: () => ({ intent: "paypalBack", paymentId: String(MISSING_ID) }),
    fields: { intent: intent("paypalBack"), paymentId: id },
  },
];
const paypalBackExtras = (t: ActionTargets): Extra[] => [
  { name: "a payment that does not exist", fields: { intent: "paypalBack", paymentId: String(MISSING_ID) }, status: 404 },
  { name: "someone else's payment", fields: { intent: "paypalBack", paymentId: String(t.cash.id) }, status: 403 },
];

/** A name that is not the league's: no walk of the close form closes the league it walks. */
const NOT_THE_LEAGUES_NAME = "Some Other League";

export const ACTION_ROUTES: ActionRoute[] = [
  // The home page is an index route: a form on it posts to "/?index". The same page at /rounds takes the same form.
  { path: "/?index", action: homePage.action, role: "user", forms: paypalBackForms, extras: paypalBackExtras },
  { path: "/rounds", action: homePage.action, role: "user", forms: paypalBackForms, extras: paypalBackExtras },
  {
    // A CTP from the phone's card (ADR 30): the targets' round has no side pots.
    path: "/rounds/{roundId}/score",
    action: roundScorePage.action,
    role: "user",
    params: (t) => ({ roundId: String(t.round.id) }),
    forms: [
      {
        name: "ctp",
        valid: (t) => ({ intent: "ctp", pot_id: String(MISSING_ID), hole: "3", entry_id: String(t.entry.id), distance: "1.5" }),
        fields: {
          intent: intent("ctp"),
          pot_id: id,
          hole: { kind: "int", min: 1, max: 27 },
          entry_id: id,
          distance: { kind: "custom", bad: ["far", "-1", "100.5"], optional: true },
        },
      },
    ],
    extras: (t) => [
      {
        name: "a CTP in a pot that does not exist",
        fields: { intent: "ctp", pot_id: String(MISSING_ID), hole: "3", entry_id: String(t.entry.id) },
        status: 404,
      },
    ],
  },
  {
    // The round page's Withdraw (ADR 22): a signed-in player's own entry of this round.
    path: "/rounds/{roundId}",
    action: roundPage.action,
    role: "user",
    params: (t) => ({ roundId: String(t.round.id) }),
    forms: [
      { name: "withdraw", valid: (t) => ({ intent: "withdraw", id: String(t.entry.id) }), fields: { intent: intent("withdraw"), id } },
      {
        // The waitlist (ADR 28): the targets' player session has no claim, so a valid join is refused too.
        name: "joinWaitlist",
        valid: () => ({ intent: "joinWaitlist", division: "MA2", ace: "on", auto_confirm: "on" }),
        fields: { division: { kind: "division" }, ace: { kind: "flag", optional: true }, auto_confirm: { kind: "flag", optional: true } },
      },
    ],
    extras: (t) => [
      { name: "join the waitlist without a claim", fields: { intent: "joinWaitlist", division: "MA2" }, status: 403 },
      { name: "leave the waitlist without a claim", fields: { intent: "leaveWaitlist" }, status: 403 },
      { name: "confirm an offer without a claim", fields: { intent: "confirmOffer" }, status: 403 },
      // Check in (ADR 25): the player's own entry; the targets' player session has no claim.
      { name: "check in: someone else's entry", fields: { intent: "checkIn", entry_id: String(t.entry.id) }, status: 403 },
      {
        name: "check in: a box sent as anything but 'on'",
        fields: { intent: "checkIn", entry_id: String(t.entry.id), use_credit: "yes" },
        status: 400,
      },
      { name: "check in: no entry id", fields: { intent: "checkIn" }, status: 400 },
      { name: "undo a check-in: an entry id that is not one", fields: { intent: "undoCheckIn", entry_id: "abc" }, status: 400 },
      { name: "undo a check-in: someone else's entry", fields: { intent: "undoCheckIn", entry_id: String(t.entry.id) }, status: 403 },
      { name: "someone else's entry", fields: { intent: "withdraw", id: String(t.entry.id) }, status: 403 },
      { name: "an entry that does not exist", fields: { intent: "withdraw", id: String(MISSING_ID) }, status: 404 },
      {
        name: "an entry of another round",
        fields: { intent: "withdraw", id: String(t.entry.id) },
        params: { roundId: String(t.closedRound.id) },
        status: 404,
      },
    ],
  },
  {
    path: "/transfers",
    action: transfersPage.action,
    role: "admin",
    forms: [
      {
        name: "addTransfer",
        valid: (t) => ({
          intent: "addTransfer",
          date: "2031-03-13",
          fromPlayer: "",
          toPlayer: String(t.claimed.id),
          amount: "5.00",
          description: "Cash",
        }),
        fields: {
          intent: intent("addTransfer", "deleteTransfer", "addAce", "deleteAce"),
          date: { kind: "date" },
          fromPlayer: { kind: "id", optional: true, blankIsNone: true },
          toPlayer: { kind: "id", optional: true, blankIsNone: true },
          amount: money("money+"),
          description: text(200, { optional: true, blankOk: true }),
        },
      },
      { name: "deleteTransfer", valid: (t) => ({ intent: "deleteTransfer", id: String(t.transfer.id) }), fields: { id } },
    ],
    extras: (t) => {
      const transfer = (from: string, to: string, amount = "5.00") => ({
        intent: "addTransfer",
        date: "2031-03-13",
        fromPlayer: from,
        toPlayer: to,
        amount,
      });
      return [
        { name: "the league to the league", fields: transfer("", ""), status: 400 },
        { name: "a player to themself", fields: transfer(String(t.claimed.id), String(t.claimed.id)), status: 400 },
        { name: "from a player without credit", fields: transfer(String(t.broke.id), ""), status: 409 },
        { name: "to a player that does not exist", fields: transfer("", String(MISSING_ID)), status: 404 },
        { name: "a transfer that does not exist", fields: { intent: "deleteTransfer", id: String(MISSING_ID) }, status: 404 },
      ];
    },
  },
  {
    path: "/aces",
    action: acesPage.action,
    role: "admin",
    forms: [
      {
        name: "addAce",
        valid: (t) => ({ intent: "addAce", date: "2031-03-13", player: String(t.entered.id), amount: "5.00" }),
        fields: { intent: intent("addAce", "deleteAce"), date: { kind: "date" }, player: id, amount: money("money+") },
      },
      { name: "deleteAce", valid: (t) => ({ intent: "deleteAce", id: String(t.ace.id) }), fields: { id } },
    ],
    extras: (t) => [
      {
        name: "more than the pot holds",
        fields: { intent: "addAce", date: "2031-03-13", player: String(t.entered.id), amount: "100000" },
        status: 409,
      },
      {
        name: "a player that does not exist",
        fields: { intent: "addAce", date: "2031-03-13", player: String(MISSING_ID), amount: "1" },
        status: 404,
      },
      { name: "an ace that does not exist", fields: { intent: "deleteAce", id: String(MISSING_ID) }, status: 404 },
    ],
  },
  {
    path: "/admin/claims",
    action: adminClaimsPage.action,
    role: "admin",
    forms: [
      {
        name: "decide",
        valid: (t) => ({ intent: "approve", claimId: String(t.pendingClaim.id), note: "Checked" }),
        fields: { intent: intent("approve", "reject", "conflict", "unlink"), claimId: id, note },
      },
    ],
    extras: (t) => [
      { name: "a conflict without a note", fields: { intent: "conflict", claimId: String(t.pendingClaim.id) }, status: 400 },
      { name: "approving a withdrawn claim", fields: { intent: "approve", claimId: String(t.withdrawnClaim.id) }, status: 409 },
      { name: "a claim that does not exist", fields: { intent: "approve", claimId: String(MISSING_ID) }, status: 404 },
    ],
  },
  {
    path: "/admin/login",
    action: adminLoginPage.action,
    role: "public",
    forms: [
      {
        name: "login",
        valid: (t) => ({ email: t.admin.email, password: "Wrong-Password-1" }),
        fields: { email: { kind: "email" }, password: { kind: "secret" } },
      },
    ],
    extras: (t) => [
      { name: "a wrong password", fields: { email: t.admin.email, password: "Wrong-Password-1" }, status: 401 },
      { name: "a player's own credentials (wrong role)", fields: { email: t.user.email, password: PASSWORD }, status: 401 },
    ],
  },
  {
    path: "/admin/player",
    action: adminPlayerPage.action,
    role: "admin",
    forms: [
      {
        name: "savePlayer",
        valid: (t) => ({ intent: "savePlayer", id: String(t.spare.id), firstName: "Spare", lastName: "Player", pdga: "", division: "MA1" }),
        fields: {
          intent: intent("savePlayer", "deletePlayer"),
          id: { kind: "id", optional: true },
          firstName: text(50),
          lastName: text(50),
          pdga: { kind: "pdga", optional: true },
          division: { kind: "division" },
          inactive: { kind: "flag", optional: true },
        },
      },
      { name: "deletePlayer", valid: (t) => ({ intent: "deletePlayer", id: String(t.spare.id) }), fields: { id } },
    ],
    extras: (t) => [
      {
        name: "a player that does not exist",
        fields: { intent: "savePlayer", id: String(MISSING_ID), firstName: "A", lastName: "B", division: "MA1" },
        status: 404,
      },
      { name: "deleting a player with entries", fields: { intent: "deletePlayer", id: String(t.entered.id) }, status: 409 },
    ],
  },
  {
    path: "/admin/rounds/new",
    action: roundFormPage.action,
    role: "admin",
    forms: [{ name: "save", valid: roundForm, fields: roundFormFields }],
    extras: () => [{ name: "a layout that does not exist", fields: { ...roundForm(), layout_id: String(MISSING_ID) }, status: 404 }],
  },
  {
    // The same form as /admin/rounds/new (its every field runs there), for a stored round.
    path: "/admin/rounds/{roundId}",
    action: roundFormPage.action,
    role: "admin",
    params: (t) => ({ roundId: String(t.closedRound.id) }),
    forms: [
      {
        name: "save",
        valid: (t) => ({ ...roundForm(), version: String(t.closedRound.version) }),
        fields: { name: text(100), payout: money("money0"), version },
      },
      {
        // Field caps (ADR 28): blank is no cap.
        name: "caps",
        valid: (t) => ({
          intent: "caps",
          version: String(t.closedRound.version),
          field_cap: "10",
          "division_caps[0].division": "MA1",
          "division_caps[0].places": "4",
        }),
        fields: {
          version,
          field_cap: { kind: "int", min: 0, max: 999, optional: true, blankIsNone: true },
          "division_caps[0].places": { kind: "int", min: 0, max: 999, optional: true, blankIsNone: true },
        },
      },
    ],
    extras: (t) => [
      {
        name: "saving a round that does not exist",
        fields: { ...roundForm(), version: "0" },
        params: { roundId: String(MISSING_ID) },
        status: 404,
      },
      {
        name: "saving at a version the round does not have",
        fields: { ...roundForm(), version: String(t.closedRound.version + 1) },
        status: 409,
      },
      { name: "deleting a round that does not exist", fields: { intent: "delete" }, params: { roundId: String(MISSING_ID) }, status: 404 },
      { name: "caps at a version the round does not have", fields: { intent: "caps", version: "99", field_cap: "10" }, status: 409 },
      {
        name: "caps of a round that does not exist",
        fields: { intent: "caps", version: "0" },
        params: { roundId: String(MISSING_ID) },
        status: 404,
      },
    ],
  },
  {
    path: "/admin/round/play/{roundId}",
    action: roundPlayPage.action,
    role: "admin",
    params: (t) => ({ roundId: String(t.round.id) }),
    forms: entryForms,
    extras: (t) => [...entryExtras(t), ...moneyExtras(t)],
  },
  // The organiser's "Message players" (ADR 49): a preview, and a test to oneself (outside the limits).
  {
    path: "/admin/round/message/{roundId}",
    action: messagePage.action,
    role: "admin",
    params: (t) => ({ roundId: String(t.round.id) }),
    forms: [
      {
        name: "preview",
        valid: () => ({ intent: "preview", audience: "signed-up", push: "on", mail: "on" }),
        fields: {
          audience: { kind: "enum", values: ["everyone", "signed-up", "division", "card", "not-paid", "not-checked-in", "waitlist"] },
          division: { kind: "division", optional: true },
          cardId: { kind: "id", optional: true, blankIsNone: true },
          push: { kind: "checkbox", optional: true },
          mail: { kind: "checkbox", optional: true },
        },
      },
      {
        name: "test",
        valid: () => ({
          intent: "test",
          audience: "signed-up",
          push: "on",
          mail: "on",
          body: "Hostile test",
          key: "0b7f3d2e-8c1a-4e5f-9a6b-7c8d9e0f1a2b",
        }),
        fields: { intent: intent("preview", "send", "test"), body: text(1000) },
      },
    ],
    extras: () => [
      { name: "no channel", fields: { intent: "preview", audience: "signed-up" }, status: 400 },
      { name: "a card of no round", fields: { intent: "preview", audience: "card", cardId: String(MISSING_ID), push: "on" }, status: 400 },
    ],
  },
  {
    // League night (ADR 25). The targets' round has one entry, not checked in, and no cards.
    path: "/admin/round/night/{roundId}",
    action: nightPage.action,
    role: "admin",
    params: (t) => ({ roundId: String(t.round.id) }),
    forms: nightForms,
    extras: (t) => [
      { name: "finalise a round whose cards are not published", fields: { intent: "finalizeLive" }, status: 409 },
      { name: "check in an entry that does not exist", fields: { intent: "checkIn", entry_id: String(MISSING_ID) }, status: 404 },
      {
        name: "check in an entry of another round",
        fields: { intent: "checkIn", entry_id: String(t.entry.id) },
        params: { roundId: String(t.closedRound.id) },
        status: 404,
      },
      {
        name: "cash for an entry that does not exist",
        fields: { intent: "cash", entry_id: String(MISSING_ID), amount: "6", request_key: "hostile-night-1" },
        status: 404,
      },
      { name: "cash without a request key", fields: { intent: "cash", entry_id: String(t.entry.id), amount: "6" }, status: 400 },
      {
        name: "a walk-up from credit the player does not have",
        fields: { intent: "walkUp", player: String(t.broke.id), division: "MA1", credit: "6", request_key: "hostile-night-3" },
        status: 409,
      },
      {
        name: "a walk-up of a player already entered",
        fields: { intent: "walkUp", player: String(t.entered.id), division: "MA1", amount: "6", request_key: "hostile-night-2" },
        status: 409,
      },
      {
        name: "make cards with nobody checked in",
        fields: { intent: "makeCards", version: "0", mode: "random", start: "shotgun" },
        status: 409,
      },
      { name: "make cards from an old read", fields: { intent: "makeCards", version: "5", mode: "random", start: "shotgun" }, status: 409 },
      {
        name: "move a player who is not checked in",
        fields: { intent: "moveCard", version: "0", entry_id: String(t.entry.id), to: "new" },
        status: 404,
      },
      { name: "a late arrival not checked in", fields: { intent: "lateArrival", version: "0", entry_id: String(t.entry.id) }, status: 404 },
      {
        name: "the start of a card that does not exist",
        fields: { intent: "cardStart", version: "0", number: "3", start_hole: "4" },
        status: 404,
      },
      {
        name: "a start hole and a tee time at once",
        fields: { intent: "cardStart", version: "0", number: "1", start_hole: "4", tee_time: "18:10" },
        status: 400,
      },
      { name: "publish with no cards", fields: { intent: "publish", version: "0" }, status: 409 },
      { name: "a side pot that does not exist", fields: { intent: "deletePot", pot_id: String(MISSING_ID) }, status: 404 },
      { name: "teams for a singles round", fields: { intent: "drawTeams", version: "0", mode: "balanced" }, status: 409 },
      { name: "a CTP pot with no holes", fields: { intent: "addPot", name: "No holes", kind: "ctp", buy_in: "2" }, status: 400 },
      { name: "an absurd buy-in", fields: { intent: "addPot", name: "Rich", kind: "custom", buy_in: "1000.01" }, status: 400 },
    ],
  },
  {
    // The same forms as the play page (every field runs there): the scores page's save.
    path: "/admin/round/scores/{roundId}",
    action: roundScoresPage.action,
    role: "admin",
    params: (t) => ({ roundId: String(t.round.id) }),
    forms: [
      { ...entryForms[1], fields: { "rows[0].id": id, "rows[0].version": version, "rows[0].score": { kind: "score", optional: true } } },
    ],
    extras: (t) => entryExtras(t).slice(4),
  },
  {
    path: "/admin/rounds/multi-edit",
    action: multiEditPage.action,
    role: "admin",
    forms: [
      {
        name: "save a new row",
        valid: () => ({
          "rows[0].id": "-1",
          "rows[0].row": "1",
          "rows[0].delete": "0",
          ...Object.fromEntries(Object.entries(roundForm()).map(([k, v]) => [`rows[0].${k}`, v])),
          shown: "",
        }),
        fields: {
          "rows[0].id": { kind: "custom", bad: ["0", "", "1.5", "abc", "9007199254740993", "1e999"] },
          "rows[0].row": { kind: "custom", bad: ["0", "", "1001", "1.5", "abc", "-1"] },
          "rows[0].delete": intent("0", "1"),
          // The multi-editor has no "Counts for tags" box: a row keeps its round's flag.
          ...Object.fromEntries(
            Object.entries(roundFormFields)
              .filter(([k]) => k !== "tags")
              .map(([k, v]) => [`rows[0].${k}`, v]),
          ),
        },
      },
    ],
    extras: (t) => [
      {
        name: "one round twice",
        fields: {
          "rows[0].id": String(t.closedRound.id),
          "rows[0].version": String(t.closedRound.version),
          "rows[0].row": "1",
          "rows[0].delete": "1",
          "rows[1].id": String(t.closedRound.id),
          "rows[1].version": String(t.closedRound.version),
          "rows[1].row": "2",
          "rows[1].delete": "1",
        },
        status: 400,
      },
      {
        name: "a stored round's row without its version",
        fields: { "rows[0].id": String(t.closedRound.id), "rows[0].row": "1", "rows[0].delete": "1", shown: "" },
        status: 400,
      },
      {
        name: "a stored round's row at a version it does not have",
        fields: {
          "rows[0].id": String(t.closedRound.id),
          "rows[0].version": String(t.closedRound.version + 1),
          "rows[0].row": "1",
          "rows[0].delete": "0",
          ...Object.fromEntries(Object.entries(roundForm()).map(([k, v]) => [`rows[0].${k}`, v])),
          shown: String(t.closedRound.id),
        },
        status: 409,
      },
      { name: "rows with a gap", fields: { "rows[1].id": "-1", "rows[1].row": "1", "rows[1].delete": "1" }, status: 400 },
      {
        name: "101 rows",
        fields: Object.fromEntries(
          Array.from({ length: 101 }, (_, i) => [
            [`rows[${i}].id`, String(-1 - i)],
            [`rows[${i}].row`, String(i + 1)],
            [`rows[${i}].delete`, "1"],
          ]).flat(),
        ),
        status: 400,
      },
      // Not here: deleting a round that is already gone, which the editor takes as done
      // (a stale editor after another admin's delete), where /api/admin/round/delete says 404.
    ],
    // A post without rows is the editor saved with nothing changed ("No changes to save.").
    emptyFormIsValid: true,
  },
  {
    path: "/admin/rounds",
    action: roundsPage.action,
    role: "admin",
    forms: [
      {
        name: "registration",
        valid: (t) => ({ intent: "registration", id: String(t.closedRound.id), open: "true" }),
        fields: { intent: intent("registration"), id, open: intent("true", "false") },
      },
    ],
    extras: () => [
      { name: "a round that does not exist", fields: { intent: "registration", id: String(MISSING_ID), open: "true" }, status: 404 },
    ],
  },
  // Courses and layouts (ADR 25).
  {
    path: "/admin/courses",
    action: coursesPage.action,
    role: "admin",
    forms: [
      {
        name: "delete",
        valid: (t) => ({ intent: "deleteLayout", id: String(t.freeCourse.layoutId) }),
        fields: { intent: intent("deleteLayout", "deleteCourse"), id },
      },
      { name: "addCourse", valid: () => ({ intent: "addCourse", name: "Elm Park", place: "" }), fields: courseFormFields },
      {
        // A course of another league the admin runs (none here: the league's own course is a 404).
        name: "copyCourse",
        valid: (t) => ({ intent: "copyCourse", source: `1:${t.course.courseId}` }),
        fields: { source: { kind: "custom", bad: ["", "1", "1:", ":1", "a:b", "1:2:3", `1:${"9".repeat(16)}`] } },
      },
    ],
    extras: (t) => [
      { name: "a course name taken", fields: { intent: "addCourse", name: t.course.courseName }, status: 409 },
      { name: "deleting a layout a round plays", fields: { intent: "deleteLayout", id: String(t.course.layoutId) }, status: 409 },
      { name: "deleting a course a round plays", fields: { intent: "deleteCourse", id: String(t.course.courseId) }, status: 409 },
      { name: "deleting a layout that does not exist", fields: { intent: "deleteLayout", id: String(MISSING_ID) }, status: 404 },
    ],
  },
  {
    path: "/admin/courses/{courseId}",
    action: courseFormPage.action,
    role: "admin",
    params: (t) => ({ courseId: String(t.freeCourse.courseId) }),
    forms: [{ name: "save", valid: () => ({ name: "Elm Park", place: "Elm" }), fields: courseFormFields }],
    extras: (t) => [
      { name: "a name another course has", fields: { name: t.course.courseName, place: "" }, status: 409 },
      {
        name: "saving a course that does not exist",
        fields: { name: "Elm", place: "" },
        params: { courseId: String(MISSING_ID) },
        status: 404,
      },
    ],
  },
  {
    path: "/admin/courses/{courseId}/layouts/new",
    action: layoutFormPage.action,
    role: "admin",
    params: (t) => ({ courseId: String(t.freeCourse.courseId) }),
    forms: [{ name: "save", valid: () => layoutForm(), fields: layoutFormFields }],
    extras: (t) => [
      { name: "a name the course's layout has", fields: layoutForm({ name: t.freeCourse.layoutName }), status: 409 },
      { name: "a course that does not exist", fields: layoutForm(), params: { courseId: String(MISSING_ID) }, status: 404 },
      {
        name: "one second card on two holes",
        fields: layoutForm({ "holes[2].second_card_order": "1", "holes[5].second_card_order": "1" }),
        status: 400,
      },
    ],
  },
  {
    // The same form as a new layout's (every field runs there), for a stored layout, with its version.
    path: "/admin/layouts/{layoutId}",
    action: layoutFormPage.action,
    role: "admin",
    params: (t) => ({ layoutId: String(t.freeCourse.layoutId) }),
    forms: [
      {
        name: "save",
        valid: () => layoutForm({ version: "0" }),
        fields: { name: text(60), hole_count: layoutFormFields.hole_count, version },
      },
    ],
    extras: () => [
      { name: "a version the layout does not have", fields: layoutForm({ version: "1" }), status: 409 },
      { name: "a layout that does not exist", fields: layoutForm({ version: "0" }), params: { layoutId: String(MISSING_ID) }, status: 404 },
    ],
  },
  {
    path: "/admin/user/{userId}",
    action: adminUserPage.action,
    role: "admin",
    params: (t) => ({ userId: String(t.other.id) }),
    forms: [
      { name: "user action", valid: () => ({ intent: "lock" }), fields: { intent: intent("lock", "unlock", "reset", "delete") } },
      {
        name: "claim decision",
        valid: (t) => ({ intent: "approve", claimId: String(t.pendingClaim.id), note: "" }),
        fields: { claimId: id, note },
      },
      {
        name: "remove a record the user added",
        valid: (t) => ({ intent: "removePlayer", playerId: String(t.spare.id) }),
        fields: { playerId: id },
      },
    ],
    extras: (t) => {
      const self = { userId: String(t.adminSession.user.id) };
      const missing = { userId: String(MISSING_ID) };
      return [
        { name: "locking oneself", fields: { intent: "lock" }, params: self, status: 400 },
        { name: "deleting oneself", fields: { intent: "delete" }, params: self, status: 400 },
        { name: "locking a user who does not exist", fields: { intent: "lock" }, params: missing, status: 404 },
        { name: "resetting a user who does not exist", fields: { intent: "reset" }, params: missing, status: 404 },
        // `spare` was added by an admin, not by this user: it is not theirs to remove here.
        { name: "removing a record the user did not add", fields: { intent: "removePlayer", playerId: String(t.spare.id) }, status: 404 },
      ];
    },
  },
  {
    path: "/admin/settings",
    action: adminSettingsPage.action,
    role: "admin",
    forms: [
      {
        name: "settings",
        // The defaults: a valid post leaves a fresh database as it was.
        valid: () => SETTINGS_FORM,
        fields: {
          pointsFirst: { kind: "int", min: 0, max: 1000 },
          pointsStep: { kind: "int", min: 0, max: 1000 },
          pointsFloor: { kind: "int", min: 0, max: 1000 },
          pointsParticipation: { kind: "int", min: 0, max: 1000 },
          standingsBestN: { kind: "int", min: 1, max: 100 },
          handicapRounds: { kind: "int", min: 1, max: 50 },
          handicapPercent: { kind: "int", min: 0, max: 100 },
          handicapPar: { kind: "int", min: 1, max: 200 },
          endEarlyHoles: { kind: "int", min: 1, max: 36, optional: true },
          rainOutPolicy: { kind: "text", max: 1000, optional: true, blankOk: true },
        },
      },
    ],
    // The settings the page showed (JSON, so the save writes only what the admin changed): unreadable, nothing is saved.
    extras: () =>
      ["{", "[]", JSON.stringify({ pointsFirst: "many" }), "x".repeat(100_000)].map((shown, i) => ({
        name: `shown settings that are not the settings (${i + 1})`,
        fields: { ...SETTINGS_FORM, pointsFirst: "90", shown },
        status: 400,
      })),
  },
  {
    path: "/admin/tags",
    action: adminTagsPage.action,
    role: "admin",
    forms: [
      {
        name: "assign",
        valid: (t) => ({ intent: "assign", tag: "7", playerId: String(t.spare.id) }),
        fields: { intent: intent("assign", "take_back"), tag: { kind: "int", min: 1, max: 999 }, playerId: { kind: "id" } },
      },
      { name: "take back", valid: () => ({ intent: "take_back", tag: "7" }), fields: { tag: { kind: "int", min: 1, max: 999 } } },
    ],
    // The targets' league runs no tags: a valid post is refused as such.
    extras: (t) => [
      { name: "assign while the league runs no tags", fields: { intent: "assign", tag: "7", playerId: String(t.spare.id) }, status: 409 },
      { name: "take back while the league runs no tags", fields: { intent: "take_back", tag: "7" }, status: 409 },
    ],
  },
  {
    path: "/admin/users",
    action: adminUsersPage.action,
    role: "admin",
    forms: [
      {
        name: "add user",
        valid: () => ({ name: "Added Person", email: uniqueEmail("added"), password: PASSWORD, confirmPassword: PASSWORD }),
        fields: {
          name: text(100),
          email: { kind: "email" },
          password: { kind: "password" },
          confirmPassword: confirm,
          isAdmin: { kind: "checkbox", optional: true },
        },
      },
    ],
    extras: (t) => [
      {
        name: "an email already registered",
        fields: { name: "Copy", email: t.other.email, password: PASSWORD, confirmPassword: PASSWORD },
        status: 409,
      },
    ],
  },
  {
    path: "/forgot-password",
    action: forgotPage.action,
    role: "public",
    forms: [{ name: "reset request", valid: (t) => ({ email: t.user.email }), fields: { email: { kind: "email" } } }],
  },
  {
    path: "/login",
    action: loginPage.action,
    role: "public",
    forms: [
      {
        name: "login",
        valid: (t) => ({ email: t.user.email, password: "Wrong-Password-1", redirectTo: "/" }),
        fields: { email: { kind: "email" }, password: { kind: "secret" } },
      },
    ],
    extras: (t) => [
      { name: "a wrong password", fields: { email: t.user.email, password: "Wrong-Password-1" }, status: 401 },
      { name: "an unknown email", fields: { email: uniqueEmail("nobody"), password: PASSWORD }, status: 401 },
    ],
  },
  // Logging out takes no input and always ends in a redirect (a dead session has nothing
  // to end): its bad posts are the Worker's, a foreign Origin and an oversize body.
  { path: "/logout", action: logoutPage.action, role: "public", forms: [] },
  {
    path: "/players",
    action: playersPage.action,
    role: "user",
    forms: [
      {
        name: "claim",
        valid: (t) => ({ intent: "claim", playerId: String(t.spare.id), note: "" }),
        fields: { playerId: id, note },
      },
      { name: "unclaim", valid: (t) => ({ intent: "unclaim", claimId: String(t.pendingClaim.id) }), fields: { claimId: id } },
      {
        name: "addOwn",
        valid: () => ({ intent: "addOwn", firstName: "Nova", lastName: "Newcomer", pdga: "", division: "MA1" }),
        fields: {
          intent: intent("addOwn"),
          firstName: text(50),
          lastName: text(50),
          pdga: { kind: "pdga", optional: true },
          division: { kind: "division" },
        },
      },
    ],
    // The admin's player forms post here too (their fields run on /admin/player).
    guardedForms: [
      { role: "admin", valid: () => ({ intent: "savePlayer", firstName: "A", lastName: "B", division: "MA1" }) },
      { role: "admin", valid: (t) => ({ intent: "deletePlayer", id: String(t.spare.id) }) },
    ],
    extras: (t) => [
      { name: "a player that does not exist", fields: { intent: "claim", playerId: String(MISSING_ID) }, status: 404 },
      { name: "a player someone else is linked to", fields: { intent: "claim", playerId: String(t.claimed.id) }, status: 409 },
      { name: "someone else's claim", fields: { intent: "unclaim", claimId: String(t.pendingClaim.id) }, status: 403 },
    ],
  },
  {
    // A signed-in user starts a league (ADR 46, 47): each valid post a fresh address.
    path: "/leagues/new",
    action: leaguesNewPage.action,
    role: "user",
    forms: [
      {
        name: "start",
        valid: () => ({ name: "Started Here", slug: `page-${crypto.randomUUID().slice(0, 8)}`, time_zone: "America/Chicago", town: "" }),
        fields: {
          name: text(80),
          slug: { kind: "custom", bad: ["", "new", "admin", "a", "-ab", "ab-", "a_b", "%2e%2e", "x".repeat(41)] },
          // Left out, the league plays in America/Chicago (the form always sends one).
          time_zone: { kind: "custom", optional: true, bad: ["Mars/Olympus", "x".repeat(65)] },
          town: text(80, { optional: true, blankOk: true }),
        },
      },
    ],
    extras: () => [
      { name: "the default league's address", fields: { name: "X", slug: "league", time_zone: "America/Chicago" }, status: 409 },
    ],
  },
  {
    // Joining by code (ADR 47), a deployment page: the posted code names its own league,
    // whichever league the visitor came from (the valid one is a code no league has).
    path: "/join",
    action: joinPage.action,
    role: "user",
    forms: joinForms,
    extras: joinExtras,
  },
  {
    // The join link's page: its Join posts the link's code in a hidden field.
    path: "/join/{code}",
    action: joinPage.action,
    role: "user",
    params: () => ({ code: NO_LEAGUE_CODE }),
    paramsUnread: true,
    forms: joinForms,
    extras: joinExtras,
  },
  {
    // An invitation's page (ADR 47), a deployment page: Accept posts the link's token, which
    // must be the page's. The pending invitation is `other`'s: no post here accepts it.
    path: "/invite/{token}",
    action: invitePage.action,
    role: "user",
    params: (t) => ({ token: t.invites.pending.token }),
    forms: [
      {
        name: "accept",
        valid: (t) => ({ token: t.invites.pending.token }),
        fields: { token: { kind: "custom", bad: ["", "   ", "x".repeat(201)] } },
      },
    ],
    extras: (t) => {
      const at = (token: string) => ({ fields: { token }, params: { token } });
      return [
        { name: "an invitation for another address", fields: { token: t.invites.pending.token }, status: 403 },
        { name: "another invitation's token than the page's", fields: { token: t.invites.expired.token }, status: 400 },
        { name: "a token never sent", ...at("never-sent"), status: 404 },
        // (An expired one is refused to its own address only: POST /api/invites/accept's cases, as the linked user.)
        { name: "an invitation someone else accepted", ...at(t.invites.spent.token), status: 410 },
      ];
    },
  },
  {
    // A league's members (ADR 47): its code, invitations, and the owner's choices. The
    // operator's session holds every capability the forms ask.
    path: "/admin/members",
    action: adminMembersPage.action,
    role: "admin",
    forms: [
      {
        name: "invite",
        valid: () => ({ intent: "invite", email: uniqueEmail("invited"), role: "player" }),
        fields: {
          intent: intent("invite", "cancelInvite", "newCode", "showOnFrontDoor", "transferOwnership", "closeLeague"),
          email: { kind: "email" },
          role: intent("player", "director", "admin"),
        },
      },
      { name: "cancelInvite", valid: (t) => ({ intent: "cancelInvite", id: String(t.invites.pending.id) }), fields: { id } },
      { name: "newCode", valid: () => ({ intent: "newCode" }), fields: {} },
      {
        name: "showOnFrontDoor",
        valid: () => ({ intent: "showOnFrontDoor", show: "on" }),
        fields: { show: { kind: "custom", optional: true, bad: ["", "yes", "ON", "true", "1"] } },
      },
      {
        name: "closeLeague",
        valid: () => ({ intent: "closeLeague", confirm: NOT_THE_LEAGUES_NAME }),
        fields: { confirm: text(200, { blankOk: true }) },
      },
      // Last: a walk that passes the league on does so after the owner's other forms.
      {
        name: "transferOwnership",
        valid: (t) => ({ intent: "transferOwnership", userId: String(t.other.id), confirm: "on" }),
        fields: { userId: id, confirm: { kind: "checkbox" } },
      },
    ],
    extras: (t) => [
      { name: "an invitation that does not exist", fields: { intent: "cancelInvite", id: String(MISSING_ID) }, status: 404 },
      { name: "another league's invitation", fields: { intent: "cancelInvite", id: String(t.invites.elsewhere.id) }, status: 404 },
      { name: "an invitation already accepted", fields: { intent: "cancelInvite", id: String(t.invites.spent.id) }, status: 404 },
      { name: "an invitation to own the league", fields: { intent: "invite", email: uniqueEmail("invited"), role: "owner" }, status: 400 },
      {
        name: "closing with a name that is not the league's",
        fields: { intent: "closeLeague", confirm: NOT_THE_LEAGUES_NAME },
        status: 400,
      },
      { name: "closing with another league's name", fields: { intent: "closeLeague", confirm: t.spareLeague.name ?? "" }, status: 400 },
      { name: "closing with no name", fields: { intent: "closeLeague", confirm: "" }, status: 400 },
      {
        name: "passing the league to an account that does not exist",
        fields: { intent: "transferOwnership", userId: String(MISSING_ID), confirm: "on" },
        status: 404,
      },
    ],
  },
  {
    // The league's own PayPal (ADR 47's payPalCredentials: the owner's; the operator's session holds it).
    path: "/admin/paypal",
    action: adminPayPalPage.action,
    role: "admin",
    forms: [
      // First: testing reaches PayPal once credentials are saved, and a walk of these forms
      // (tests/isolation/) has no PayPal to reach; before them it is the league's 404.
      { name: "test", valid: () => ({ intent: "test" }), fields: {} },
      {
        name: "save",
        valid: () => ({ intent: "save", client_id: "local-standin-client-b", secret: "local-standin-secret-b", environment: "standin" }),
        fields: {
          intent: intent("save", "test", "remove"),
          client_id: text(200),
          secret: { kind: "secret" },
          environment: intent("sandbox", "live", "standin"),
        },
      },
      { name: "remove", valid: () => ({ intent: "remove" }), fields: {} },
    ],
    extras: () => [
      {
        name: "a client id with a space in it",
        fields: { intent: "save", client_id: "a b", secret: "s", environment: "sandbox" },
        status: 400,
      },
      { name: "testing before any credentials are saved", fields: { intent: "test" }, status: 404 },
    ],
  },
  {
    path: "/profile",
    action: profilePage.action,
    role: "user",
    forms: [
      {
        name: "profile",
        valid: (t) => ({ name: "Renamed Person", email: t.playerSession.user.email }),
        fields: {
          name: text(100),
          email: { kind: "email" },
          // An empty password field means "unchanged": not bad here.
          password: { kind: "custom", optional: true, bad: ["Short1A", "alllowercase123", "ALLUPPERCASE123", "NoDigitsAtAllHere"] },
          currentPassword: text(200, { optional: true, blankOk: true }),
        },
      },
      // The scoring PIN (ADR 26): set with 4 digits and the current password, or cleared.
      {
        name: "scoring PIN",
        valid: () => ({ intent: "scoringPin", do: "set", pin: "1357", currentPassword: PASSWORD }),
        fields: {
          do: { kind: "custom", bad: ["", "remove", "SET"] },
          pin: { kind: "custom", bad: ["", "123", "12345", "abcd", "12 4"] },
          currentPassword: { kind: "custom", bad: ["", "x".repeat(201)] },
        },
      },
    ],
    extras: (t) => {
      const me = { name: t.playerSession.user.name, email: t.playerSession.user.email };
      return [
        { name: "no changes at all", fields: me, status: 400 },
        { name: "a new email without the current password", fields: { ...me, email: uniqueEmail() }, status: 400 },
        {
          name: "a new email with a wrong current password",
          fields: { ...me, email: uniqueEmail(), currentPassword: "Wrong-Pass-1" },
          status: 400,
        },
        {
          name: "a new password confirmed differently",
          fields: { ...me, password: "Another-Pass-99", confirmPassword: "Another-Pass-98", currentPassword: PASSWORD },
          status: 400,
        },
      ];
    },
  },
  {
    // A league's message, mail and calendar choices (ADR 46, 49): /profile's group of each league posts here.
    path: "/preferences",
    action: preferencesPage.action,
    role: "user",
    forms: [
      // The mail opt-in (its intent picks the form; a calendar intent goes to the calendar's).
      {
        name: "mail opt-in",
        valid: () => ({ intent: "mailOptIn", notify: "on" }),
        fields: {
          intent: intent("mailOptIn"),
          notify: { kind: "checkbox", optional: true },
        },
      },
      // How the league tells the player each kind of message (ADR 49): a radio group per kind.
      {
        name: "message choices",
        valid: () => ({ intent: "messagePrefs", cards: "mail", ace: "off" }),
        fields: {
          intent: intent("messagePrefs"),
          cards: { kind: "enum", values: ["push", "mail", "off", "auto"], optional: true },
          ace: { kind: "enum", values: ["push", "mail", "off", "auto"], optional: true },
        },
      },
      // Leaving the league (ADR 47): its one field is its intent.
      { name: "leave", valid: () => ({ intent: "leaveLeague" }), fields: {} },
      // The calendar card's forms (app/routes/calendar-form.server.ts): an intent starting "calendar".
      {
        name: "calendar",
        valid: () => ({ intent: "calendar-reset" }),
        fields: {
          intent: {
            kind: "custom",
            bad: ["calendar", "calendar-delete", "CALENDAR-RESET", `calendar-${"x".repeat(5000)}`],
          },
        },
      },
    ],
    extras: () => [
      { name: "an unknown calendar action", fields: { intent: "calendar-delete" }, status: 400 },
      { name: "no intent at all", fields: { notify: "on" }, status: 400 },
      // Leaving the league (ADR 47): a claim is no membership, the player's session has nothing to leave.
      { name: "leaving a league one is no member of", fields: { intent: "leaveLeague" }, status: 404 },
    ],
  },
  {
    // The operator's page (ADR 46): a league suspended or unsuspended, hidden or shown.
    path: "/operator",
    action: operatorPage.action,
    role: "admin",
    forms: [
      {
        name: "a league's standing",
        valid: () => ({ intent: "hide", leagueId: "1" }),
        fields: { intent: intent("suspend", "unsuspend", "hide", "show"), leagueId: id },
      },
    ],
    extras: () => [{ name: "a league no one has", fields: { intent: "suspend", leagueId: String(MISSING_ID) }, status: 404 }],
  },
  {
    // A message's way out of its kind (ADR 49): the link's signature is the authority, no session.
    path: "/messages/off?u={u}&l={l}&k={k}&t={t}",
    action: messagesOffPage.action,
    role: "public",
    params: (t) => ({ u: String(t.subscriber.id), l: "1", k: "cards", t: t.signatures.messageOff }),
    forms: [{ name: "one-click", valid: () => ({ "List-Unsubscribe": "One-Click" }), fields: { "List-Unsubscribe": intent("One-Click") } }],
    extras: (t) => {
      const oneClick = { "List-Unsubscribe": "One-Click" };
      const link = { u: String(t.subscriber.id), l: "1", k: "cards", t: t.signatures.messageOff };
      return [
        { name: "another kind", fields: oneClick, params: { ...link, k: "results" }, status: 400 },
        { name: "a kind that does not exist", fields: oneClick, params: { ...link, k: "birthday" }, status: 400 },
        { name: "another user", fields: oneClick, params: { ...link, u: String(t.user.id) }, status: 400 },
        { name: "another league", fields: oneClick, params: { ...link, l: "2" }, status: 400 },
        { name: "the registration mail's signature", fields: oneClick, params: { ...link, t: t.signatures.subscriber }, status: 400 },
      ];
    },
  },
  {
    // The one-click unsubscribe: the link's signature is the authority, no session.
    path: "/unsubscribe?u={u}&l={l}&t={t}",
    action: unsubscribePage.action,
    role: "public",
    params: (t) => ({ u: String(t.subscriber.id), l: "1", t: t.signatures.subscriber }),
    forms: [{ name: "one-click", valid: () => ({ "List-Unsubscribe": "One-Click" }), fields: { "List-Unsubscribe": intent("One-Click") } }],
    extras: (t) => {
      const sig = t.signatures.subscriber;
      const oneClick = { "List-Unsubscribe": "One-Click" };
      return [
        {
          name: "another user's signature",
          fields: oneClick,
          params: { u: String(t.subscriber.id), l: "1", t: t.signatures.user },
          status: 400,
        },
        { name: "a signature for another user", fields: oneClick, params: { u: String(t.user.id), l: "1", t: sig }, status: 400 },
        {
          name: "a tampered signature",
          fields: oneClick,
          params: { u: String(t.subscriber.id), l: "1", t: `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}` },
          status: 400,
        },
        {
          name: "a signed link of a user who does not exist",
          fields: oneClick,
          params: { u: String(MISSING_ID), l: "1", t: t.signatures.missing },
          status: 404,
        },
        // The league is signed too (ADR 46): another league's link opened here, or its league changed.
        {
          name: "another league's link",
          fields: oneClick,
          params: { u: String(t.subscriber.id), l: "2", t: t.signatures.otherLeague },
          status: 400,
        },
        { name: "the league changed", fields: oneClick, params: { u: String(t.subscriber.id), l: "2", t: sig }, status: 400 },
        {
          name: "a link from before leagues given a league",
          fields: oneClick,
          params: { u: String(t.subscriber.id), l: "1", t: t.signatures.old },
          status: 400,
        },
        {
          name: "a league id that is not a number",
          fields: oneClick,
          params: { u: String(t.subscriber.id), l: "1x", t: sig },
          status: 400,
        },
      ];
    },
  },
  {
    path: "/register",
    action: registerPage.action,
    role: "public",
    forms: [
      {
        name: "register",
        valid: () => ({ email: uniqueEmail("new"), name: "New Person", password: PASSWORD, confirmPassword: PASSWORD }),
        fields: { email: { kind: "email" }, name: text(100), password: { kind: "password" }, confirmPassword: confirm },
      },
    ],
    extras: (t) => [
      {
        name: "an email already registered",
        fields: { email: t.other.email, name: "Copy", password: PASSWORD, confirmPassword: PASSWORD },
        status: 409,
      },
    ],
  },
  {
    path: "/reset-password",
    action: resetPage.action,
    role: "public",
    forms: [
      {
        name: "reset",
        valid: () => ({ token: "a".repeat(43), password: PASSWORD, confirmPassword: PASSWORD }),
        fields: { token: { kind: "secret" }, password: { kind: "password" }, confirmPassword: confirm },
      },
    ],
    extras: () => [
      { name: "a token never issued", fields: { token: "b".repeat(43), password: PASSWORD, confirmPassword: PASSWORD }, status: 400 },
    ],
  },
  // Rain-outs (ADR 50) on the night and entries screens, on a round of their own: after the
  // screens' own descriptions, which the isolation walk finds first.
  {
    path: "/admin/round/night/{roundId}",
    name: "/admin/round/night/{roundId} (rain-outs)",
    action: nightPage.action,
    role: "admin",
    params: (t) => ({ roundId: String(t.rainRound.id) }),
    forms: rainoutForms,
    extras: () => [{ name: "restore a round that is not cancelled", fields: { intent: "restoreRound" }, status: 409 }],
  },
  {
    path: "/admin/round/play/{roundId}",
    name: "/admin/round/play/{roundId} (rain-outs)",
    action: roundPlayPage.action,
    role: "admin",
    params: (t) => ({ roundId: String(t.rainRound.id) }),
    forms: rainoutForms,
  },
];

/** The path with its parameters filled in. */
export const pathOf = (route: ActionRoute, params: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? ""));

/** A POST to `path`, from its own client address, as a browser posts a form (or with a raw body). */
export function formPost(path: string, fields: Fields | null, raw?: { body: BodyInit; contentType?: string }): Request {
  const headers = new Headers({ "CF-Connecting-IP": uniqueIp() });
  if (raw) {
    if (raw.contentType) headers.set("Content-Type", raw.contentType);
    return new Request(`http://localhost${path}`, { method: "POST", headers, body: raw.body });
  }
  const body = new FormData();
  for (const [k, v] of Object.entries(fields ?? {})) if (v !== undefined) body.append(k, v);
  return new Request(`http://localhost${path}`, { method: "POST", headers, body });
}

/** Bodies that are not a form a browser would post. */
function malformedBodies(fields: Record<string, string>): { name: string; body: BodyInit; contentType?: string }[] {
  return [
    { name: "JSON instead of a form", body: JSON.stringify(fields), contentType: "application/json" },
    { name: "text/plain", body: new URLSearchParams(fields).toString(), contentType: "text/plain" },
    { name: "a broken multipart body", body: "--xyz\r\ngarbage without headers", contentType: "multipart/form-data; boundary=xyz" },
    { name: "multipart without a boundary", body: "a=1", contentType: "multipart/form-data" },
    { name: "no Content-Type", body: new TextEncoder().encode(new URLSearchParams(fields).toString()) },
  ];
}

/**
 * Every bad post for one action: wrong roles (each must redirect), each bad field of each
 * form, bodies that are not a form, bad route parameters, and the action's own extras.
 */
export function actionCases(route: ActionRoute, t: ActionTargets): ActionCase[] {
  const session = route.role === "admin" ? t.adminSession : route.role === "user" ? t.playerSession : null;
  const params = route.params?.(t) ?? {};
  const cases: ActionCase[] = [];
  type More = Pick<ActionCase, "redirect" | "field" | "status"> & { params?: Record<string, string>; as?: Session | null };
  const post = (name: string, request: (path: string) => Request, { params: p = params, as = session, ...expect }: More = {}) => {
    const path = pathOf(route, p);
    cases.push({ route: `${route.path} action`, name, run: () => route.action(argsWith(as, request(path), p) as never), ...expect });
  };

  const guarded = [
    ...route.forms.map((f) => ({ role: route.role, valid: f.valid, name: f.name })),
    ...(route.guardedForms ?? []).map((f) => ({ ...f, name: f.valid(t).intent ?? "form" })),
  ];
  for (const form of guarded) {
    if (form.role === "public") continue;
    const fields = form.valid(t);
    const loginTo = form.role === "admin" ? "/login" : `/login?redirectTo=${encodeURIComponent(pathOf(route, params))}`;
    post(`${form.name}: no session`, (path) => formPost(path, fields), { as: null, redirect: loginTo });
    if (form.role === "admin")
      post(`${form.name}: a player's session (wrong role)`, (path) => formPost(path, fields), { as: t.playerSession, redirect: "/" });
  }

  for (const form of route.forms) {
    for (const c of formCases(form.valid(t), form.fields)) {
      post(`${form.name}: ${c.name}`, (path) => formPost(path, c.fields), { field: c.field, status: 400 });
    }
  }

  if (route.forms.length > 0) {
    const fields = route.forms[0].valid(t);
    for (const m of malformedBodies(fields)) post(`malformed: ${m.name}`, (path) => formPost(path, null, m), { status: 400 });
    if (!route.emptyFormIsValid) post("malformed: an empty form", (path) => formPost(path, {}), { status: 400 });
  }

  for (const key of route.paramsUnread ? [] : Object.keys(params)) {
    for (const bad of BAD_PATH_IDS) {
      post(`${key} = ${JSON.stringify(bad)}`, (path) => formPost(path, route.forms[0].valid(t)), {
        params: { ...params, [key]: bad },
        status: 400,
      });
    }
  }

  for (const extra of route.extras?.(t) ?? []) {
    post(extra.name, (path) => formPost(path, extra.fields), { params: extra.params, status: extra.status });
  }
  return cases;
}
