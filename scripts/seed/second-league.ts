// The demo's second league (ADR 46): a small, free Thursday league beside the default one,
// so the two-league case is what a newcomer sees. Its rows name it by its slug (no ids of its
// own: the database gives them after the first league's). player1 plays in both leagues and
// directs this one; the demo's admin owns it. Some players share names with the first
// league's, as real clubs do.
import { DAY_SECONDS } from "../../app/lib/shared/time";
import { type SqlValue, sqlValue } from "./sql";

export const SECOND_LEAGUE = { slug: "thursday", name: "Thursday Night League" } as const;

const PLAYERS: [string, string, string][] = [
  ["Ada", "Chains", "MA1"],
  ["Basil", "Fairway", "MA1"],
  ["Cora", "Anhyzer", "FA1"],
  ["Dev", "Putter", "MA2"],
  ["Elle", "Midrange", "FA1"],
  ["Finn", "Hyzer", "MA2"],
  ["Gus", "Teepad", "MA1"],
  ["Hana", "Roller", "FA1"],
];

const L = `(select id from leagues where slug = '${SECOND_LEAGUE.slug}')`;
const user = (email: string) => `(select id from users where email = ${sqlValue(email)})`;
const row = (values: SqlValue[]) => `(${values.map(sqlValue).join(", ")})`;

/** The statements, after the first league's: `member` plays here and directs it, `owner` owns it. */
export function renderSecondLeague(now: number, timeZone: string, member: { email: string; name: string }, owner: string): string[] {
  const [first, last] = member.name.split(" ");
  const players = [...PLAYERS, [first ?? "Demo", last ?? "Player", "MA1"] as [string, string, string]];
  const week = 7 * DAY_SECONDS;
  const rounds = [
    { n: "Thursday Night · week 1", d: now - 2 * week, open: 0 },
    { n: "Thursday Night · week 2", d: now - week, open: 0 },
    { n: "Thursday Night · next week", d: now + 3 * DAY_SECONDS, open: 1 },
  ];
  const player = (i: number) => `(select id from players where league_id = ${L} and ln = ${sqlValue(players[i]?.[1] ?? "")})`;
  const round = (i: number) => `(select id from rounds where league_id = ${L} and n = ${sqlValue(rounds[i]?.n ?? "")})`;
  const entries = rounds.slice(0, 2).flatMap((_, r) =>
    players.map((p, i) => {
      const score = 50 + ((i * 3 + r * 5) % 11);
      return { r, i, division: p[2], score };
    }),
  );
  // Places by score within each past round (ties share the lower place).
  const placed = entries.map((e) => {
    const field = entries.filter((o) => o.r === e.r);
    const place = field.filter((o) => o.score < e.score).length + 1;
    return { ...e, result: `${place}/${field.length}` };
  });
  return [
    // Its rows are the system's doing too (the audit log names who made each, ADR 20).
    "insert into audit_actor (id, user_id, role) values (1, null, 'system') on conflict (id) do update set user_id = null, role = 'system';",
    `INSERT INTO leagues (slug, name, time_zone) VALUES (${sqlValue(SECOND_LEAGUE.slug)}, ${sqlValue(SECOND_LEAGUE.name)}, ${sqlValue(timeZone)});`,
    `INSERT INTO memberships (league_id, user_id, role) VALUES (${L}, ${user(owner)}, 'owner'), (${L}, ${user(member.email)}, 'director');`,
    `INSERT INTO players (league_id, fn, ln, division) VALUES\n${players.map((p) => `(${L}, ${row(p).slice(1)}`).join(",\n")};`,
    `INSERT INTO rounds (league_id, d, n, loc, fee_pdga_cents, fee_course_cents, fee_other_cents, ace_cents, payout_cents, open_for_registration, doubles) VALUES\n${rounds
      // Free to play (no fees, no ace pot, no payouts): its books hold nothing to balance.
      .map((r) => `(${L}, ${r.d}, ${sqlValue(r.n)}, 'Riverside Park', 0, 0, 0, 0, 0, ${r.open}, 0)`)
      .join(",\n")};`,
    ...placed.map(
      (e) =>
        `INSERT INTO entries (league_id, round_id, player_id, division, ace, score, result) VALUES (${L}, ${round(e.r)}, ${player(e.i)}, ${sqlValue(e.division)}, 0, ${e.score}, ${sqlValue(e.result)});`,
    ),
    // The member's own record here, claimed and approved: one login, a player in both leagues.
    `INSERT INTO claims (league_id, user_id, player_id, status, approved_at) VALUES (${L}, ${user(member.email)}, ${player(players.length - 1)}, 'approved', ${now});`,
    "delete from audit_actor;",
  ];
}
