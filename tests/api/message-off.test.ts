// A message's one-click off (ADR 49): the signed link turns its own kind off in its own
// league for its own account — as a mail client's RFC 8058 POST to the league's
// /api/messages/off (no cookie, any Origin), and from the /messages/off page, whose GET
// changes nothing. A link for another kind, league or user is refused and changes nothing.
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectStatus, makeUser, uniqueIp } from "../auth-fixtures";
import { makeLeague, memberOf, prefRows } from "../message-fixtures";
import { argsWith, outcome, sessionOf } from "../route-fixtures";
import { forgetLeagues } from "../../workers/league-directory";
import { placeRequest } from "../../workers/league-path";
import { messageOffUrls, signMessageOff } from "~/.server/auth/unsubscribe-link";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import type { League } from "~/.server/league";
import { INVALID_MESSAGE_OFF_LINK, MESSAGE_OFF_DONE } from "~/.server/services/messages/prefs-edit";
import { KIND_LABELS, type MessageKind } from "~/lib/messages/kinds";
import * as offPage from "~/routes/messages-off";

const secret = env.SESSION_SECRET;
const ONE_CLICK = { "List-Unsubscribe": "One-Click" };

let second: Awaited<ReturnType<typeof makeLeague>>;
let secondLeague: League;
beforeAll(async () => {
  second = await makeLeague("Second Off League", "America/Denver");
  secondLeague = {
    id: second.id,
    slug: second.slug,
    name: second.name,
    timeZone: "America/Denver",
    status: "active",
    epoch: 0,
    isDefault: false,
    suspendedAt: null,
    closedAt: null,
  };
});
afterAll(() => forgetLeagues());

/** The query of `userId`'s link turning off `kind` in league `leagueId`. */
const query = async (userId: number, leagueId: number, kind: MessageKind, signed = { userId, leagueId, kind }) =>
  `u=${userId}&l=${leagueId}&k=${kind}&t=${await signMessageOff(secret, signed.userId, signed.leagueId, signed.kind)}`;

/** A mail client's one-click: a form post from its own servers, no cookie, another site's Origin. */
function oneClick(path: string, form: Record<string, string> | null = ONE_CLICK) {
  const body = form ? new URLSearchParams(form) : undefined;
  const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp(), Origin: "https://mail.example" };
  if (body) headers["Content-Type"] = "application/x-www-form-urlencoded";
  return exports.default.fetch(new Request(`http://localhost${path}`, { method: "POST", headers, body }));
}

/** A player of both leagues with a choice in each, so a wrong write shows. */
async function player() {
  const user = await makeUser();
  await memberOf(DEFAULT_LEAGUE_ID, user.id);
  await memberOf(second.id, user.id);
  return user;
}

