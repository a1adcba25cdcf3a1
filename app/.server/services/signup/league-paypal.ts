import { sql } from "drizzle-orm";
import { type Db, dbNow, inLeague } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { auditLog, leaguePaypal } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../errors";
import { connectWebhook } from "../../paypal/client";
import { API_BASES, type PayPalEnv, apiBaseFor, environmentOf } from "../../paypal/config";
import { PayPalError } from "../../paypal/errors";
import type { Fetch } from "../../paypal/http";
import { credentialsKey, sealSecret, unsealSecret } from "../../paypal/sealed-secret";
import type { PayPalEnvironment } from "~/lib/signup/paypal-checkout";
import { type LeagueAddress, leagueUrls } from "~/lib/shared/league-url";

// A league's own PayPal REST app (the owner's PayPal page, ADR 47's `payPalCredentials`):
// saved with its secret sealed (../../paypal/sealed-secret.ts), connected by "Test
// connection" (a token, then the league's webhook registered once), removed. Until it is
// connected the league takes no PayPal of its own (../../paypal/config.ts decides). The
// secret is never read back to anyone: the answers name the client id, the environment and
// whether a secret is saved; the audit rows the same.

/** The league's own webhook, which "Test connection" registers: `/l/{slug}/api/paypal/webhook`, the default league's at the root. */
export const payPalWebhookUrl = (league: LeagueAddress, origin: string): string => leagueUrls(league, origin).apiUrl("/paypal/webhook");

export const PAYPAL_CREDENTIAL_MESSAGES = {
  noKey: "PayPal credentials cannot be saved on this deployment yet: its operator must set PAYPAL_CREDENTIALS_KEY first.",
  refused: "PayPal refused these credentials",
  notSaved: "Save the league's PayPal credentials first.",
  standinNotHere: "The local stand-in is only for a league served on this machine.",
  unreachable: "PayPal could not be reached. Please try again.",
  cannotOpen: "The saved secret cannot be opened on this deployment: save the credentials again.",
  saved: "PayPal credentials saved. Test the connection before players can pay with PayPal.",
  connected: "PayPal is connected: players can pay this league with PayPal.",
  removed: "PayPal credentials removed: the league takes league credit and cash only.",
} as const;

/** The audit log's name for a change to the league's PayPal. */
export const PAYPAL_AUDIT_TABLE = "league_paypal";

export type LeaguePayPal = typeof leaguePaypal.$inferSelect;

/** The league's row, or undefined: a read the caller asks beside its own (one trip, ADR 41). */
export const leaguePayPalRow = async (db: Db): Promise<LeaguePayPal | undefined> =>
  (await db.select().from(leaguePaypal).where(inLeague(db, leaguePaypal)))[0];

/** What the owner sees of the league's PayPal: never the secret. */
export type PayPalSettings = {
  clientId: string;
  environment: PayPalEnvironment;
  secretSaved: true;
  connected: boolean;
  connectedAt: number | null;
  updatedAt: number;
};

export const payPalSettingsOf = (row: LeaguePayPal | undefined): PayPalSettings | null =>
  row
    ? {
        clientId: row.clientId,
        environment: environmentOf(row.apiBase),
        secretSaved: true,
        connected: row.webhookId !== null,
        connectedAt: row.connectedAt,
        updatedAt: row.updatedAt,
      }
    : null;

/** Who changes the league's PayPal: the guard's verified caller, named as their session has it. */
export type PayPalActor = { id: number; name: Promise<string> | string };

type Shown = { client_id: string; environment: PayPalEnvironment; connected: boolean } | null;
const shown = (row: { clientId: string; apiBase: string; webhookId: string | null } | undefined): Shown =>
  row ? { client_id: row.clientId, environment: environmentOf(row.apiBase), connected: row.webhookId !== null } : null;

const named = async (actor: PayPalActor) => ({ id: actor.id, name: await actor.name });

/** The audit row of one change, written after it in its batch: the row id is the league's PayPal row's (0 once removed). */
function auditOf(db: Db, actor: { id: number; name: string }, rowId: number | null, before: Shown, after: Shown, onlyIf = sql`1`) {
  const action = before === null ? "insert" : after === null ? "delete" : "update";
  const row = rowOf(db.leagueId, auditLog, {
    actorUserId: sql`${actor.id}`,
    actorName: sql`${actor.name}`,
    actorRole: sql`'admin'`,
    tableName: sql`${PAYPAL_AUDIT_TABLE}`,
    rowId: rowId === null ? sql`coalesce((select id from league_paypal where league_id = ${db.leagueId}), 0)` : sql`${rowId}`,
    action: sql`${action}`,
    before: sql`${before === null ? null : JSON.stringify(before)}`,
    after: sql`${after === null ? null : JSON.stringify(after)}`,
  });
  return db.insert(auditLog).select(db.select(row).from(sql`(select 1)`).where(onlyIf));
}

/** The sealing key, or the owner's clear refusal: never a 500 for a deployment not set up yet. */
function keyOf(env: PayPalEnv): Promise<CryptoKey> {
  const key = credentialsKey(env.PAYPAL_CREDENTIALS_KEY);
  if (!key) throw badRequest(PAYPAL_CREDENTIAL_MESSAGES.noKey);
  return key;
}

