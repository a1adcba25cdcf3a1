// ADR 47's table, as the tests read it: who may open each admin page and make each admin
// call. D: a director and up (director, admin, owner, operator); A: an admin, the owner and
// the operator; O: the owner and the operator; X: the operator alone. Written out here, not
// read from the code, so the code is held to it.

export type Level = "D" | "A" | "O" | "X";

export const API_TABLE: Record<string, Level> = {
  "GET /api/admin/users": "X",
  "GET /api/admin/users/:userId": "X",
  "DELETE /api/admin/users/:userId": "X",
  "GET /api/admin/users/:userId/players": "X",
  "DELETE /api/admin/users/:userId/players/:playerId": "X",
  "POST /api/admin/users/:userId/lock": "X",
  "POST /api/admin/users/:userId/unlock": "X",
  "POST /api/admin/users/:userId/reset-password": "X",
  "POST /api/admin/user/add": "X",
  "POST /api/admin/leagues": "X",
  "PATCH /api/admin/leagues/:leagueId": "X",
  "GET /api/admin/memberships": "A",
  "PUT /api/admin/memberships/:userId": "O",
  "DELETE /api/admin/memberships/:userId": "O",
  "POST /api/admin/memberships/transfer": "O",
  "GET /api/admin/rounds/:id/check-in": "D",
  "POST /api/admin/rounds/:id/check-in": "D",
  "DELETE /api/admin/rounds/:id/check-in/:entryId": "D",
  "POST /api/admin/rounds/:id/walk-up": "D",
  "POST /api/admin/rounds/:id/cards": "D",
  "PUT /api/admin/rounds/:id/cards": "D",
  "POST /api/admin/rounds/:id/cards/publish": "D",
  "POST /api/admin/rounds/:id/cards/late": "D",
  "POST /api/admin/entry/add": "D",
  "POST /api/admin/entry/update": "D",
  "POST /api/admin/entry/bulk": "D",
  "POST /api/admin/entry/cash": "D",
  "POST /api/admin/entry/delete": "D",
  "POST /api/admin/entry/voidCash": "D",
  "POST /api/admin/entry/payouts": "D",
  "POST /api/admin/entry/creditPayouts": "D",
  "POST /api/admin/live/:roundId/finalize": "D",
  "GET /api/admin/live/:roundId/log": "D",
  "POST /api/admin/rounds/:id/side-pots": "D",
  "DELETE /api/admin/rounds/:id/side-pots/:potId": "D",
  "POST /api/admin/rounds/:id/side-pots/:potId/players": "D",
  "DELETE /api/admin/rounds/:id/side-pots/:potId/players/:entryId": "D",
  "PUT /api/admin/rounds/:id/side-pots/:potId/holes/:hole": "D",
  "DELETE /api/admin/rounds/:id/side-pots/:potId/holes/:hole": "D",
  "POST /api/admin/rounds/:id/teams": "D",
  "GET /api/admin/rounds/:id/waitlist": "D",
  "POST /api/admin/entry/excessToCredit": "A",
  "POST /api/admin/entry/keep": "A",
  "POST /api/admin/player": "A",
  "POST /api/admin/player/": "A",
  "POST /api/admin/player/delete": "A",
  "POST /api/admin/round": "A",
  "POST /api/admin/round/": "A",
  "POST /api/admin/round/delete": "A",
  "POST /api/admin/round/openForRegistration": "A",
  "PUT /api/admin/rounds/:id/caps": "A",
  "GET /api/admin/payments/all": "A",
  "GET /api/admin/payments/:userId": "A",
  "POST /api/admin/ratings/recompute": "A",
  "GET /api/admin/settings": "A",
  "PUT /api/admin/settings": "A",
  "POST /api/admin/courses": "A",
  "POST /api/admin/courses/copy": "A",
  "PUT /api/admin/courses/:id": "A",
  "DELETE /api/admin/courses/:id": "A",
  "POST /api/admin/courses/:id/layouts": "A",
  "PUT /api/admin/layouts/:id": "A",
  "DELETE /api/admin/layouts/:id": "A",
  "GET /api/admin/audit": "A",
  "POST /api/admin/tags/assign": "A",
  "POST /api/admin/tags/take-back": "A",
  "GET /api/claims": "A",
  "GET /api/claims/for-user": "A",
  "PUT /api/claims/:id/:action{(?:approve|reject|conflict)}": "A",
  "POST /api/ace/add": "A",
  "POST /api/ace/delete": "A",
  "POST /api/transfers/add": "A",
  "POST /api/transfers/delete": "A",
};

/** Each admin page: its loader's level, and its action's by the intent posted (`*`: any other). */
export const PAGE_TABLE: Record<string, { loader: Level; action?: Record<string, Level> }> = {
  // The admin home: every staff role opens it; owners and admins see the setup checklist.
  admin: { loader: "D" },
  "admin/users": { loader: "A", action: { grantRole: "O", revokeRole: "O", transferOwnership: "O", "*": "X" } },
  "admin/user/:userId": { loader: "A", action: { approve: "A", removePlayer: "A", lock: "X", unlock: "X", reset: "X", delete: "X" } },
  "admin/claims": { loader: "A", action: { "*": "A" } },
  "admin/player": { loader: "A", action: { "*": "A" } },
  "admin/payments": { loader: "A" },
  "admin/audit": { loader: "A" },
  "admin/reports": { loader: "A" },
  "admin/reports.csv": { loader: "A" },
  "admin/settings": { loader: "A", action: { "*": "A" } },
  "admin/tags": { loader: "A", action: { "*": "A" } },
  "admin/courses": { loader: "A", action: { "*": "A" } },
  "admin/courses/:courseId": { loader: "A", action: { "*": "A" } },
  "admin/courses/:courseId/layouts/new": { loader: "A", action: { "*": "A" } },
  "admin/layouts/:layoutId": { loader: "A", action: { "*": "A" } },
  "admin/rounds": { loader: "D", action: { "*": "A" } },
  "admin/rounds/new": { loader: "A", action: { "*": "A" } },
  "admin/rounds/multi-edit": { loader: "A", action: { "*": "A" } },
  "admin/rounds/:roundId": { loader: "A", action: { "*": "A" } },
  "admin/round/play/:roundId": {
    loader: "D",
    action: { cash: "D", voidCash: "D", add: "D", excessToCredit: "A", keepEntry: "A", giveBack: "A", takeBack: "A" },
  },
  "admin/round/scores/:roundId": { loader: "D", action: { "*": "D" } },
  "admin/round/night/:roundId": { loader: "D", action: { "*": "D" } },
};

export const PERSONAS = ["visitor", "player", "director", "admin", "owner", "operator"] as const;
export type Persona = (typeof PERSONAS)[number];

/** Whether `who` may at `level`. */
export function mayAt(who: Persona, level: Level): boolean {
  const rank: Record<Persona, number> = { visitor: -1, player: -1, director: 0, admin: 1, owner: 2, operator: 3 };
  const needed: Record<Level, number> = { D: 0, A: 1, O: 2, X: 3 };
  return rank[who] >= needed[level];
}
