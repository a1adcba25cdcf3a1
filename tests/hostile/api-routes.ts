// Every /api route (workers/api/*.ts, mounted in workers/api/index.ts), described by its
// valid request: who may call it, its path parameters and query, and its JSON body with a
// kind for each field. apiCases() turns a description into the route's bad requests.
// api.test.ts checks that this list names every route the app has.
import type { ZodType } from "zod";
import { APP_ORIGIN, PASSWORD, uniqueEmail } from "../auth-fixtures";
import { nowSec, uniq } from "../fixtures";
import {
  BAD_URL_IDS,
  type Field,
  type Json,
  MALFORMED_JSON,
  describe as describeValue,
  fieldBadValues,
  fieldCases,
  oversize,
  wrongContentTypes,
} from "./generators";
import { NOT_JSON } from "../../workers/api/validate";
import { FieldCapsSchema, JoinWaitlistSchema } from "~/schemas/waitlist";
import { PayPalBackSchema } from "~/schemas/rainouts";
import { PAYPAL_BACK_MESSAGES } from "~/.server/services/rainouts/paypal-back";
import { WAITLIST_MESSAGES } from "~/.server/services/signup/waitlist";
import { ROUND_CHANGED } from "~/.server/services/rounds/versions";
import type { ApiCase, Expect } from "./run";
import { FOREIGN_ORIGINS, MISSING_ID, NO_LEAGUE_CODE, PUSH_KEYS, type Targets } from "./targets";
import { PushEndpointSchema, PushSubscriptionSchema } from "~/schemas/push";
import { PUSH_ERRORS } from "~/.server/push/web-push";
import {
  AddUserSchema,
  AdminLoginSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ProfileSchema,
  RegisterSchema,
  ResetPasswordSchema,
  ResetTokenSchema,
} from "~/schemas/auth";
import { ClaimNoteSchema, ClaimSubmitSchema } from "~/schemas/claims";
import { GrantRoleSchema, TransferOwnershipSchema } from "~/schemas/memberships";
import { PayPalCredentialsSchema } from "~/schemas/paypal-credentials";
import { AcceptInviteSchema, CloseLeagueSchema, InviteSchema, JoinLeagueSchema, LeagueOwnerChangeSchema } from "~/schemas/league-members";
import { INVITE_MESSAGES } from "~/.server/services/accounts/invites";
import { JOIN_MESSAGES } from "~/.server/services/accounts/join-codes";
import { OWNER_MESSAGES } from "~/.server/services/accounts/league-owner";
import { ROLE_MESSAGES } from "~/.server/services/accounts/memberships";
import {
  CreditPayoutsSchema,
  EntryAddSchema,
  EntryBulkSchema,
  EntryDeleteSchema,
  EntryPayoutsSchema,
  EntryUpdateSchema,
  PayPalOrderSchema,
  SignUpSchema,
} from "~/schemas/entries";
import { idBodySchema } from "~/schemas/ids";
import { CashSchema, ExcessToCreditSchema, VoidCashSchema, KeepEntrySchema } from "~/schemas/money-actions";
import { NotificationsSchema } from "~/schemas/notifications";
import { MessagePrefsSchema } from "~/schemas/messages";
import { MessagePreviewSchema, MessageSendSchema } from "~/schemas/organiser-messages";
import { AUDIENCES } from "~/lib/messages/kinds";
import { AceAddSchema, NewPlayerSchema, SavePlayerSchema, SaveRoundSchema, TransferAddSchema } from "~/schemas/api-wire";
import { RecomputeRatingsSchema } from "~/schemas/ratings";
import { ScoringPinSchema } from "~/schemas/scoring-pin";
import {
  AdminCheckInSchema,
  LateArrivalSchema,
  MakeCardsSchema,
  PlayerCheckInSchema,
  PublishCardsSchema,
  SaveCardsSchema,
  WalkUpSchema,
  DrawTeamsSchema,
} from "~/schemas/night";
import { CARDS_CHANGED } from "~/.server/services/cards/card-sql";
import { CARD_MESSAGES } from "~/.server/services/cards/card-writes";
import { NIGHT_MESSAGES } from "~/.server/services/night/night-target";
import { ENTRY_OWES_MESSAGES } from "~/.server/services/night/entry-owes";
import { TEAM_MESSAGES } from "~/.server/services/doubles/teams";
import { AddPotSchema, PotPlayerSchema, SettleHoleSchema } from "~/schemas/side-pots-api";
import { OpenRoundSchema } from "~/schemas/rounds";
import { LeagueSettingsSchema } from "~/schemas/settings";
import { CancelSchema, PostponeSchema } from "~/schemas/rainouts";
import { LeagueChangeSchema, NewLeagueSchema, StartLeagueSchema } from "~/schemas/leagues";
import { ChangeBatchSchema, FinalizeSchema } from "~/schemas/live";
import { EndEarlySchema } from "~/schemas/end-early";
import { CourseCopySchema, CourseValuesSchema, NewCourseSchema, NewLayoutSchema, SaveLayoutSchema } from "~/schemas/courses";
import { TagAssignSchema, TagTakeBackSchema } from "~/schemas/tags";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A value of the path or query: its valid value, and its bad ones (URL-encoded). */
type UrlValue = {
  valid: (t: Targets) => string;
  bad: string[];
  /** The status every bad value gets (400 unless the router itself refuses it). */
  status?: number | number[];
  /** An id: one that no row has is a 404. */
  lookup?: boolean;
  /** A query value that may be left out. */
  optional?: boolean;
};

/** One bad request a route's description adds by hand: a business rule, a target that is not there. */
type Extra = {
  name: string;
  path?: string;
  body?: Json;
  token?: string;
  expect: Expect;
};

export type ApiRoute = {
  group: string;
  method: Method;
  /** The route as Hono lists it (api.routes). */
  pattern: string;
  /** A valid path, `{name}` standing for each path parameter or query value. */
  path: string;
  auth: "none" | "user" | "admin";
  /** The valid caller's token (default: the linked user's, or the admin's). */
  token?: (t: Targets) => string;
  url?: Record<string, UrlValue>;
  body?: { schema: ZodType; valid: (t: Targets) => Json; fields: Record<string, Field> };
  extras?: (t: Targets) => Extra[];
  /**
   * The same handlers as another route under a second spelling (the spec's trailing
   * slash): it gets every case but the per-value field cases, which the first spelling runs
   * through the very same code.
   */
  alias?: boolean;
};

/** The hostile run's one valid organiser message: fixed, so a repeat answers the first. */
const HOSTILE_MESSAGE_KEY = "6f1c2a7e-5d3b-4c8a-9e0f-1a2b3c4d5e6f";

const fcmEndpoint = () => `https://fcm.googleapis.com/fcm/send/${uniq("hostile")}`;

const id = (pick: (t: Targets) => number): UrlValue => ({ valid: (t) => String(pick(t)), bad: BAD_URL_IDS, lookup: true });

const field = {
  id: { kind: "id" } as Field,
  optionalId: { kind: "id", optional: true, nullable: true } as Field,
  leagueOrPlayer: { kind: "id", optional: true, nullable: true, zeroIsNone: true } as Field,
  division: { kind: "division" } as Field,
  flag: { kind: "flag", optional: true } as Field,
  epoch: { kind: "epoch" } as Field,
  money: (kind: "money+" | "money0" | "money±", optional = false): Field => ({ kind, optional }),
  text: (max: number, more: Partial<Field> = {}): Field => ({ kind: "text", max, ...more }),
  note: { kind: "text", max: 500, optional: true, nullable: true, blankOk: true } as Field,
  object: { kind: "object" } as Field,
  /** The version a stored row was read at (ADR 20): a whole number from 0. */
  version: { kind: "int", min: 0, max: Number.MAX_SAFE_INTEGER } as Field,
};

/** A bag tag's number (ADR 27). */
const TAG_FIELD: Field = { kind: "int", min: 1, max: 999 };

const roundValues = (): Record<string, Json> => ({
  d: nowSec(),
  n: `Round ${uniq()}`,
  loc: "Oak Hollow",
  fee_pdga: "0.50",
  fee_course: "0",
  fee_other: "0",
  ace: "1",
  payout: "4.50",
  pdga_url: null,
});

const roundFields: Record<string, Field> = {
  id: field.optionalId,
  d: field.epoch,
  n: field.text(100),
  loc: field.text(100),
  fee_pdga: field.money("money0"),
  fee_course: field.money("money0"),
  fee_other: field.money("money0"),
  ace: field.money("money0"),
  payout: field.money("money0"),
  pdga_url: { kind: "url", optional: true, nullable: true },
  // A layout, or null (or "") for none; left out, the round keeps its own.
  layout_id: { kind: "id", optional: true, nullable: true, blankIsNone: true },
  // Required with an id (the valid body saves a stored round).
  version: field.version,
  // Counts for bag tags (ADR 27); left out, the round keeps its flag.
  tags: { kind: "bool", optional: true },
};

const courseFields: Record<string, Field> = {
  name: field.text(100),
  place: field.text(200, { optional: true, nullable: true, blankOk: true }),
};

/** 18 holes, par 3, as the /api takes them. */
const holes18 = (): Record<string, Json>[] => Array.from({ length: 18 }, () => ({ par: 3, distance_feet: 300, second_card_order: null }));
const layoutBody = (more: Record<string, Json> = {}): Record<string, Json> => ({ name: `Layout ${uniq()}`, holes: holes18(), ...more });
const layoutFields: Record<string, Field> = {
  name: field.text(60),
  holes: { kind: "list" },
  // Optional here only because a list one hole shorter is still a layout: its wrong types are the cases.
  "holes.0": { kind: "object", optional: true },
  "holes.0.par": { kind: "int", min: 2, max: 9 },
  "holes.0.distance_feet": { kind: "int", min: 1, max: 3000, optional: true, nullable: true, blankIsNone: true },
  "holes.0.second_card_order": { kind: "int", min: 1, max: 27, optional: true, nullable: true, blankIsNone: true },
};

const playerValueFields = (prefix: string): Record<string, Field> => ({
  [prefix]: field.object,
  [`${prefix}.fn`]: field.text(50),
  [`${prefix}.ln`]: field.text(50),
  [`${prefix}.pdga`]: { kind: "pdga", optional: true, nullable: true },
  [`${prefix}.division`]: field.division,
  [`${prefix}.inactive`]: field.flag,
});

const entryChangeFields = (prefix: string): Record<string, Field> => ({
  [prefix]: field.object,
  [`${prefix}.division`]: { kind: "division", optional: true },
  [`${prefix}.ace`]: field.flag,
  [`${prefix}.score`]: { kind: "score", optional: true },
  [`${prefix}.payoutAdjust`]: field.money("money±", true),
  [`${prefix}.credit_added`]: field.money("money0", true),
  [`${prefix}.credit_used`]: field.money("money0", true),
});

/** The league's default settings: a valid PUT that changes nothing in a fresh database. */
const SETTINGS = {
  pointsFirst: 100,
  pointsStep: 5,
  pointsFloor: 10,
  pointsParticipation: 5,
  standingsBestN: 10,
  handicapRounds: 10,
  handicapPercent: 80,
  handicapPar: 54,
};

const notFound = { status: 404 } as const;
/** A side pot's hole in a path (0 a custom pot's winner): digits up to 27. */
const HOLE: UrlValue = { valid: () => "3", bad: ["28", "100", "-1", "1.5", "abc", "1e1", "0x3", "%203"] };
const conflict = { status: 409 } as const;