describe("POST {league}/api/messages/off (RFC 8058)", () => {
  it("a good link turns off only its kind, in only its league; again is harmless", async () => {
    const user = await player();
    const path = `/l/${second.slug}/api/messages/off?${await query(user.id, second.id, "cards")}`;
    const res = await oneClick(path);
    expect(await expectStatus(res, 200)).toEqual({ success: true, message: MESSAGE_OFF_DONE });
    expect(await prefRows(user.id, second.id)).toEqual({ cards: "off" });
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({});
    await expectStatus(await oneClick(path), 200);
    expect(await prefRows(user.id, second.id)).toEqual({ cards: "off" });
  });

  it("the URL messageOffUrls writes is the one that works", async () => {
    const user = await player();
    const { page, oneClick: url } = await messageOffUrls("http://localhost", secret, user.id, second, "results");
    expect(page).toMatch(new RegExp(`^http://localhost/messages/off\\?u=${user.id}&l=${second.id}&k=results&t=[\\w-]{43}$`));
    await expectStatus(await oneClick(new URL(url).pathname + new URL(url).search), 200);
    expect(await prefRows(user.id, second.id)).toEqual({ results: "off" });
  });

  it("a link for another kind, league or user, a forged or cut one: 400, nothing changed", async () => {
    const [user, other] = [await player(), await player()];
    const api = `/l/${second.slug}/api/messages/off`;
    const bad = [
      // Signed for cards, sent as results.
      `u=${user.id}&l=${second.id}&k=results&t=${await signMessageOff(secret, user.id, second.id, "cards")}`,
      // Signed for the default league, sent as the second's.
      `u=${user.id}&l=${second.id}&k=cards&t=${await signMessageOff(secret, user.id, DEFAULT_LEAGUE_ID, "cards")}`,
      // Another user's signature.
      await query(user.id, second.id, "cards", { userId: other.id, leagueId: second.id, kind: "cards" }),
      // A forged signature, none, a kind that does not exist, a part twice, a part missing.
      `u=${user.id}&l=${second.id}&k=cards&t=${"A".repeat(43)}`,
      `u=${user.id}&l=${second.id}&k=cards`,
      `u=${user.id}&l=${second.id}&k=birthday&t=${await signMessageOff(secret, user.id, second.id, "birthday")}`,
      `${await query(user.id, second.id, "cards")}&k=ace`,
      `u=${user.id}&k=cards&t=${await signMessageOff(secret, user.id, second.id, "cards")}`,
    ];
    for (const q of bad) await expectError(await oneClick(`${api}?${q}`), 400, INVALID_MESSAGE_OFF_LINK);
    // A good link of the second league's, sent to the default league's /api.
    await expectError(await oneClick(`/api/messages/off?${await query(user.id, second.id, "cards")}`), 400, INVALID_MESSAGE_OFF_LINK);
    // A good link without RFC 8058's body.
    await expectError(await oneClick(`${api}?${await query(user.id, second.id, "cards")}`, null), 400);
    for (const id of [user.id, other.id]) {
      expect(await prefRows(id, second.id)).toEqual({});
      expect(await prefRows(id, DEFAULT_LEAGUE_ID)).toEqual({});
    }
  });

  it("GET changes nothing: it sends the browser to the page", async () => {
    const user = await player();
    const q = await query(user.id, second.id, "cards");
    // As a browser's request reaches the Worker: a redirect is the browser's to follow.
    const res = await exports.default.fetch(new Request(`http://localhost/l/${second.slug}/api/messages/off?${q}`, { redirect: "manual" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/messages/off?${q}`);
    expect(await prefRows(user.id, second.id)).toEqual({});
  });
});

describe("the /messages/off page", () => {
  it("is the root's, placed in the league its link names", async () => {
    for (const path of [`/messages/off?u=7&l=${second.id}&k=cards&t=x`, `/messages/off.data?u=7&l=${second.id}&k=cards&t=x`]) {
      const placed = await placeRequest(new Request(`http://localhost${path}`), env);
      expect(placed, path).toMatchObject({ missing: false, league: { id: second.id } });
    }
    const elsewhere = await placeRequest(new Request(`http://localhost/messages?l=${second.id}`), env);
    expect(elsewhere).toMatchObject({ league: { id: DEFAULT_LEAGUE_ID } });
  });

  it("asks first (its GET changes nothing), and its button turns the kind off, whoever is logged in", async () => {
    const user = await player();
    const path = `/messages/off?${await query(user.id, second.id, "waitlist")}`;
    const shown = await outcome(offPage.loader(argsWith(null, new Request(`http://localhost${path}`), {}, secondLeague)));
    expect(shown).toMatchObject({ status: 200, data: { leagueName: second.name, label: KIND_LABELS.waitlist, off: false, error: null } });
    expect(await prefRows(user.id, second.id)).toEqual({});
    // Someone else logged in in this browser changes nothing: the link is the authority.
    const someone = await sessionOf("player");
    const form = new FormData();
    form.append("List-Unsubscribe", "One-Click");
    const done = await outcome(
      offPage.action(argsWith(someone, new Request(`http://localhost${path}`, { method: "POST", body: form }), {}, secondLeague)),
    );
    expect(done).toMatchObject({ status: 200, data: { success: MESSAGE_OFF_DONE } });
    expect(await prefRows(user.id, second.id)).toEqual({ waitlist: "off" });
    expect(await prefRows(someone!.user.id, second.id)).toEqual({});
    const after = await outcome(offPage.loader(argsWith(null, new Request(`http://localhost${path}`), {}, secondLeague)));
    expect(after.data).toMatchObject({ off: true });
  });

  it("a bad signature: 400 'This link is not valid', nothing changed", async () => {
    const user = await player();
    const path = `/messages/off?u=${user.id}&l=${second.id}&k=cards&t=${"B".repeat(43)}`;
    const shown = await outcome(offPage.loader(argsWith(null, new Request(`http://localhost${path}`), {}, secondLeague)));
    expect(shown).toMatchObject({ status: 400, data: { error: INVALID_MESSAGE_OFF_LINK, link: null } });
    const form = new FormData();
    form.append("List-Unsubscribe", "One-Click");
    const posted = await outcome(
      offPage.action(argsWith(null, new Request(`http://localhost${path}`, { method: "POST", body: form }), {}, secondLeague)),
    );
    expect(posted).toMatchObject({ status: 400, data: { formError: INVALID_MESSAGE_OFF_LINK } });
    expect(await prefRows(user.id, second.id)).toEqual({});
  });
});