export type PayPalCredentialsInput = { clientId: string; secret: string; environment: PayPalEnvironment };

/**
 * Saves new credentials (sealed): the connection is cleared, so the league takes no PayPal
 * of its own until they are tested. The stand-in is refused unless served on this machine.
 */
export async function savePayPalCredentials(
  db: Db,
  env: PayPalEnv,
  requestOrigin: string,
  actor: PayPalActor,
  input: PayPalCredentialsInput,
): Promise<PayPalSettings> {
  const key = keyOf(env);
  if (!apiBaseFor(env, requestOrigin, API_BASES[input.environment])) throw badRequest(PAYPAL_CREDENTIAL_MESSAGES.standinNotHere);
  const [before, sealed, who] = await Promise.all([
    leaguePayPalRow(db),
    key.then((k) => sealSecret(k, db.leagueId, input.secret)),
    named(actor),
  ]);
  const values = {
    apiBase: API_BASES[input.environment],
    clientId: input.clientId,
    secretSealed: sealed,
    webhookId: null,
    connectedAt: null,
  };
  const [[saved]] = await db.batch([
    db
      .insert(leaguePaypal)
      .values({ leagueId: db.leagueId, ...values, updatedBy: actor.id })
      .onConflictDoUpdate({ target: leaguePaypal.leagueId, set: { ...values, updatedBy: actor.id, updatedAt: dbNow } })
      .returning(),
    auditOf(db, who, null, shown(before), shown(values)),
  ]);
  const settings = payPalSettingsOf(saved);
  if (!settings) throw new Error("the PayPal upsert returned no row");
  return settings;
}

/** Removes the league's PayPal: it takes league credit and cash only (the default league: the deployment's again). */
export async function removePayPalCredentials(db: Db, actor: PayPalActor): Promise<{ removed: boolean }> {
  const [before, who] = await Promise.all([leaguePayPalRow(db), named(actor)]);
  if (!before) return { removed: false };
  await db.batch([auditOf(db, who, before.id, shown(before), null), db.delete(leaguePaypal).where(inLeague(db, leaguePaypal))]);
  return { removed: true };
}

/**
 * "Test connection": a token with the saved credentials (refused: 400 "PayPal refused these
 * credentials"), then the league's webhook at `webhookUrl`, found or registered (so testing
 * twice makes one webhook); its id and the time are stored. Nothing is stored on a failure.
 */
export async function testPayPalConnection(
  db: Db,
  env: PayPalEnv,
  requestOrigin: string,
  actor: PayPalActor,
  webhookUrl: string,
  fetchImpl: Fetch,
): Promise<PayPalSettings> {
  const key = keyOf(env);
  const [row, who] = await Promise.all([leaguePayPalRow(db), named(actor)]);
  if (!row) throw notFound(PAYPAL_CREDENTIAL_MESSAGES.notSaved);
  const apiBase = apiBaseFor(env, requestOrigin, row.apiBase);
  if (!apiBase) throw badRequest(PAYPAL_CREDENTIAL_MESSAGES.standinNotHere);
  const clientSecret = await unsealSecret(await key, db.leagueId, row.secretSealed);
  if (clientSecret === null) throw badRequest(PAYPAL_CREDENTIAL_MESSAGES.cannotOpen);
  let webhookId: string;
  try {
    ({ webhookId } = await connectWebhook({ apiBase, clientId: row.clientId, clientSecret }, fetchImpl, webhookUrl));
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    // The error's words never carry the credentials (../../paypal/errors.ts).
    console.error("PayPal connection test failed", error.status, error.issue, error.debugId);
    if (error.status === 401 || error.status === 403 || error.issue === "invalid_client")
      throw badRequest(PAYPAL_CREDENTIAL_MESSAGES.refused);
    if (error.status === 0 || error.status >= 500) throw new AppError("bad_gateway", PAYPAL_CREDENTIAL_MESSAGES.unreachable);
    throw new AppError("bad_gateway", `PayPal error: ${error.issue ?? `status ${error.status}`}`);
  }
  const connected = { webhookId, connectedAt: Math.floor(Date.now() / 1000) };
  const [[saved]] = await db.batch([
    db
      .update(leaguePaypal)
      .set({ ...connected, updatedBy: actor.id, updatedAt: dbNow })
      .where(sql`${inLeague(db, leaguePaypal)} and ${leaguePaypal.id} = ${row.id} and ${leaguePaypal.secretSealed} = ${row.secretSealed}`)
      .returning(),
    auditOf(
      db,
      who,
      row.id,
      shown(row),
      shown({ ...row, ...connected }),
      sql`exists (select 1 from league_paypal where league_id = ${db.leagueId} and id = ${row.id} and webhook_id = ${webhookId})`,
    ),
  ]);
  // Saved again while PayPal answered: the new credentials are not the ones tested.
  if (!saved) throw new AppError("conflict", "The PayPal credentials changed while testing them. Please test again.");
  const settings = payPalSettingsOf(saved);
  if (!settings) throw new Error("the PayPal update returned no row");
  return settings;
}