export const API_ROUTES: ApiRoute[] = [
  // ---- /api/rounds
  {
    group: "rounds",
    method: "GET",
    pattern: "/api/rounds/round/:id",
    path: "/api/rounds/round/{id}",
    auth: "none",
    url: { id: id((t) => t.round.id) },
  },
  {
    group: "rounds",
    method: "GET",
    pattern: "/api/rounds/roundsByPlayer/:id",
    path: "/api/rounds/roundsByPlayer/{id}",
    auth: "none",
    url: { id: id((t) => t.entered.id) },
  },
  {
    group: "rounds",
    method: "GET",
    pattern: "/api/rounds/:range",
    path: "/api/rounds/{range}",
    auth: "none",
    url: { range: { valid: () => "thisYear", bad: ["lastYear", "ALL", "thisyear", "thisYear%20", "all%00", "%F0%9F%92%A9", "1"] } },
  },

  // ---- /api/rounds/{id}: league night (ADR 25). The targets' user has no entry in the round.
  {
    group: "league night",
    method: "GET",
    pattern: "/api/rounds/:id/cards",
    path: "/api/rounds/{id}/cards",
    auth: "none",
    url: { id: id((t) => t.round.id) },
  },
  {
    group: "league night",
    method: "POST",
    pattern: "/api/rounds/:id/check-in",
    path: "/api/rounds/{id}/check-in",
    auth: "user",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: PlayerCheckInSchema,
      valid: (t) => ({ use_credit: true, entry_id: t.entry.id }),
      fields: { use_credit: { kind: "bool", optional: true }, entry_id: { kind: "id", optional: true } },
    },
    extras: (t) => [
      { name: "someone else's entry", expect: { status: 403, error: NIGHT_MESSAGES.notYours } },
      { name: "no entry of the player's in the round", body: {}, expect: notFound },
      { name: "an entry that does not exist", body: { entry_id: MISSING_ID }, expect: notFound },
      { name: "a user with no linked player", token: t.freshToken, body: {}, expect: { status: 403, error: NIGHT_MESSAGES.noClaim } },
    ],
  },
  {
    group: "league night",
    method: "DELETE",
    pattern: "/api/rounds/:id/check-in",
    path: "/api/rounds/{id}/check-in",
    auth: "user",
    url: { id: id((t) => t.round.id) },
    extras: (t) => [
      { name: "no entry of the player's in the round", expect: notFound },
      { name: "a user with no linked player", token: t.freshToken, expect: { status: 403 } },
    ],
  },

  // ---- /api/rounds/{id}/waitlist (ADR 28). The targets' user is not on any list.
  {
    group: "waitlist",
    method: "POST",
    pattern: "/api/rounds/:id/waitlist",
    path: "/api/rounds/{id}/waitlist",
    auth: "user",
    url: { id: id((t) => t.fullRound.id) },
    body: {
      schema: JoinWaitlistSchema,
      valid: () => ({ division: "MA2", ace: true, auto_confirm: false }),
      fields: { division: field.division, ace: field.flag, auto_confirm: field.flag },
    },
    extras: (t) => [
      {
        name: "a round that has started",
        path: `/api/rounds/${t.startedRound.id}/waitlist`,
        expect: { status: 409, error: WAITLIST_MESSAGES.started },
      },
      { name: "a round closed for registration", path: `/api/rounds/${t.closedRound.id}/waitlist`, expect: conflict },
      { name: "a user with no linked player", token: t.freshToken, expect: { status: 403 } },
    ],
  },
  {
    group: "waitlist",
    method: "DELETE",
    pattern: "/api/rounds/:id/waitlist",
    path: "/api/rounds/{id}/waitlist",
    auth: "user",
    url: { id: id((t) => t.fullRound.id) },
    extras: (t) => [
      { name: "a player not on the list", expect: { status: 404, error: WAITLIST_MESSAGES.notOnList } },
      { name: "a user with no linked player", token: t.freshToken, expect: { status: 403 } },
    ],
  },
  {
    group: "waitlist",
    method: "POST",
    pattern: "/api/rounds/:id/waitlist/confirm",
    path: "/api/rounds/{id}/waitlist/confirm",
    auth: "user",
    url: { id: id((t) => t.fullRound.id) },
    extras: (t) => [
      { name: "no place on offer", expect: { status: 409, error: WAITLIST_MESSAGES.noOffer } },
      { name: "a user with no linked player", token: t.freshToken, expect: { status: 403 } },
    ],
  },

  // ---- /api/rounds/{id}/paypal-back (ADR 50): the targets' payment is `entered`'s cash, not the user's.
  {
    group: "rain-outs",
    method: "POST",
    pattern: "/api/rounds/:id/paypal-back",
    path: "/api/rounds/{id}/paypal-back",
    auth: "user",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: PayPalBackSchema,
      valid: (t) => ({ paymentId: t.cash.id }),
      fields: { paymentId: field.id },
    },
    extras: (t) => [
      { name: "another player's payment", expect: { status: 403, error: PAYPAL_BACK_MESSAGES.notYours } },
      { name: "a payment of another round", path: `/api/rounds/${t.closedRound.id}/paypal-back`, expect: notFound },
      { name: "a payment that does not exist", body: { paymentId: MISSING_ID }, expect: notFound },
    ],
  },

  // ---- /api/entries
  {
    group: "entries",
    method: "GET",
    pattern: "/api/entries/multi/:ids",
    path: "/api/entries/multi/{ids}",
    auth: "none",
    url: {
      ids: {
        valid: (t) => String(t.round.id),
        // Items are trimmed ("1, 2" is fine), so spaces around an id are not bad here.
        bad: [",", ",,,", "1,abc", "1,-1", "1,1.5", "1,0", "%20", "1,1e3", Array.from({ length: 501 }, (_, i) => i + 1).join(",")],
      },
    },
  },
  {
    group: "entries",
    method: "GET",
    pattern: "/api/entries/:roundId",
    path: "/api/entries/{roundId}",
    auth: "none",
    url: { roundId: id((t) => t.round.id) },
  },
  {
    group: "entries",
    method: "POST",
    pattern: "/api/entries/paypal-order",
    path: "/api/entries/paypal-order",
    auth: "user",
    body: {
      schema: PayPalOrderSchema,
      valid: (t) => ({ round_id: t.round.id, player_id: t.claimed.id, division: "MA2", ace: true, credit_used: 2 }),
      fields: {
        round_id: field.id,
        player_id: field.optionalId,
        division: field.division,
        ace: field.flag,
        credit_used: field.money("money0", true),
      },
    },
    extras: (t) => [
      { name: "a round that does not exist", body: { round_id: MISSING_ID, division: "MA2" }, expect: notFound },
      { name: "a round closed for registration", body: { round_id: t.closedRound.id, division: "MA2" }, expect: {} },
      { name: "someone else's player", body: { round_id: t.round.id, player_id: t.entered.id, division: "MA2" }, expect: {} },
      // Credit asked for is clamped to the balance and the total (ADR 15): here it covers the entry.
      {
        name: "credit that covers it all (nothing to pay)",
        body: { round_id: t.round.id, division: "MA2", credit_used: "500" },
        expect: {},
      },
      { name: "a user with no linked player", token: t.freshToken, body: { round_id: t.round.id, division: "MA1" }, expect: {} },
    ],
  },
  {
    group: "entries",
    method: "POST",
    pattern: "/api/entries",
    path: "/api/entries",
    auth: "user",
    body: {
      schema: SignUpSchema,
      valid: (t) => ({ round_id: t.round.id, player_id: t.claimed.id, division: "MA2", ace: true, credit_used: 2, method: "credit" }),
      fields: {
        round_id: field.id,
        player_id: field.id,
        division: field.division,
        ace: field.flag,
        credit_used: field.money("money0", true),
        method: { kind: "enum", values: ["credit", "paypal"] },
        payment_data: { kind: "object", optional: true, nullable: true },
      },
    },
    extras: (t) => {
      const signUp = (more: Record<string, Json>) => ({
        round_id: t.round.id,
        player_id: t.claimed.id,
        division: "MA2",
        method: "credit",
        ...more,
      });
      return [
        { name: "PayPal without an order", body: signUp({ method: "paypal" }), expect: { status: 400 } },
        ...["", "bad id!", "x".repeat(65), "../../v1/oauth2/token"].map((orderID) => ({
          name: `PayPal order id ${describeValue(orderID)}`,
          body: signUp({ method: "paypal", payment_data: { orderID } }),
          expect: { status: 400, error: "Invalid PayPal order id" },
        })),
        { name: "PayPal order id missing", body: signUp({ method: "paypal", payment_data: {} }), expect: { status: 400 } },
        {
          name: "a PayPal order PayPal never made",
          body: signUp({ method: "paypal", payment_data: { orderID: "NOSUCHORDER123" } }),
          expect: {},
        },
        { name: "a round that does not exist", body: signUp({ round_id: MISSING_ID }), expect: notFound },
        { name: "a round closed for registration", body: signUp({ round_id: t.closedRound.id }), expect: {} },
        { name: "someone else's player", body: signUp({ player_id: t.entered.id }), expect: {} },
        { name: "a player that does not exist", body: signUp({ player_id: MISSING_ID }), expect: {} },
        { name: "a user with no linked player", token: t.freshToken, body: signUp({ player_id: t.spare.id }), expect: {} },
      ];
    },
  },
  {
    // Withdrawing (ADR 22): a player only their own entry. The targets' entry is another player's.
    group: "entries",
    method: "DELETE",
    pattern: "/api/entries/:id",
    path: "/api/entries/{id}",
    auth: "user",
    url: { id: id((t) => t.entry.id) },
    extras: (t) => [
      { name: "someone else's entry", expect: { status: 403, error: "You can only withdraw your own entry." } },
      { name: "an entry, by a user with no linked player", token: t.freshToken, expect: { status: 403 } },
    ],
  },

  // ---- /api/players
  { group: "players", method: "GET", pattern: "/api/players", path: "/api/players", auth: "none" },
  { group: "players", method: "GET", pattern: "/api/players/simpleList", path: "/api/players/simpleList", auth: "none" },
  {
    group: "players",
    method: "GET",
    pattern: "/api/players/round/:id",
    path: "/api/players/round/{id}",
    auth: "none",
    url: { id: id((t) => t.round.id) },
  },
  {
    group: "players",
    method: "GET",
    pattern: "/api/players/player/:id",
    path: "/api/players/player/{id}",
    auth: "none",
    url: { id: id((t) => t.claimed.id) },
  },
  {
    group: "players",
    method: "GET",
    pattern: "/api/players/:id/history",
    path: "/api/players/{id}/history",
    auth: "none",
    url: { id: id((t) => t.claimed.id) },
  },
  {
    group: "players",
    method: "GET",
    pattern: "/api/players/search/:text",
    path: "/api/players/search/{text}",
    auth: "none",
    url: {
      text: {
        valid: () => "abc",
        bad: ["a", "ab", "%20%20%20", "%20a%20", "x".repeat(41), "x".repeat(49), "%25".repeat(41), "x".repeat(101), "%09%0A%0D"],
      },
    },
  },
  {
    group: "players",
    method: "POST",
    pattern: "/api/players/addNew",
    path: "/api/players/addNew",
    auth: "user",
    token: (t) => t.freshToken,
    body: {
      schema: NewPlayerSchema,
      valid: () => ({ values: { fn: "Nova", ln: `Newcomer${uniq()}`, pdga: "12345", division: "MA1", inactive: false } }),
      fields: playerValueFields("values"),
    },
    extras: (t) => [
      {
        name: "a user who already has a player",
        token: t.userToken,
        body: { values: { fn: "Dup", ln: "Licate", division: "MA1" } },
        expect: conflict,
      },
    ],
  },

  // ---- /api/ace
  {
    group: "aces",
    method: "GET",
    pattern: "/api/ace",
    path: "/api/ace?roundId={roundId}",
    auth: "none",
    url: { roundId: { ...id((t) => t.round.id), bad: BAD_URL_IDS, optional: true } },
  },
  { group: "aces", method: "GET", pattern: "/api/ace/list", path: "/api/ace/list", auth: "none" },

  // ---- /api/standings
  {
    group: "standings",
    method: "GET",
    pattern: "/api/standings",
    path: "/api/standings?season={season}&division={division}",
    auth: "none",
    url: {
      season: {
        valid: () => String(new Date().getUTCFullYear()),
        bad: ["26", "1999", "2101", "abcd", "2026.0", "%202026", "9".repeat(40)],
        optional: true,
      },
      division: { valid: () => "MA1", bad: ["ZZ9", "ma1", "MA1%20", "MA1;DROP%20TABLE%20players", "%F0%9F%92%A9"], optional: true },
    },
  },
  {
    group: "aces",
    method: "POST",
    pattern: "/api/ace/add",
    path: "/api/ace/add",
    auth: "admin",
    body: {
      schema: AceAddSchema,
      valid: (t) => ({ values: { d: nowSec(), player: t.entered.id, amt: "5.00" } }),
      fields: { values: field.object, "values.d": field.epoch, "values.player": field.id, "values.amt": field.money("money+") },
    },
    extras: (t) => [
      { name: "a player that does not exist", body: { values: { d: nowSec(), player: MISSING_ID, amt: "1" } }, expect: notFound },
      { name: "more than the pot holds", body: { values: { d: nowSec(), player: t.entered.id, amt: "100000" } }, expect: conflict },
    ],
  },
  {
    group: "aces",
    method: "POST",
    pattern: "/api/ace/delete",
    path: "/api/ace/delete",
    auth: "admin",
    body: { schema: idBodySchema("ace id"), valid: (t) => ({ id: t.ace.id }), fields: { id: field.id } },
    extras: () => [{ name: "an ace that does not exist", body: { id: MISSING_ID }, expect: notFound }],
  },

  // ---- /api/tags (ADR 27)
  { group: "tags", method: "GET", pattern: "/api/tags", path: "/api/tags", auth: "none" },
  {
    group: "tags",
    method: "GET",
    pattern: "/api/tags/:tag",
    path: "/api/tags/{tag}",
    auth: "none",
    url: { tag: { valid: () => "7", bad: ["0", "1000", "abc", "7.0", "-1", "%207", "9".repeat(40)] } },
  },
  {
    group: "tags",
    method: "POST",
    pattern: "/api/admin/tags/assign",
    path: "/api/admin/tags/assign",
    auth: "admin",
    body: { schema: TagAssignSchema, valid: (t) => ({ tag: 7, playerId: t.spare.id }), fields: { tag: TAG_FIELD, playerId: field.id } },
    // The targets' league runs no tags: a valid assignment is refused as such.
    extras: (t) => [{ name: "while the league runs no tags", body: { tag: 7, playerId: t.spare.id }, expect: conflict }],
  },
  {
    group: "tags",
    method: "POST",
    pattern: "/api/admin/tags/take-back",
    path: "/api/admin/tags/take-back",
    auth: "admin",
    body: { schema: TagTakeBackSchema, valid: () => ({ tag: 7 }), fields: { tag: TAG_FIELD } },
    extras: () => [{ name: "while the league runs no tags", body: { tag: 7 }, expect: conflict }],
  },

  // ---- /api/transfers
  { group: "transfers", method: "GET", pattern: "/api/transfers", path: "/api/transfers", auth: "none" },
  {
    group: "transfers",
    method: "GET",
    pattern: "/api/transfers/transfersByPlayer/:id",
    path: "/api/transfers/transfersByPlayer/{id}",
    auth: "none",
    url: { id: id((t) => t.claimed.id) },
  },
  {
    group: "transfers",
    method: "POST",
    pattern: "/api/transfers/add",
    path: "/api/transfers/add",
    auth: "admin",
    body: {
      schema: TransferAddSchema,
      valid: (t) => ({ values: { d: nowSec(), fromPlayer: null, toPlayer: t.claimed.id, amt: "5.00", description: "Cash" } }),
      fields: {
        values: field.object,
        "values.d": field.epoch,
        "values.fromPlayer": field.leagueOrPlayer,
        "values.toPlayer": field.leagueOrPlayer,
        "values.amt": field.money("money+"),
        "values.description": field.text(200, { optional: true, nullable: true, blankOk: true }),
      },
    },
    extras: (t) => {
      const transfer = (from: number | null, to: number | null, amt = "5.00") => ({
        values: { d: nowSec(), fromPlayer: from, toPlayer: to, amt },
      });
      return [
        { name: "the league to the league", body: transfer(null, null), expect: { status: 400 } },
        { name: "a player to themself", body: transfer(t.claimed.id, t.claimed.id), expect: { status: 400 } },
        { name: "from a player without credit", body: transfer(t.broke.id, null), expect: conflict },
        { name: "more than the sender has", body: transfer(t.claimed.id, t.spare.id, "20.01"), expect: conflict },
        { name: "to a player that does not exist", body: transfer(null, MISSING_ID), expect: notFound },
        { name: "from a player that does not exist", body: transfer(MISSING_ID, t.claimed.id), expect: notFound },
      ];
    },
  },
  {
    group: "transfers",
    method: "POST",
    pattern: "/api/transfers/delete",
    path: "/api/transfers/delete",
    auth: "admin",
    body: { schema: idBodySchema("transfer id"), valid: (t) => ({ id: t.transfer.id }), fields: { id: field.id } },
    extras: () => [{ name: "a transfer that does not exist", body: { id: MISSING_ID }, expect: notFound }],
  },

  // ---- /api/users
  {
    group: "users",
    method: "GET",
    pattern: "/api/users/check-email",
    path: "/api/users/check-email?email={email}",
    auth: "none",
    url: {
      email: {
        valid: () => "someone%40example.com",
        bad: fieldBadValues({ kind: "email" })
          .filter(({ value }) => typeof value === "string" && value.length < 1000)
          .map(({ value }) => encodeURIComponent(value as string)),
      },
    },
  },
  {
    group: "users",
    method: "POST",
    pattern: "/api/users/login",
    path: "/api/users/login",
    auth: "none",
    body: {
      schema: LoginSchema,
      valid: (t) => ({ email: t.user.email, password: "Wrong-Password-1" }),
      fields: { email: { kind: "email" }, password: { kind: "secret" } },
    },
    extras: (t) => [
      { name: "a wrong password", body: { email: t.user.email, password: "Wrong-Password-1" }, expect: { status: 401 } },
      { name: "an unknown email", body: { email: uniqueEmail("nobody"), password: PASSWORD }, expect: { status: 401 } },
    ],
  },
  {
    group: "users",
    method: "POST",
    pattern: "/api/users/register",
    path: "/api/users/register",
    auth: "none",
    body: {
      schema: RegisterSchema,
      valid: () => ({ email: uniqueEmail("new"), name: "New Person", password: PASSWORD }),
      fields: { email: { kind: "email" }, name: field.text(100), password: { kind: "password" } },
    },
    extras: (t) => [
      { name: "an email already registered", body: { email: t.other.email, name: "Copy", password: PASSWORD }, expect: conflict },
    ],
  },
  {
    group: "users",
    method: "POST",
    pattern: "/api/users/forgot-password",
    path: "/api/users/forgot-password",
    auth: "none",
    body: { schema: ForgotPasswordSchema, valid: (t) => ({ email: t.user.email }), fields: { email: { kind: "email" } } },
  },
  {
    group: "users",
    method: "POST",
    pattern: "/api/users/verify-reset-token",
    path: "/api/users/verify-reset-token",
    auth: "none",
    body: { schema: ResetTokenSchema, valid: () => ({ token: "a".repeat(43) }), fields: { token: { kind: "secret" } } },
    extras: () => [{ name: "a token never issued", body: { token: "b".repeat(43) }, expect: { status: 400 } }],
  },
  {
    group: "users",
    method: "POST",
    pattern: "/api/users/reset-password",
    path: "/api/users/reset-password",
    auth: "none",
    body: {
      schema: ResetPasswordSchema,
      valid: () => ({ token: "a".repeat(43), password: PASSWORD }),
      fields: { token: { kind: "secret" }, password: { kind: "password" } },
    },
    extras: () => [{ name: "a token never issued", body: { token: "c".repeat(43), password: PASSWORD }, expect: { status: 400 } }],
  },
  // Logging out takes no input: a dead or missing token still logs out (200, by design),
  // so its bad requests are the Worker's: a foreign Origin and an oversize body.
  { group: "users", method: "POST", pattern: "/api/users/logout", path: "/api/users/logout", auth: "none" },
  { group: "users", method: "POST", pattern: "/api/users/logout-everywhere", path: "/api/users/logout-everywhere", auth: "user" },
  { group: "users", method: "GET", pattern: "/api/users/me", path: "/api/users/me", auth: "user" },
  // Opening the one-click URL only redirects to the page, whatever it carries.
  { group: "users", method: "GET", pattern: "/api/users/unsubscribe", path: "/api/users/unsubscribe", auth: "none" },
  {
    // The one-click (RFC 8058): a form body, no session; the link's signature is the authority.
    group: "users",
    method: "POST",
    pattern: "/api/users/unsubscribe",
    path: "/api/users/unsubscribe?u={u}&l={l}&t={t}",
    auth: "none",
    url: {
      u: { valid: (t) => String(t.subscriber.id), bad: BAD_URL_IDS },
      // The league is signed with the user (ADR 46): any other, or none, is another link.
      l: { valid: () => "1", bad: [...BAD_URL_IDS, "2"] },
      t: { valid: (t) => t.signatures.subscriber, bad: ["", "abc", "A".repeat(43), "A".repeat(42), "A".repeat(44), "%00", "a+b/c="] },
    },
    extras: (t) => {
      const at = (u: number, sig: string) => `/api/users/unsubscribe?u=${u}&l=1&t=${sig}`;
      return [
        { name: "a valid link without the one-click body", expect: { status: 400 } },
        { name: "a valid link with a JSON body", body: { "List-Unsubscribe": "One-Click" }, expect: { status: 400 } },
        { name: "another user's signature", path: at(t.subscriber.id, t.signatures.user), expect: { status: 400 } },
        { name: "a signature for another user", path: at(t.user.id, t.signatures.subscriber), expect: { status: 400 } },
        { name: "a signed link of a user who does not exist", path: at(MISSING_ID, t.signatures.missing), expect: notFound },
        { name: "another league's signature", path: at(t.subscriber.id, t.signatures.otherLeague), expect: { status: 400 } },
        { name: "a link from before leagues given a league", path: at(t.subscriber.id, t.signatures.old), expect: { status: 400 } },
        {
          name: "a league's link with its league taken out",
          path: `/api/users/unsubscribe?u=${t.subscriber.id}&t=${t.signatures.subscriber}`,
          expect: { status: 400 },
        },
      ];
    },
  },
  // A player's choices per kind of message (ADR 49): the linked user is a member with every kind at its default.
  { group: "messages", method: "GET", pattern: "/api/messages/prefs", path: "/api/messages/prefs", auth: "user" },
  {
    group: "messages",
    method: "PUT",
    pattern: "/api/messages/prefs",
    path: "/api/messages/prefs",
    auth: "user",
    // Every kind at its default (no row): a bad request wrongly taken would write one.
    body: {
      schema: MessagePrefsSchema,
      valid: () => ({ prefs: { cards: "off", ace: "push" } }),
      fields: {
        prefs: field.object,
        "prefs.cards": { kind: "enum", values: ["push", "mail", "off", "auto"], optional: true },
        "prefs.ace": { kind: "enum", values: ["push", "mail", "off", "auto"], optional: true },
      },
    },
    extras: () => [{ name: "an unknown kind", body: { prefs: { birthday: "push" } }, expect: { status: 400 } }],
  },
  // Opening a message's one-click URL only redirects to the page, whatever it carries.
  { group: "messages", method: "GET", pattern: "/api/messages/off", path: "/api/messages/off", auth: "none" },
  {
    // A message's one-click (RFC 8058): a form body, no session; the link's signature is the authority.
    group: "messages",
    method: "POST",
    pattern: "/api/messages/off",
    path: "/api/messages/off?u={u}&l={l}&k={k}&t={t}",
    auth: "none",
    url: {
      u: { valid: (t) => String(t.subscriber.id), bad: BAD_URL_IDS },
      l: { valid: () => "1", bad: [...BAD_URL_IDS, "2"] },
      // The kind is signed with the user and the league: any other kind is another link.
      k: { valid: () => "cards", bad: ["", "ace", "CARDS", "birthday", "%00"] },
      t: { valid: (t) => t.signatures.messageOff, bad: ["", "abc", "A".repeat(43), "A".repeat(42), "A".repeat(44), "%00", "a+b/c="] },
    },
    extras: (t) => [
      { name: "a valid link without the one-click body", expect: { status: 400 } },
      { name: "a valid link with a JSON body", body: { "List-Unsubscribe": "One-Click" }, expect: { status: 400 } },
      {
        name: "the registration mail's signature as a message's",
        path: `/api/messages/off?u=${t.subscriber.id}&l=1&k=cards&t=${t.signatures.subscriber}`,
        expect: { status: 400 },
      },
    ],
  },
  { group: "users", method: "GET", pattern: "/api/users/me/notifications", path: "/api/users/me/notifications", auth: "user" },
  {
    group: "users",
    method: "PUT",
    pattern: "/api/users/me/notifications",
    path: "/api/users/me/notifications",
    auth: "user",
    // The user's mail is off: a bad request wrongly taken would turn it on and change a table.
    body: {
      schema: NotificationsSchema,
      valid: () => ({ registrationOpens: true }),
      fields: { registrationOpens: { kind: "bool" } },
    },
  },
  {
    group: "users",
    method: "PUT",
    pattern: "/api/users/me/scoring-pin",
    path: "/api/users/me/scoring-pin",
    auth: "user",
    // The user has no PIN: a bad request wrongly taken would set one and change a table.
    body: {
      schema: ScoringPinSchema,
      valid: () => ({ pin: "2468", currentPassword: PASSWORD }),
      fields: { pin: { kind: "pin", nullable: true }, currentPassword: field.text(200, { blankOk: true }) },
    },
    extras: () => [
      { name: "a PIN without the current password", body: { pin: "2468" }, expect: { status: 400 } },
      {
        name: "a PIN with a wrong current password",
        body: { pin: "2468", currentPassword: "Wrong-Password-1" },
        expect: { status: 400, error: "Current password is incorrect" },
      },
    ],
  },
  // Takes no input: its bad requests are the missing and wrong credentials, a foreign Origin and an oversize body.
  { group: "users", method: "POST", pattern: "/api/users/me/calendar-token", path: "/api/users/me/calendar-token", auth: "user" },
  // ---- /api/push: "Notifications on this device" (ADR 49), the deployment's routes
  { group: "push", method: "GET", pattern: "/api/push/key", path: "/api/push/key", auth: "none" },
  {
    // The user has no device: a bad request wrongly taken would keep one and change a table.
    group: "push",
    method: "POST",
    pattern: "/api/push/subscriptions",
    path: "/api/push/subscriptions",
    auth: "user",
    body: {
      schema: PushSubscriptionSchema,
      valid: () => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${uniq("hostile")}`, keys: PUSH_KEYS }),
      fields: {
        endpoint: field.text(2048),
        keys: field.object,
        "keys.p256dh": { kind: "secret" },
        "keys.auth": { kind: "secret" },
      },
    },
    extras: () => {
      const at = (endpoint: string, keys: Json = PUSH_KEYS) => ({ endpoint, keys });
      const refused = (name: string, body: Json, error: string) => ({ name, body, expect: { status: 400, error } });
      return [
        refused("an http: endpoint", at("http://fcm.googleapis.com/fcm/send/x"), PUSH_ERRORS.endpointHttps),
        refused("an unknown push host", at("https://push.example.com/x"), PUSH_ERRORS.endpointHost),
        refused("a look-alike host after", at("https://fcm.googleapis.com.evil.net/x"), PUSH_ERRORS.endpointHost),
        refused("a look-alike host before", at("https://evilfcm.googleapis.com/x"), PUSH_ERRORS.endpointHost),
        refused("userinfo before the host", at("https://fcm.googleapis.com@evil.net/x"), PUSH_ERRORS.endpointHost),
        refused("userinfo on the host", at("https://u:p@fcm.googleapis.com/x"), PUSH_ERRORS.endpointHost),
        refused("a port", at("https://fcm.googleapis.com:8443/x"), PUSH_ERRORS.endpointHost),
        refused("not a URL", at("not a url"), PUSH_ERRORS.endpointUrl),
        refused("p256dh of 64 bytes", at(fcmEndpoint(), { ...PUSH_KEYS, p256dh: PUSH_KEYS.p256dh.slice(0, 86) }), PUSH_ERRORS.p256dh),
        refused("auth of 15 bytes", at(fcmEndpoint(), { ...PUSH_KEYS, auth: "AAAAAAAAAAAAAAAAAAAA" }), PUSH_ERRORS.auth),
        refused("auth of 17 bytes", at(fcmEndpoint(), { ...PUSH_KEYS, auth: "AAAAAAAAAAAAAAAAAAAAAAA" }), PUSH_ERRORS.auth),
      ];
    },
  },
  {
    group: "push",
    method: "DELETE",
    pattern: "/api/push/subscriptions",
    path: "/api/push/subscriptions",
    auth: "user",
    body: { schema: PushEndpointSchema, valid: () => ({ endpoint: fcmEndpoint() }), fields: { endpoint: field.text(2048) } },
    extras: (t) => [
      { name: "another account's device", body: { endpoint: t.otherDevice }, expect: notFound },
      { name: "a device no one has", expect: notFound },
    ],
  },
  {
    group: "users",
    method: "PUT",
    pattern: "/api/users/profile",
    path: "/api/users/profile",
    auth: "user",
    body: {
      schema: ProfileSchema,
      valid: () => ({ name: "Renamed Person" }),
      fields: {
        name: field.text(100, { optional: true }),
        email: { kind: "email", optional: true },
        password: { kind: "password", optional: true },
        currentPassword: field.text(200, { optional: true, blankOk: true }),
      },
    },
    extras: (t) => [
      { name: "no changes at all", body: {}, expect: { status: 400, error: "No changes to update." } },
      { name: "the name it already has", body: { name: t.user.name }, expect: { status: 400 } },
      { name: "a new email without the current password", body: { email: uniqueEmail() }, expect: { status: 400 } },
      {
        name: "a new email with a wrong current password",
        body: { email: uniqueEmail(), currentPassword: "Wrong-Password-1" },
        expect: { status: 400, error: "Current password is incorrect" },
      },
      { name: "a new password without the current one", body: { password: "Another-Pass-99" }, expect: { status: 400 } },
      { name: "an email someone else has", body: { email: t.other.email, currentPassword: PASSWORD }, expect: conflict },
    ],
  },

  // ---- /api/claims
  {
    group: "claims",
    method: "POST",
    pattern: "/api/claims",
    path: "/api/claims",
    auth: "user",
    token: (t) => t.freshToken,
    body: {
      schema: ClaimSubmitSchema,
      valid: (t) => ({ player_id: t.spare.id, note: "That's me" }),
      fields: { player_id: field.id, note: field.note },
    },
    extras: (t) => [
      { name: "a player that does not exist", body: { player_id: MISSING_ID }, expect: notFound },
      { name: "a player someone else is linked to", body: { player_id: t.claimed.id }, expect: conflict },
      { name: "an admin claiming a player (wrong role)", token: t.adminToken, body: { player_id: t.spare.id }, expect: { status: 403 } },
      { name: "a second claim while one is open", token: t.userToken, body: { player_id: t.spare.id }, expect: conflict },
    ],
  },
  { group: "claims", method: "GET", pattern: "/api/claims/mine", path: "/api/claims/mine", auth: "user" },
  {
    group: "claims",
    method: "PUT",
    pattern: "/api/claims/:id/unclaim",
    path: "/api/claims/{id}/unclaim",
    auth: "user",
    token: (t) => t.otherToken,
    url: { id: id((t) => t.pendingClaim.id) },
    extras: (t) => [
      { name: "someone else's claim", token: t.userToken, expect: { status: 403 } },
      { name: "a withdrawn claim", path: `/api/claims/${t.withdrawnClaim.id}/unclaim`, token: t.freshToken, expect: conflict },
    ],
  },
  { group: "claims", method: "GET", pattern: "/api/claims", path: "/api/claims", auth: "admin" },
  {
    group: "claims",
    method: "GET",
    pattern: "/api/claims/for-user",
    path: "/api/claims/for-user?userId={userId}",
    auth: "admin",
    url: { userId: id((t) => t.other.id) },
  },
  {
    group: "claims",
    method: "PUT",
    pattern: "/api/claims/:id/:action{(?:approve|reject|conflict)}",
    path: "/api/claims/{id}/{action}",
    auth: "admin",
    url: {
      id: id((t) => t.pendingClaim.id),
      action: { valid: () => "approve", bad: ["delete", "APPROVE", "approve%20", "approved", "xreject", "withdraw"], status: 404 },
    },
    body: { schema: ClaimNoteSchema, valid: () => ({ note: "Checked the scorecards" }), fields: { note: field.note } },
    extras: (t) => [
      { name: "a conflict without a note", path: `/api/claims/${t.pendingClaim.id}/conflict`, body: {}, expect: { status: 400 } },
      { name: "approving a withdrawn claim", path: `/api/claims/${t.withdrawnClaim.id}/approve`, body: {}, expect: conflict },
      { name: "approving an approved claim", path: `/api/claims/${t.approvedClaim.id}/approve`, body: {}, expect: conflict },
    ],
  },

  // ---- /api/paypal (its bad requests are listed in api.test.ts: they need PayPal's headers)
  { group: "paypal", method: "POST", pattern: "/api/paypal/webhook", path: "/api/paypal/webhook", auth: "none" },

  // ---- /api/admin/login
  {
    group: "admin login",
    method: "POST",
    pattern: "/api/admin/login",
    path: "/api/admin/login",
    auth: "none",
    body: {
      schema: AdminLoginSchema,
      valid: (t) => ({ username: t.admin.email, password: "Wrong-Password-1" }),
      fields: { username: { kind: "email" }, password: { kind: "secret" } },
    },
    extras: (t) => [
      { name: "the user login's field names", body: { email: t.admin.email, password: PASSWORD }, expect: { status: 400 } },
      { name: "a wrong password", body: { username: t.admin.email, password: "Wrong-Password-1" }, expect: { status: 401 } },
      { name: "a player's own credentials (wrong role)", body: { username: t.user.email, password: PASSWORD }, expect: { status: 401 } },
    ],
  },

  // ---- /api/admin: users
  { group: "admin users", method: "GET", pattern: "/api/admin/users", path: "/api/admin/users", auth: "admin" },
  ...(["GET", "DELETE"] as const).map(
    (method): ApiRoute => ({
      group: "admin users",
      method,
      pattern: "/api/admin/users/:userId",
      path: "/api/admin/users/{userId}",
      auth: "admin",
      url: { userId: id((t) => t.other.id) },
      extras: (t) =>
        method === "DELETE" ? [{ name: "deleting oneself", path: `/api/admin/users/${t.admin.id}`, expect: { status: 400 } }] : [],
    }),
  ),
  {
    group: "admin users",
    method: "GET",
    pattern: "/api/admin/users/:userId/players",
    path: "/api/admin/users/{userId}/players",
    auth: "admin",
    url: { userId: id((t) => t.other.id) },
  },
  {
    group: "admin users",
    method: "DELETE",
    pattern: "/api/admin/users/:userId/players/:playerId",
    path: "/api/admin/users/{userId}/players/{playerId}",
    auth: "admin",
    // `spare` was added by an admin: no user's own record, so a valid call is still a 404.
    url: { userId: id((t) => t.other.id), playerId: id((t) => t.spare.id) },
  },
  ...(["lock", "unlock", "reset-password"] as const).map(
    (action): ApiRoute => ({
      group: "admin users",
      method: "POST",
      pattern: `/api/admin/users/:userId/${action}`,
      path: `/api/admin/users/{userId}/${action}`,
      auth: "admin",
      url: { userId: id((t) => t.other.id) },
      extras: (t) =>
        action === "lock" ? [{ name: "locking oneself", path: `/api/admin/users/${t.admin.id}/lock`, expect: { status: 400 } }] : [],
    }),
  ),
  {
    group: "admin users",
    method: "POST",
    pattern: "/api/admin/user/add",
    path: "/api/admin/user/add",
    auth: "admin",
    body: {
      schema: AddUserSchema,
      valid: () => ({ email: uniqueEmail("added"), name: "Added Person", password: PASSWORD, isAdmin: false }),
      fields: {
        email: { kind: "email" },
        name: field.text(100),
        password: { kind: "password", optional: true },
        isAdmin: { kind: "bool", optional: true },
      },
    },
    extras: (t) => [{ name: "an email already registered", body: { email: t.other.email, name: "Copy" }, expect: conflict }],
  },

  // ---- /api/admin: players (the spec writes the save path with a trailing slash; both work)
  ...["/api/admin/player", "/api/admin/player/"].map(
    (path): ApiRoute => ({
      group: "admin players",
      method: "POST",
      pattern: path,
      path,
      alias: path.endsWith("/"),
      auth: "admin",
      body: {
        schema: SavePlayerSchema,
        valid: (t) => ({ id: t.spare.id, values: { fn: "Spare", ln: "Player", pdga: null, division: "MA1", inactive: false } }),
        fields: { id: field.optionalId, ...playerValueFields("values") },
      },
      extras: () => [
        { name: "a player that does not exist", body: { id: MISSING_ID, values: { fn: "A", ln: "B", division: "MA1" } }, expect: notFound },
      ],
    }),
  ),
  {
    group: "admin players",
    method: "POST",
    pattern: "/api/admin/player/delete",
    path: "/api/admin/player/delete",
    auth: "admin",
    body: { schema: idBodySchema("player id"), valid: (t) => ({ id: t.spare.id }), fields: { id: field.id } },
    extras: (t) => [
      { name: "a player that does not exist", body: { id: MISSING_ID }, expect: notFound },
      { name: "a player with entries", body: { id: t.entered.id }, expect: conflict },
    ],
  },

  // ---- /api/admin: rounds
  ...["/api/admin/round", "/api/admin/round/"].map(
    (path): ApiRoute => ({
      group: "admin rounds",
      method: "POST",
      pattern: path,
      path,
      alias: path.endsWith("/"),
      auth: "admin",
      body: {
        schema: SaveRoundSchema,
        valid: (t) => ({ id: t.closedRound.id, version: t.closedRound.version, ...roundValues() }),
        fields: roundFields,
      },
      extras: (t) => [
        { name: "a round that does not exist", body: { id: MISSING_ID, version: 0, ...roundValues() }, expect: notFound },
        { name: "a layout that does not exist", body: { ...roundValues(), layout_id: MISSING_ID }, expect: notFound },
        {
          name: "a version the round does not have",
          body: { id: t.closedRound.id, version: t.closedRound.version + 1, ...roundValues() },
          expect: conflict,
        },
      ],
    }),
  ),
  {
    group: "admin ratings",
    method: "POST",
    pattern: "/api/admin/ratings/recompute",
    path: "/api/admin/ratings/recompute",
    auth: "admin",
    body: { schema: RecomputeRatingsSchema, valid: (t) => ({ round_id: t.closedRound.id }), fields: { round_id: field.optionalId } },
    extras: () => [{ name: "a round that does not exist", body: { round_id: MISSING_ID }, expect: notFound }],
  },
  {
    group: "admin rounds",
    method: "POST",
    pattern: "/api/admin/round/delete",
    path: "/api/admin/round/delete",
    auth: "admin",
    body: { schema: idBodySchema("round id"), valid: (t) => ({ id: t.closedRound.id }), fields: { id: field.id } },
    extras: () => [{ name: "a round that does not exist", body: { id: MISSING_ID }, expect: notFound }],
  },
  {
    group: "admin rounds",
    method: "POST",
    pattern: "/api/admin/round/openForRegistration",
    path: "/api/admin/round/openForRegistration",
    auth: "admin",
    body: {
      schema: OpenRoundSchema,
      valid: (t) => ({ id: t.closedRound.id, openForRegistration: true }),
      fields: { id: field.id, openForRegistration: { kind: "bool" } },
    },
    extras: () => [{ name: "a round that does not exist", body: { id: MISSING_ID, openForRegistration: true }, expect: notFound }],
  },

  // ---- /api/admin: entries
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/add",
    path: "/api/admin/entry/add",
    auth: "admin",
    body: {
      schema: EntryAddSchema,
      valid: (t) => ({
        values: { round_id: t.round.id, player: t.spare.id, division: "MA1", ace: true, credit_added: 0, credit_used: 0, payoutAdjust: 0 },
      }),
      fields: {
        values: field.object,
        "values.round_id": field.id,
        // Required in effect: without it (and without newPlayer) there is no player.
        "values.player": { kind: "id", nullable: true },
        "values.division": field.division,
        "values.ace": field.flag,
        "values.credit_added": field.money("money0", true),
        "values.credit_used": field.money("money0", true),
        "values.payoutAdjust": field.money("money±", true),
      },
    },
    extras: (t) => {
      const add = (more: Record<string, Json>) => ({ values: { round_id: t.round.id, player: t.spare.id, division: "MA1", ...more } });
      return [
        { name: "a player already entered", body: add({ player: t.entered.id }), expect: conflict },
        { name: "a round that does not exist", body: add({ round_id: MISSING_ID }), expect: notFound },
        { name: "a player that does not exist", body: add({ player: MISSING_ID }), expect: notFound },
        { name: "a player and a new player", body: add({ newPlayer: { fn: "A", ln: "B" } }), expect: { status: 400 } },
        { name: "more credit than the player has", body: add({ credit_used: "5" }), expect: conflict },
      ];
    },
  },
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/update",
    path: "/api/admin/entry/update",
    auth: "admin",
    body: {
      schema: EntryUpdateSchema,
      valid: (t) => ({ id: t.entry.id, version: t.entry.version, values: { score: 50 } }),
      fields: { id: field.id, version: field.version, ...entryChangeFields("values") },
    },
    extras: (t) => [
      { name: "an entry that does not exist", body: { id: MISSING_ID, version: 0, values: { score: 50 } }, expect: notFound },
      {
        name: "more credit used than the player has",
        body: { id: t.entry.id, version: t.entry.version, values: { credit_used: "50" } },
        expect: conflict,
      },
      {
        name: "a version the entry does not have",
        body: { id: t.entry.id, version: t.entry.version + 1, values: { score: 50 } },
        expect: conflict,
      },
    ],
  },
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/bulk",
    path: "/api/admin/entry/bulk",
    auth: "admin",
    body: {
      schema: EntryBulkSchema,
      valid: (t) => ({ data: [{ id: t.entry.id, version: t.entry.version, value: { score: 50 } }] }),
      // Each change is the update's EntryChangesSchema, whose every field the update runs
      // through; here the list, its items, their ids and two of the changes.
      fields: {
        data: { kind: "list" },
        "data.0": field.object,
        "data.0.id": field.id,
        "data.0.version": field.version,
        "data.0.value": field.object,
        "data.0.value.score": { kind: "score", optional: true },
        "data.0.value.credit_used": field.money("money0", true),
      },
    },
    extras: (t) => [
      { name: "no changes", body: { data: [] }, expect: { status: 400 } },
      {
        name: "501 changes",
        body: { data: Array.from({ length: 501 }, () => ({ id: t.entry.id, version: t.entry.version, value: { score: 1 } })) },
        expect: { status: 400 },
      },
      { name: "an entry that does not exist", body: { data: [{ id: MISSING_ID, version: 0, value: { score: 1 } }] }, expect: notFound },
      {
        name: "a version the entry does not have",
        body: { data: [{ id: t.entry.id, version: t.entry.version + 1, value: { score: 1 } }] },
        expect: conflict,
      },
    ],
  },
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/delete",
    path: "/api/admin/entry/delete",
    auth: "admin",
    body: {
      schema: EntryDeleteSchema,
      valid: (t) => ({ id: t.entry.id, version: t.entry.version }),
      // The reason an admin gives once the player is checked in (ADR 34).
      fields: { id: field.id, version: field.version, reason: field.text(300, { optional: true, nullable: true, blankOk: true }) },
    },
    extras: (t) => [
      { name: "an entry that does not exist", body: { id: MISSING_ID, version: 0 }, expect: notFound },
      { name: "a version the entry does not have", body: { id: t.entry.id, version: t.entry.version + 1 }, expect: conflict },
    ],
  },
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/cash",
    path: "/api/admin/entry/cash",
    auth: "admin",
    body: {
      schema: CashSchema,
      valid: (t) => ({ id: t.entry.id, amount: "6.00", note: "paid at hole 1", request_key: "hostile-cash-key-1" }),
      fields: {
        id: field.id,
        amount: field.money("money+"),
        note: { kind: "text", max: 200, optional: true, nullable: true, blankOk: true },
        request_key: field.text(64, { optional: true, nullable: true }),
        more_than_owed: field.flag,
      },
    },
    extras: (t) => [
      { name: "an entry that does not exist", body: { id: MISSING_ID, amount: 6 }, expect: notFound },
      { name: "an absurd amount", body: { id: t.entry.id, amount: "500.01" }, expect: { status: 400 } },
      { name: "a thousand dollars", body: { id: t.entry.id, amount: 1000 }, expect: { status: 400 } },
      { name: "more than the entry owes, not marked so", body: { id: t.entry.id, amount: 7 }, expect: conflict },
    ],
  },
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/voidCash",
    path: "/api/admin/entry/voidCash",
    auth: "admin",
    body: {
      schema: VoidCashSchema,
      valid: (t) => ({ payment_id: t.cash.id, reason: "Entered twice" }),
      fields: { payment_id: field.id, reason: field.text(200) },
    },
    extras: (t) => [
      { name: "a payment that does not exist", body: { payment_id: MISSING_ID, reason: "x" }, expect: notFound },
      { name: "no reason", body: { payment_id: t.cash.id, reason: "   " }, expect: { status: 400 } },
    ],
  },
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/excessToCredit",
    path: "/api/admin/entry/excessToCredit",
    auth: "admin",
    body: { schema: ExcessToCreditSchema, valid: (t) => ({ id: t.entry.id }), fields: { id: field.id } },
    extras: (t) => [
      { name: "an entry that does not exist", body: { id: MISSING_ID }, expect: notFound },
      { name: "an entry paid no more than its price", body: { id: t.entry.id }, expect: conflict },
    ],
  },
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/keep",
    path: "/api/admin/entry/keep",
    auth: "admin",
    body: { schema: KeepEntrySchema, valid: (t) => ({ id: t.entry.id }), fields: { id: field.id } },
    extras: (t) => [
      { name: "an entry that does not exist", body: { id: MISSING_ID }, expect: notFound },
      { name: "an entry PayPal refunded nothing of", body: { id: t.entry.id }, expect: conflict },
    ],
  },
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/payouts",
    path: "/api/admin/entry/payouts",
    auth: "admin",
    body: { schema: EntryPayoutsSchema, valid: (t) => ({ round_id: t.round.id }), fields: { round_id: field.id } },
    extras: () => [
      { name: "no entries", body: { entries: [] }, expect: { status: 400 } },
      { name: "entries that are not a list", body: { entries: { id: 1 } }, expect: { status: 400 } },
      { name: "an entry that does not exist", body: { entries: [{ id: MISSING_ID }] }, expect: notFound },
      { name: "an entry id of the wrong type", body: { entries: [{ id: "abc" }] }, expect: { status: 400 } },
      { name: "a round that does not exist", body: { round_id: MISSING_ID }, expect: notFound },
    ],
  },
  {
    group: "admin entries",
    method: "POST",
    pattern: "/api/admin/entry/creditPayouts",
    path: "/api/admin/entry/creditPayouts",
    auth: "admin",
    body: {
      schema: CreditPayoutsSchema,
      valid: (t) => ({ round_id: t.round.id }),
      // Paying CTP holes held without a distance as they stand (ADR 30).
      fields: { round_id: field.id, confirm_unmeasured: field.flag },
    },
    extras: () => [{ name: "a round that does not exist", body: { round_id: MISSING_ID }, expect: notFound }],
  },

  // ---- /api/admin/rounds/{id}: the organiser's league night (ADR 25). The targets' round has
  // one entry, not checked in, and no cards: a valid write here would change a table, so
  // every case is bad in one place.
  {
    group: "admin league night",
    method: "POST",
    pattern: "/api/admin/rounds/:id/check-in",
    path: "/api/admin/rounds/{id}/check-in",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: { schema: AdminCheckInSchema, valid: (t) => ({ entry_id: t.entry.id }), fields: { entry_id: field.id } },
    extras: (t) => [
      { name: "an entry that does not exist", body: { entry_id: MISSING_ID }, expect: notFound },
      { name: "an entry of another round", path: `/api/admin/rounds/${t.closedRound.id}/check-in`, expect: notFound },
    ],
  },
  {
    group: "admin league night",
    method: "DELETE",
    pattern: "/api/admin/rounds/:id/check-in/:entryId",
    path: "/api/admin/rounds/{id}/check-in/{entryId}",
    auth: "admin",
    url: { id: id((t) => t.round.id), entryId: id((t) => t.entry.id) },
    extras: (t) => [
      { name: "an entry of another round", path: `/api/admin/rounds/${t.closedRound.id}/check-in/${t.entry.id}`, expect: notFound },
    ],
  },
  {
    group: "admin waitlist",
    method: "GET",
    pattern: "/api/admin/rounds/:id/waitlist",
    path: "/api/admin/rounds/{id}/waitlist",
    auth: "admin",
    url: { id: id((t) => t.fullRound.id) },
  },
  // ---- The organiser's messages to a round's players (ADR 49). The valid send is a test to
  // oneself, outside the league's limits, and its key is fixed: a second valid send answers the first.
  // ---- /api/admin: rain-outs (ADR 50)
  {
    group: "admin rain-outs",
    method: "POST",
    pattern: "/api/admin/rounds/:id/cancel",
    path: "/api/admin/rounds/{id}/cancel",
    auth: "admin",
    url: { id: id((t) => t.rainRound.id) },
    body: {
      schema: CancelSchema,
      valid: () => ({ reason: "weather", acesStand: false }),
      fields: { reason: field.text(80), acesStand: { kind: "bool", optional: true } },
    },
  },
  {
    group: "admin rain-outs",
    method: "POST",
    pattern: "/api/admin/rounds/:id/restore",
    path: "/api/admin/rounds/{id}/restore",
    auth: "admin",
    url: { id: id((t) => t.closedRound.id) },
    extras: () => [{ name: "a round that is not cancelled", expect: conflict }],
  },
  {
    group: "admin rain-outs",
    method: "POST",
    pattern: "/api/admin/rounds/:id/postpone",
    path: "/api/admin/rounds/{id}/postpone",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: PostponeSchema,
      valid: () => ({ startsAt: nowSec() + 7 * 86_400, version: 0 }),
      fields: { startsAt: field.epoch, version: field.version },
    },
    extras: () => [
      {
        name: "a version the round does not have",
        body: { startsAt: nowSec() + 7 * 86_400, version: 7 },
        expect: { status: 409, error: ROUND_CHANGED },
      },
      { name: "a new start already past", body: { startsAt: nowSec() - 3_600, version: 7 }, expect: conflict },
    ],
  },
  {
    group: "admin messages",
    method: "POST",
    pattern: "/api/admin/rounds/:id/messages/preview",
    path: "/api/admin/rounds/{id}/messages/preview",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: MessagePreviewSchema,
      valid: () => ({ audience: "signed-up", push: true, mail: true }),
      fields: {
        audience: { kind: "enum", values: [...AUDIENCES] },
        division: { kind: "division", optional: true },
        cardId: { kind: "id", optional: true },
        push: { kind: "bool" },
        mail: { kind: "bool" },
      },
    },
    extras: () => [
      { name: "no channel", body: { audience: "signed-up", push: false, mail: false }, expect: { status: 400 } },
      { name: "a division's audience without one", body: { audience: "division", push: true, mail: true }, expect: { status: 400 } },
      { name: "a card of no round", body: { audience: "card", cardId: MISSING_ID, push: true, mail: true }, expect: { status: 400 } },
    ],
  },
  {
    group: "admin messages",
    method: "POST",
    pattern: "/api/admin/rounds/:id/messages",
    path: "/api/admin/rounds/{id}/messages",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: MessageSendSchema,
      valid: () => ({ audience: "signed-up", push: true, mail: true, body: "Hostile test", key: HOSTILE_MESSAGE_KEY, test: true }),
      fields: {
        audience: { kind: "enum", values: [...AUDIENCES] },
        division: { kind: "division", optional: true },
        cardId: { kind: "id", optional: true },
        push: { kind: "bool" },
        mail: { kind: "bool" },
        body: { kind: "text", max: 1000 },
        key: { kind: "text", max: 36 },
        test: { kind: "bool", optional: true },
      },
    },
    extras: () => [
      {
        name: "no channel",
        body: { audience: "signed-up", push: false, mail: false, body: "x", key: crypto.randomUUID() },
        expect: { status: 400 },
      },
      {
        name: "a key that is not a UUID",
        body: { audience: "signed-up", push: true, mail: true, body: "x", key: "not-a-uuid" },
        expect: { status: 400 },
      },
    ],
  },
  {
    group: "admin messages",
    method: "GET",
    pattern: "/api/admin/rounds/:id/messages",
    path: "/api/admin/rounds/{id}/messages",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
  },
  {
    group: "admin waitlist",
    method: "PUT",
    pattern: "/api/admin/rounds/:id/caps",
    path: "/api/admin/rounds/{id}/caps",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: FieldCapsSchema,
      valid: () => ({ version: 0, field_cap: 10, division_caps: [{ division: "MA1", places: 4 }] }),
      fields: {
        version: field.version,
        field_cap: { kind: "int", min: 0, max: 999, optional: true, nullable: true, blankIsNone: true },
        division_caps: { kind: "list", optional: true },
        "division_caps.0.division": field.division,
        "division_caps.0.places": { kind: "int", min: 0, max: 999, optional: true, nullable: true, blankIsNone: true },
      },
    },
    extras: () => [
      { name: "a version the round does not have", body: { version: 7, field_cap: 10 }, expect: { status: 409, error: ROUND_CHANGED } },
    ],
  },
  {
    group: "admin league night",
    method: "POST",
    pattern: "/api/admin/rounds/:id/walk-up",
    path: "/api/admin/rounds/{id}/walk-up",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: WalkUpSchema,
      valid: () => ({
        new_player: { fn: "Wes", ln: "Walker", pdga: "12345" },
        division: "MA2",
        ace: true,
        amount: "6.00",
        note: "paid at hole 1",
        request_key: "hostile-walk-up-key-1",
      }),
      fields: {
        new_player: field.object,
        "new_player.fn": field.text(50),
        "new_player.ln": field.text(50),
        "new_player.pdga": { kind: "pdga", optional: true, nullable: true },
        division: field.division,
        ace: field.flag,
        // Cash may be left out when credit pays (ADR 38), never both: this valid body has no credit.
        amount: field.money("money+"),
        credit: field.money("money0", true),
        note: { kind: "text", max: 200, optional: true, nullable: true, blankOk: true },
        request_key: field.text(64),
      },
    },
    extras: (t) => [
      {
        name: "credit the player does not have",
        body: { player_id: t.broke.id, division: "MA1", credit: 6, request_key: "hostile-walk-up-key-6" },
        expect: conflict,
      },
      {
        name: "credit for a new player",
        body: { new_player: { fn: "A", ln: "B" }, division: "MA1", credit: 3, amount: 3, request_key: "hostile-walk-up-key-7" },
        expect: conflict,
      },
      {
        name: "more than $500 of credit",
        body: { player_id: t.spare.id, division: "MA1", credit: "500.01", request_key: "hostile-walk-up-key-8" },
        expect: { status: 400 },
      },
      {
        name: "a player already entered",
        body: { player_id: t.entered.id, division: "MA1", amount: 6, request_key: "hostile-walk-up-key-2" },
        expect: conflict,
      },
      {
        name: "a player that does not exist",
        body: { player_id: MISSING_ID, division: "MA1", amount: 6, request_key: "hostile-walk-up-key-3" },
        expect: notFound,
      },
      {
        name: "both a player and a new one",
        body: { player_id: t.spare.id, new_player: { fn: "A", ln: "B" }, division: "MA1", amount: 6, request_key: "hostile-walk-up-key-4" },
        expect: { status: 400 },
      },
      {
        name: "more than $500 of cash",
        body: { player_id: t.spare.id, division: "MA1", amount: "500.01", request_key: "hostile-walk-up-key-5" },
        expect: { status: 400 },
      },
      {
        name: "a request key with spaces",
        body: { player_id: t.spare.id, division: "MA1", amount: 6, request_key: "has spaces in it" },
        expect: { status: 400 },
      },
    ],
  },
  {
    group: "admin league night",
    method: "POST",
    pattern: "/api/admin/rounds/:id/cards",
    path: "/api/admin/rounds/{id}/cards",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: MakeCardsSchema,
      valid: () => ({ version: 0, mode: "rating", start: "shotgun" }),
      fields: {
        version: field.version,
        mode: { kind: "enum", values: ["random", "rating", "division"], optional: true },
        start: { kind: "enum", values: ["shotgun", "tee_times"], optional: true },
      },
    },
    extras: () => [
      { name: "nobody checked in", expect: { status: 409, error: CARD_MESSAGES.nobody } },
      { name: "a version the cards do not have", body: { version: 7 }, expect: { status: 409, error: CARDS_CHANGED } },
    ],
  },
  {
    group: "admin league night",
    method: "PUT",
    pattern: "/api/admin/rounds/:id/cards",
    path: "/api/admin/rounds/{id}/cards",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: SaveCardsSchema,
      valid: (t) => ({ version: 0, cards: [{ number: 1, start_hole: 1, tee_time: null, entry_ids: [t.entry.id] }] }),
      fields: {
        version: field.version,
        cards: { kind: "list" },
        // An empty list is a valid arrangement (every card emptied), so neither part of it is required.
        "cards.0": { kind: "object", optional: true },
        "cards.0.number": { kind: "int", min: 1, max: 200 },
        "cards.0.start_hole": { kind: "int", min: 1, max: 27, optional: true, nullable: true },
        "cards.0.tee_time": { kind: "epoch", optional: true, nullable: true },
        "cards.0.entry_ids": { kind: "list" },
        "cards.0.entry_ids.0": { kind: "id", optional: true },
      },
    },
    extras: (t) => [
      { name: "a player not checked in", expect: notFound },
      { name: "a version the cards do not have", body: { version: 3, cards: [] }, expect: { status: 409, error: CARDS_CHANGED } },
      {
        name: "a card with neither a hole nor a tee time",
        body: { version: 0, cards: [{ number: 1, entry_ids: [] }] },
        expect: { status: 400, error: "Card 1: give a start hole or a tee time" },
      },
      {
        name: "one card number twice",
        body: { version: 0, cards: [1, 1].map((number) => ({ number, start_hole: 1, entry_ids: [] })) },
        expect: { status: 400 },
      },
      {
        name: "a player on two cards",
        body: { version: 0, cards: [1, 2].map((number) => ({ number, start_hole: 1, entry_ids: [t.entry.id] })) },
        expect: { status: 400 },
      },
      {
        name: "201 cards",
        body: { version: 0, cards: Array.from({ length: 201 }, (_, i) => ({ number: 1 + (i % 200), start_hole: 1, entry_ids: [] })) },
        expect: { status: 400 },
      },
    ],
  },
  {
    group: "admin league night",
    method: "POST",
    pattern: "/api/admin/rounds/:id/cards/publish",
    path: "/api/admin/rounds/{id}/cards/publish",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: { schema: PublishCardsSchema, valid: () => ({ version: 0 }), fields: { version: field.version } },
    extras: () => [{ name: "no cards to publish", expect: { status: 409, error: CARD_MESSAGES.noCards } }],
  },
  {
    group: "admin league night",
    method: "POST",
    pattern: "/api/admin/rounds/:id/cards/late",
    path: "/api/admin/rounds/{id}/cards/late",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: LateArrivalSchema,
      valid: (t) => ({ entry_id: t.entry.id, version: 0 }),
      fields: { entry_id: field.id, version: field.version },
    },
    extras: () => [
      { name: "a player not checked in", expect: notFound },
      { name: "an entry that does not exist", body: { entry_id: MISSING_ID, version: 0 }, expect: notFound },
    ],
  },
  {
    group: "admin league night",
    method: "GET",
    pattern: "/api/admin/rounds/:id/check-in",
    path: "/api/admin/rounds/{id}/check-in",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
  },

  // ---- The night's reads for everyone (ADR 25, 30, 31), and what an entry owes (its player, an admin).
  {
    group: "league night",
    method: "GET",
    pattern: "/api/rounds/:id/side-pots",
    path: "/api/rounds/{id}/side-pots",
    auth: "none",
    url: { id: id((t) => t.round.id) },
  },
  {
    group: "league night",
    method: "GET",
    pattern: "/api/rounds/:id/teams",
    path: "/api/rounds/{id}/teams",
    auth: "none",
    url: { id: id((t) => t.round.id) },
  },
  {
    group: "league night",
    method: "GET",
    pattern: "/api/entries/:id/owes",
    path: "/api/entries/{id}/owes",
    auth: "user",
    url: { id: id((t) => t.entry.id) },
    extras: (t) => [
      { name: "someone else's entry", expect: { status: 403, error: ENTRY_OWES_MESSAGES.notYours } },
      { name: "a user with no linked player", token: t.freshToken, expect: { status: 403, error: NIGHT_MESSAGES.noClaim } },
    ],
  },

  // ---- /api/admin/rounds/{id}/side-pots and /teams (ADR 30, 31). The targets' round has no
  // pot (the pot ids below are missing ones) and is not doubles: no write here can succeed.
  {
    group: "admin side pots",
    method: "POST",
    pattern: "/api/admin/rounds/:id/side-pots",
    path: "/api/admin/rounds/{id}/side-pots",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: AddPotSchema,
      valid: () => ({ name: "Hostile CTP", kind: "ctp", buy_in: 2, holes: [3] }),
      fields: {
        name: field.text(40),
        kind: { kind: "enum", values: ["ctp", "custom"] },
        buy_in: field.money("money+"),
        holes: { kind: "list" },
        "holes.0": { kind: "int", min: 1, max: 27 },
      },
    },
    extras: () => [
      { name: "a CTP pot with no holes", body: { name: "No holes", kind: "ctp", buy_in: 2, holes: [] }, expect: { status: 400 } },
      { name: "an absurd buy-in", body: { name: "Rich", kind: "custom", buy_in: 1000.01 }, expect: { status: 400 } },
      { name: "a hole as text", body: { name: "Text", kind: "ctp", buy_in: 2, holes: "3, 7" }, expect: { status: 400 } },
    ],
  },
  {
    group: "admin side pots",
    method: "DELETE",
    pattern: "/api/admin/rounds/:id/side-pots/:potId",
    path: "/api/admin/rounds/{id}/side-pots/{potId}",
    auth: "admin",
    url: { id: id((t) => t.round.id), potId: id(() => MISSING_ID) },
  },
  {
    group: "admin side pots",
    method: "POST",
    pattern: "/api/admin/rounds/:id/side-pots/:potId/players",
    path: "/api/admin/rounds/{id}/side-pots/{potId}/players",
    auth: "admin",
    url: { id: id((t) => t.round.id), potId: id(() => MISSING_ID) },
    body: {
      schema: PotPlayerSchema,
      valid: (t) => ({ entry_id: t.entry.id, from_credit: true }),
      fields: { entry_id: field.id, from_credit: { kind: "bool", optional: true } },
    },
  },
  {
    group: "admin side pots",
    method: "DELETE",
    pattern: "/api/admin/rounds/:id/side-pots/:potId/players/:entryId",
    path: "/api/admin/rounds/{id}/side-pots/{potId}/players/{entryId}",
    auth: "admin",
    url: { id: id((t) => t.round.id), potId: id(() => MISSING_ID), entryId: id((t) => t.entry.id) },
  },
  {
    group: "admin side pots",
    method: "PUT",
    pattern: "/api/admin/rounds/:id/side-pots/:potId/holes/:hole",
    path: "/api/admin/rounds/{id}/side-pots/{potId}/holes/{hole}",
    auth: "admin",
    url: { id: id((t) => t.round.id), potId: id(() => MISSING_ID), hole: HOLE },
    body: {
      schema: SettleHoleSchema,
      valid: (t) => ({ winners: [t.entry.id] }),
      fields: { winners: { kind: "list" }, "winners.0": field.id },
    },
    extras: () => [{ name: "no winner (a clear is a DELETE)", body: { winners: [] }, expect: { status: 400 } }],
  },
  {
    group: "admin side pots",
    method: "DELETE",
    pattern: "/api/admin/rounds/:id/side-pots/:potId/holes/:hole",
    path: "/api/admin/rounds/{id}/side-pots/{potId}/holes/{hole}",
    auth: "admin",
    url: { id: id((t) => t.round.id), potId: id(() => MISSING_ID), hole: HOLE },
  },
  {
    group: "admin side pots",
    method: "POST",
    pattern: "/api/admin/rounds/:id/teams",
    path: "/api/admin/rounds/{id}/teams",
    auth: "admin",
    url: { id: id((t) => t.round.id) },
    body: {
      schema: DrawTeamsSchema,
      valid: () => ({ mode: "random", version: 0 }),
      fields: { mode: { kind: "enum", values: ["random", "balanced"] }, version: field.version },
    },
    extras: () => [{ name: "a round that is not doubles", expect: { status: 409, error: TEAM_MESSAGES.notDoubles } }],
  },

  // ---- /api/admin: payments
  { group: "admin payments", method: "GET", pattern: "/api/admin/payments/all", path: "/api/admin/payments/all", auth: "admin" },
  {
    group: "admin payments",
    method: "GET",
    pattern: "/api/admin/payments/:userId",
    path: "/api/admin/payments/{userId}",
    auth: "admin",
    url: { userId: id((t) => t.user.id) },
  },
  // ---- A cancelled round's PayPal payment back to PayPal (ADR 50): the targets' payment is
  // cash of a round not cancelled, so even the valid request changes nothing.
  {
    group: "admin rain-outs",
    method: "POST",
    pattern: "/api/admin/payments/:id/paypal-back",
    path: "/api/admin/payments/{id}/paypal-back",
    auth: "admin",
    url: { id: id((t) => t.cash.id) },
    extras: () => [{ name: "a cash payment", expect: { status: 409, error: PAYPAL_BACK_MESSAGES.notPayPal } }],
  },

  // ---- /api/live (ADR 26): the state, the socket (tested without an upgrade here: frames are
  // tests/api/live-sockets.test.ts's), the POST fallback; and the admin's finalise and log.
  {
    group: "live",
    method: "GET",
    pattern: "/api/live/:roundId",
    path: "/api/live/{roundId}",
    auth: "none",
    url: { roundId: id((t) => t.live.round.id) },
  },
  {
    group: "live",
    method: "GET",
    pattern: "/api/live/:roundId/ws",
    path: "/api/live/{roundId}/ws?as={as}",
    auth: "none",
    url: {
      roundId: id((t) => t.live.round.id),
      as: { valid: () => "spectator", bad: ["player", "SPECTATOR", "spectator%20", "", "%00", "x".repeat(100)], optional: true },
    },
    extras: (t) => [
      { name: "a scorer's socket without credentials", path: `/api/live/${t.live.round.id}/ws`, expect: { status: 401 } },
      {
        name: "a scorer's socket of a user on no card",
        path: `/api/live/${t.live.round.id}/ws`,
        token: t.freshToken,
        expect: { status: 403 },
      },
      {
        name: "a scorer's socket on a round whose cards are drafts",
        path: `/api/live/${t.live.draft.id}/ws`,
        token: t.userToken,
        expect: { status: 403 },
      },
      { name: "a plain GET, not an upgrade", path: `/api/live/${t.live.round.id}/ws`, token: t.userToken, expect: { status: 400 } },
    ],
  },
  {
    group: "live",
    method: "POST",
    pattern: "/api/live/:roundId/changes",
    path: "/api/live/{roundId}/changes",
    auth: "user",
    url: { roundId: id((t) => t.live.round.id) },
    body: {
      schema: ChangeBatchSchema,
      valid: (t) => ({
        changes: [{ id: "hostile-change-1", at: nowSec(), kind: "strokes", entryId: t.live.entry.id, hole: 1, strokes: 3 }],
      }),
      fields: {
        changes: { kind: "list" },
        "changes.0": field.object,
        "changes.0.id": field.text(64),
        "changes.0.at": field.epoch,
        "changes.0.kind": { kind: "enum", values: ["strokes", "penalty", "dnf", "signoff"] },
        "changes.0.entryId": field.id,
        "changes.0.hole": { kind: "int", min: 1, max: 27 },
        "changes.0.strokes": { kind: "int", min: 1, max: 20 },
        "changes.0.settle": { kind: "bool", optional: true },
        "changes.0.reason": field.text(300, { optional: true }),
      },
    },
    extras: (t) => {
      const one = (entryId: number) => ({
        changes: [{ id: "hostile-change-2", at: nowSec(), kind: "strokes", entryId, hole: 1, strokes: 3 }],
      });
      return [
        { name: "no changes", body: { changes: [] }, expect: { status: 400 } },
        {
          name: "301 changes",
          body: { changes: Array.from({ length: 301 }, () => one(t.live.entry.id).changes[0]) },
          expect: { status: 400 },
        },
        {
          name: "a penalty over 10",
          body: { changes: [{ ...one(t.live.entry.id).changes[0], kind: "penalty", penalty: 11 }] },
          expect: { status: 400 },
        },
        {
          name: "a PIN that is not 4 digits",
          body: { changes: [{ ...one(t.live.entry.id).changes[0], kind: "signoff", pin: "12345" }] },
          expect: { status: 400 },
        },
        { name: "by a user with no linked player", token: t.freshToken, body: one(t.live.entry.id), expect: { status: 403 } },
        { name: "a round that does not exist", path: `/api/live/${MISSING_ID}/changes`, expect: notFound },
      ];
    },
  },
  {
    group: "live",
    method: "POST",
    pattern: "/api/admin/live/:roundId/finalize",
    path: "/api/admin/live/{roundId}/finalize",
    auth: "admin",
    url: { roundId: id((t) => t.live.round.id) },
    body: {
      schema: FinalizeSchema,
      valid: () => ({ confirmUnsigned: false }),
      fields: { confirmUnsigned: { kind: "bool", optional: true } },
    },
    extras: (t) => [
      { name: "cards not started, without the admin's confirmation", expect: conflict },
      {
        name: "a round whose cards are drafts",
        path: `/api/admin/live/${t.live.draft.id}/finalize`,
        body: { confirmUnsigned: true },
        expect: conflict,
      },
    ],
  },
  {
    group: "live",
    method: "POST",
    pattern: "/api/admin/rounds/:id/end-early",
    path: "/api/admin/rounds/{id}/end-early",
    auth: "admin",
    url: { id: id((t) => t.live.round.id) },
    body: {
      schema: EndEarlySchema,
      // What a confirming screen sends ({} is taken too): a body with a field, so its URL-encoded copy is not empty.
      valid: () => ({ confirm: true }),
      fields: { confirm: { kind: "bool", optional: true } },
    },
    extras: (t) => [
      { name: "cards with no hole finished", expect: conflict },
      { name: "a round whose cards are drafts", path: `/api/admin/rounds/${t.live.draft.id}/end-early`, body: {}, expect: conflict },
    ],
  },
  {
    group: "live",
    method: "GET",
    pattern: "/api/admin/live/:roundId/log",
    path: "/api/admin/live/{roundId}/log?after={after}",
    auth: "admin",
    url: {
      roundId: id((t) => t.live.round.id),
      after: { valid: () => "0", bad: ["-1", "abc", "1.5", "1e3", "9".repeat(16), "%201", "0x10"], optional: true },
    },
  },

  // ---- /api/admin: the audit log (read only; a filter naming no row is an empty page, not a 404)
  {
    group: "admin audit",
    method: "GET",
    pattern: "/api/admin/audit",
    path: "/api/admin/audit?player={player}&round={round}&actor={actor}&page={page}",
    auth: "admin",
    url: {
      player: { valid: (t) => String(t.claimed.id), bad: BAD_URL_IDS, optional: true },
      round: { valid: (t) => String(t.round.id), bad: BAD_URL_IDS, optional: true },
      actor: { valid: (t) => String(t.admin.id), bad: BAD_URL_IDS, optional: true },
      page: { valid: () => "1", bad: ["0", "-1", "1.5", "abc", "1e3", "1000000", "%201", "1%20", "9".repeat(40)], optional: true },
    },
  },

  // ---- /api/courses and /api/admin: courses and layouts (ADR 25)
  { group: "courses", method: "GET", pattern: "/api/courses", path: "/api/courses", auth: "none" },
  {
    group: "admin courses",
    method: "POST",
    pattern: "/api/admin/courses",
    path: "/api/admin/courses",
    auth: "admin",
    body: {
      schema: NewCourseSchema,
      valid: () => ({ name: `Course ${uniq()}`, place: "Springfield", hole_count: 18 }),
      fields: { ...courseFields, hole_count: { kind: "int", min: 9, max: 27, optional: true, nullable: true, blankIsNone: true } },
    },
    extras: (t) => [{ name: "a name another course has", body: { name: t.course.courseName }, expect: conflict }],
  },
  {
    group: "admin courses",
    method: "POST",
    pattern: "/api/admin/courses/copy",
    path: "/api/admin/courses/copy",
    auth: "admin",
    // The operator copies from any league but this one: the valid body names this league's
    // course, a 404, so no variant of it writes.
    body: {
      schema: CourseCopySchema,
      valid: (t) => ({ league_id: 1, course_id: t.course.courseId }),
      fields: { league_id: field.id, course_id: field.id },
    },
    extras: (t) => [{ name: "a course of this league itself", body: { league_id: 1, course_id: t.course.courseId }, expect: notFound }],
  },
  {
    group: "admin courses",
    method: "PUT",
    pattern: "/api/admin/courses/:id",
    path: "/api/admin/courses/{id}",
    auth: "admin",
    url: { id: id((t) => t.freeCourse.courseId) },
    body: { schema: CourseValuesSchema, valid: () => ({ name: `Course ${uniq()}`, place: "" }), fields: courseFields },
    extras: (t) => [{ name: "a name another course has", body: { name: t.course.courseName }, expect: conflict }],
  },
  {
    group: "admin courses",
    method: "DELETE",
    pattern: "/api/admin/courses/:id",
    path: "/api/admin/courses/{id}",
    auth: "admin",
    url: { id: id((t) => t.freeCourse.courseId) },
    extras: (t) => [{ name: "a course whose layout a round plays", path: `/api/admin/courses/${t.course.courseId}`, expect: conflict }],
  },
  {
    group: "admin courses",
    method: "POST",
    pattern: "/api/admin/courses/:id/layouts",
    path: "/api/admin/courses/{id}/layouts",
    auth: "admin",
    url: { id: id((t) => t.freeCourse.courseId) },
    body: { schema: NewLayoutSchema, valid: () => layoutBody(), fields: layoutFields },
    extras: (t) => [
      { name: "a name the course's layout has", body: layoutBody({ name: t.freeCourse.layoutName }), expect: conflict },
      {
        name: "one second card on two holes",
        body: layoutBody({ holes: holes18().map((h, i) => ({ ...h, second_card_order: i < 2 ? 1 : null })) }),
        expect: { status: 400 },
      },
    ],
  },
  {
    group: "admin courses",
    method: "PUT",
    pattern: "/api/admin/layouts/:id",
    path: "/api/admin/layouts/{id}",
    auth: "admin",
    url: { id: id((t) => t.freeCourse.layoutId) },
    body: { schema: SaveLayoutSchema, valid: () => layoutBody({ version: 0 }), fields: { ...layoutFields, version: field.version } },
    extras: () => [{ name: "a version the layout does not have", body: layoutBody({ version: 1 }), expect: conflict }],
  },
  {
    group: "admin courses",
    method: "DELETE",
    pattern: "/api/admin/layouts/:id",
    path: "/api/admin/layouts/{id}",
    auth: "admin",
    url: { id: id((t) => t.freeCourse.layoutId) },
    extras: (t) => [{ name: "a layout a round plays", path: `/api/admin/layouts/${t.course.layoutId}`, expect: conflict }],
  },

  // ---- /api/admin: the league's roles (ADR 47); the operator's token passes as the owner's would
  { group: "admin users", method: "GET", pattern: "/api/admin/memberships", path: "/api/admin/memberships", auth: "admin" },
  {
    group: "admin users",
    method: "PUT",
    pattern: "/api/admin/memberships/:userId",
    path: "/api/admin/memberships/{userId}",
    auth: "admin",
    url: { userId: id((t) => t.other.id) },
    body: {
      schema: GrantRoleSchema,
      valid: () => ({ role: "director" }),
      fields: { role: { kind: "enum", values: ["admin", "director"] } },
    },
  },
  {
    group: "admin users",
    method: "DELETE",
    pattern: "/api/admin/memberships/:userId",
    path: "/api/admin/memberships/{userId}",
    auth: "admin",
    url: { userId: id((t) => t.other.id) },
  },
  {
    group: "admin users",
    method: "POST",
    pattern: "/api/admin/memberships/transfer",
    path: "/api/admin/memberships/transfer",
    auth: "admin",
    body: { schema: TransferOwnershipSchema, valid: (t) => ({ user_id: t.other.id }), fields: { user_id: field.id } },
  },

  // ---- /api/admin: the league's own PayPal (the owner's; the operator's token passes as the owner's would)
  { group: "admin users", method: "GET", pattern: "/api/admin/paypal", path: "/api/admin/paypal", auth: "admin" },
  {
    group: "admin users",
    method: "PUT",
    pattern: "/api/admin/paypal",
    path: "/api/admin/paypal",
    auth: "admin",
    body: {
      schema: PayPalCredentialsSchema,
      valid: () => ({ client_id: "local-standin-client-b", secret: "local-standin-secret-b", environment: "standin" }),
      fields: {
        client_id: field.text(200),
        secret: { kind: "secret" },
        environment: { kind: "enum", values: ["sandbox", "live", "standin"] },
      },
    },
  },
  { group: "admin users", method: "POST", pattern: "/api/admin/paypal/test", path: "/api/admin/paypal/test", auth: "admin" },
  { group: "admin users", method: "DELETE", pattern: "/api/admin/paypal", path: "/api/admin/paypal", auth: "admin" },
  // ---- A league's members (ADR 47): joining by code, accepting an invitation, leaving. The code
  // and the token name their own league, whichever league's /api they are sent to.
  {
    group: "league members",
    method: "POST",
    pattern: "/api/leagues/join",
    path: "/api/leagues/join",
    auth: "user",
    body: { schema: JoinLeagueSchema, valid: () => ({ code: NO_LEAGUE_CODE }), fields: { code: field.text(40) } },
    extras: (t) => [
      { name: "a code no league has", expect: { status: 404, error: JOIN_MESSAGES.noLeague } },
      { name: "a code of letters no code uses", body: { code: "I0L1O0" }, expect: { status: 404, error: JOIN_MESSAGES.noLeague } },
      { name: "hyphens and spaces only", body: { code: " - -" }, expect: { status: 400 } },
      { name: "a closed league's code", body: { code: t.closedLeague.joinCode }, expect: { status: 403, error: JOIN_MESSAGES.closed } },
    ],
  },
  {
    group: "league members",
    method: "POST",
    pattern: "/api/invites/accept",
    path: "/api/invites/accept",
    auth: "user",
    // The pending invitation is `other`'s: the linked user's token is refused it.
    body: { schema: AcceptInviteSchema, valid: (t) => ({ token: t.invites.pending.token }), fields: { token: { kind: "secret" } } },
    extras: (t) => [
      { name: "an invitation for another address", expect: { status: 403, error: INVITE_MESSAGES.otherAddress } },
      { name: "a token never sent", body: { token: "never-sent" }, expect: { status: 404, error: INVITE_MESSAGES.unknown } },
      { name: "an expired invitation", body: { token: t.invites.expired.token }, expect: { status: 410, error: INVITE_MESSAGES.expired } },
      {
        name: "an invitation someone else accepted",
        body: { token: t.invites.spent.token },
        expect: { status: 410, error: INVITE_MESSAGES.spent },
      },
    ],
  },
  {
    group: "league members",
    method: "POST",
    pattern: "/api/users/me/leave",
    path: "/api/users/me/leave",
    auth: "user",
    // A claim is no membership: the linked user has nothing to leave in the default league.
    extras: () => [{ name: "a user who is no member of the league", expect: { status: 404, error: ROLE_MESSAGES.notJoined } }],
  },

  // ---- /api/admin: invitations (a league's admins; the operator's token passes as theirs would)
  { group: "league members", method: "GET", pattern: "/api/admin/invites", path: "/api/admin/invites", auth: "admin" },
  {
    group: "league members",
    method: "POST",
    pattern: "/api/admin/invites",
    path: "/api/admin/invites",
    auth: "admin",
    body: {
      schema: InviteSchema,
      valid: () => ({ email: uniqueEmail("invited"), role: "player" }),
      fields: { email: { kind: "email" }, role: { kind: "enum", values: ["player", "director", "admin"] } },
    },
    extras: () => [
      { name: "an invitation to own the league", body: { email: uniqueEmail("invited"), role: "owner" }, expect: { status: 400 } },
    ],
  },
  {
    group: "league members",
    method: "DELETE",
    pattern: "/api/admin/invites/:id",
    path: "/api/admin/invites/{id}",
    auth: "admin",
    url: { id: id((t) => t.invites.pending.id) },
    extras: (t) => [
      {
        name: "another league's invitation",
        path: `/api/admin/invites/${t.invites.elsewhere.id}`,
        expect: { status: 404, error: INVITE_MESSAGES.noInvite },
      },
      {
        name: "an invitation already accepted",
        path: `/api/admin/invites/${t.invites.spent.id}`,
        expect: { status: 404, error: INVITE_MESSAGES.noInvite },
      },
    ],
  },

  // ---- /api/admin: the owner's choices (the operator's token passes as the owner's would)
  {
    group: "league members",
    method: "PATCH",
    pattern: "/api/admin/league",
    path: "/api/admin/league",
    auth: "admin",
    // Shown on the front door, as the league is: the valid change changes nothing.
    body: { schema: LeagueOwnerChangeSchema, valid: () => ({ hidden: false }), fields: { hidden: { kind: "bool", optional: true } } },
    extras: () => [
      { name: "no change at all", body: {}, expect: { status: 400 } },
      { name: "a change that is the operator's", body: { hidden: false, suspended: true }, expect: { status: 400 } },
    ],
  },
  { group: "league members", method: "POST", pattern: "/api/admin/league/join-code", path: "/api/admin/league/join-code", auth: "admin" },
  {
    group: "league members",
    method: "POST",
    pattern: "/api/admin/league/close",
    path: "/api/admin/league/close",
    auth: "admin",
    body: {
      schema: CloseLeagueSchema,
      // A name that is not the league's, so that no walk of the valid request closes the league it
      // walks (closing itself: tests/api/league-members.test.ts). The service compares; the schema takes any.
      valid: () => ({ confirm: "Some Other League" }),
      fields: { confirm: field.text(200, { blankOk: true }) },
    },
    extras: (t) => [
      { name: "a name that is not the league's", expect: { status: 400, error: OWNER_MESSAGES.wrongName } },
      {
        name: "another league's name",
        body: { confirm: t.spareLeague.name ?? "" },
        expect: { status: 400, error: OWNER_MESSAGES.wrongName },
      },
      { name: "a blank name", body: { confirm: "   " }, expect: { status: 400, error: OWNER_MESSAGES.wrongName } },
    ],
  },

  // ---- /api/leagues: a signed-in user starts a league and owns it (ADR 46, 47); each valid one a fresh address
  {
    group: "users",
    method: "POST",
    pattern: "/api/leagues",
    path: "/api/leagues",
    auth: "user",
    body: {
      schema: StartLeagueSchema,
      valid: () => ({ name: "Hostile Started League", slug: `started-${crypto.randomUUID().slice(0, 8)}`, time_zone: "America/Chicago" }),
      fields: {
        name: field.text(80),
        slug: field.text(40),
        time_zone: { kind: "text", max: 64, optional: true },
        town: field.text(80, { optional: true, blankOk: true }),
      },
    },
    extras: () => [
      { name: "a reserved word for its address", body: { name: "X", slug: "new" }, expect: { status: 400 } },
      { name: "a climb out of the path for its address", body: { name: "X", slug: "%2e%2e" }, expect: { status: 400 } },
      { name: "the default league's address", body: { name: "X", slug: "League" }, expect: conflict },
    ],
  },

  // ---- /api/admin: a new league (ADR 46), the operator's alone; each valid one a fresh address
  {
    group: "admin users",
    method: "POST",
    pattern: "/api/admin/leagues",
    path: "/api/admin/leagues",
    auth: "admin",
    body: {
      schema: NewLeagueSchema,
      valid: (t) => ({
        name: "Hostile Night League",
        slug: `hostile-${crypto.randomUUID().slice(0, 8)}`,
        time_zone: "America/Chicago",
        owner_email: t.other.email,
      }),
      fields: {
        name: field.text(80),
        slug: field.text(40),
        time_zone: { kind: "text", max: 64, optional: true },
        owner_email: { kind: "email" },
      },
    },
    extras: (t) => [
      { name: "a reserved word for its address", body: { name: "X", slug: "admin", owner_email: t.other.email }, expect: { status: 400 } },
      {
        name: "a climb out of the path for its address",
        body: { name: "X", slug: "..", owner_email: t.other.email },
        expect: { status: 400 },
      },
      { name: "the default league's address", body: { name: "X", slug: "League", owner_email: t.other.email }, expect: conflict },
      {
        name: "an owner with no account",
        body: { name: "X", slug: "no-owner-here", owner_email: "nobody@example.org" },
        expect: { status: 404 },
      },
    ],
  },

  // ---- /api/admin: a league's new address (ADR 46), the operator's alone; each valid one a fresh slug
  {
    group: "admin users",
    method: "PATCH",
    pattern: "/api/admin/leagues/:leagueId",
    path: "/api/admin/leagues/{leagueId}",
    auth: "admin",
    url: { leagueId: id((t) => t.spareLeague.id) },
    body: {
      schema: LeagueChangeSchema,
      valid: () => ({ slug: `spare-${crypto.randomUUID().slice(0, 8)}` }),
      fields: { slug: { kind: "text", max: 40, optional: true } },
    },
    extras: () => [
      { name: "no change at all", body: {}, expect: { status: 400 } },
      { name: "default: false (a league is made the default, never unmade)", body: { default: false }, expect: { status: 400 } },
      { name: "a reserved word for its address", body: { slug: "admin" }, expect: { status: 400 } },
      { name: "a climb out of the path for its address", body: { slug: ".." }, expect: { status: 400 } },
      { name: "the default league's address, in capitals", body: { slug: "League" }, expect: conflict },
    ],
  },

  // ---- /api/admin: settings (every field at once)
  { group: "admin settings", method: "GET", pattern: "/api/admin/settings", path: "/api/admin/settings", auth: "admin" },
  {
    group: "admin settings",
    method: "PUT",
    pattern: "/api/admin/settings",
    path: "/api/admin/settings",
    auth: "admin",
    body: {
      schema: LeagueSettingsSchema,
      valid: () => ({ ...SETTINGS }),
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
    extras: () => [{ name: "a floor above the points for 1st", body: { ...SETTINGS, pointsFloor: 101 }, expect: { status: 400 } }],
  },
];

/**
 * The route's valid request for these targets: its path (each `{name}` filled, an id that
 * looks a row up with `MISSING_ID` when `missing`) and its body. The isolation suite
 * (tests/isolation/) sends it with another league's targets.
 */
export function validRequest(route: ApiRoute, t: Targets, opts: { missing?: boolean } = {}): { path: string; body: Json | undefined } {
  let path = route.path;
  for (const [k, v] of Object.entries(route.url ?? {}))
    path = path.replace(`{${k}}`, opts.missing && v.lookup ? String(MISSING_ID) : v.valid(t));
  return { path, body: route.body?.valid(t) };
}

/** The route's valid caller's token, or null for a public route. */
function tokenOf(route: ApiRoute, t: Targets): string | null {
  if (route.token) return route.token(t);
  if (route.auth === "admin") return t.adminToken;
  if (route.auth === "user") return t.userToken;
  return null;
}

/** The error the route's body schema gives `text` (as the API parses it), or null when the schema takes it. */
function schemaError(schema: ZodType, text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return "Malformed JSON in request body";
  }
  const result = schema.safeParse(parsed);
  return result.success ? null : (result.error.issues[0]?.message ?? "Invalid input");
}

/**
 * Every bad request for one route: its credentials (missing, expired, tampered, alg=none,
 * wrong role…), each bad path and query value, each bad body field, bodies that are not
 * JSON, foreign Origins on a cookie session and oversize bodies on writes, and the
 * route's own extras. Each sends the valid request with one thing made bad.
 */
export function apiCases(route: ApiRoute, t: Targets): ApiCase[] {
  const name = `${route.method} ${route.pattern}`;
  const token = tokenOf(route, t);
  const url = route.url ?? {};
  const valid = Object.fromEntries(Object.entries(url).map(([k, v]) => [k, v.valid(t)]));
  const pathWith = (values: Record<string, string | null>) => {
    let path = route.path;
    for (const [k, v] of Object.entries({ ...valid, ...values })) {
      path = v === null ? path.replace(new RegExp(`[?&]?${k}=\\{${k}\\}`), "") : path.replace(`{${k}}`, v);
    }
    // Leaving out the first query value leaves "…path&next=": the next one opens the query.
    return path.replace(/^([^?&]*)&/, "$1?");
  };
  const validBody = route.body?.valid(t);
  const base: ApiCase = {
    route: name,
    name: "",
    method: route.method,
    path: pathWith({}),
    authorization: token ? `Bearer ${token}` : null,
    body: validBody === undefined ? undefined : JSON.stringify(validBody),
  };
  const cases: ApiCase[] = [];
  const add = (caseName: string, more: Partial<ApiCase>) => cases.push({ ...base, ...more, name: caseName });

  if (route.auth !== "none") {
    for (const bad of t.badTokens) add(`credentials: ${bad.name}`, { authorization: bad.authorization, expect: { status: 401 } });
    // The token's role claim grants nothing (ADR 47): a user's token that claims more is the user's session.
    const tampered = `${token?.slice(0, -2)}xx`;
    add("credentials: a tampered session cookie", { authorization: null, cookie: tampered, origin: APP_ORIGIN, expect: { status: 401 } });
    if (route.auth === "admin") {
      const notAdmin = { status: 403, error: "Not an admin" };
      add("credentials: a player's token (wrong role)", { authorization: `Bearer ${t.userToken}`, expect: notAdmin });
      add("credentials: a user's token claiming the admin role", { authorization: `Bearer ${t.userAsAdmin}`, expect: notAdmin });
      add("credentials: a player's session cookie (wrong role)", {
        authorization: null,
        cookie: t.userToken,
        origin: APP_ORIGIN,
        expect: notAdmin,
      });
    }
  }

  for (const [key, value] of Object.entries(url)) {
    const isQuery = route.path.includes(`${key}={${key}}`);
    for (const bad of value.bad)
      add(`${key} = ${describeValue(bad)}`, { path: pathWith({ [key]: bad }), expect: { status: value.status ?? 400 } });
    if (value.lookup) add(`${key}: no such row`, { path: pathWith({ [key]: String(MISSING_ID) }), expect: { status: 404 } });
    if (isQuery && !value.optional) add(`${key}: missing`, { path: pathWith({ [key]: null }), expect: { status: 400 } });
    if (isQuery) add(`${key}: given twice`, { path: `${pathWith({})}&${key}=${valid[key]}`, expect: { status: 400 } });
  }

  if (route.body) {
    const { schema, fields } = route.body;
    for (const c of fieldCases(validBody as Json, fields)) {
      if (route.alias && !c.name.endsWith(": missing")) continue;
      if (c.huge) {
        add(c.name, { body: c.text, expect: { status: 413 } });
        continue;
      }
      const error = schemaError(schema, c.text);
      if (error === null)
        throw new Error(`${name} — ${c.name}: the generated body is valid by the route's schema: ${c.text.slice(0, 200)}`);
      add(c.name, { body: c.text, expect: { status: 400, error } });
    }
    for (const m of MALFORMED_JSON) {
      add(`malformed JSON: ${m.name}`, { body: m.text, expect: { status: 400, error: schemaError(schema, m.text) ?? undefined } });
    }
    for (const w of wrongContentTypes(validBody as Json))
      add(`wrong Content-Type: ${w.name}`, { ...w, expect: { status: 415, error: NOT_JSON } });
  }

  if (route.method !== "GET") {
    // The Worker's gates, before any route: a cookie session's write from another site,
    // and a body over the limit (a valid one, padded).
    const cookie = token ?? t.userToken;
    for (const origin of FOREIGN_ORIGINS) {
      add(`a cookie session's write from Origin ${origin ?? "(none)"}`, {
        authorization: null,
        cookie,
        origin,
        expect: { status: 403, error: "Cross-site request refused" },
      });
    }
    add("an oversize body", { body: oversize(validBody ?? {}), expect: { status: 413 } });
  }

  for (const extra of route.extras?.(t) ?? []) {
    add(extra.name, {
      path: extra.path ?? base.path,
      authorization: extra.token ? `Bearer ${extra.token}` : base.authorization,
      body: extra.body === undefined ? base.body : JSON.stringify(extra.body),
      expect: extra.expect,
    });
  }
  return cases;
}
