// The demo league of scripts/seed.ts keeps the league's invariants whatever day it is
// seeded on: Thursday rounds at 6 pm, payouts from the real engine, no balance and no
// ace pot below zero.
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { describe, expect, it } from "vitest";
import { computeRoundPayouts } from "../../app/lib/rounds/payouts";
import { buildLeague } from "../../scripts/seed/league";
import { renderSql } from "../../scripts/seed/render";
import { insertRows, sqlValue } from "../../scripts/seed/sql";
import { convenienceFeeCents, entryTotalCents } from "../../app/lib/signup/pricing";

const TZ = "America/Chicago";
const NOWS = [
  ["Saturday 2026-11-21, 23:56", 1_795_327_005],
  ["Thursday 2026-11-19, 9:00, the day of a round", 1_795_100_400],
  ["Thursday 2026-11-19, 21:30, after the round", 1_795_145_400],
  ["Friday 2026-11-20, 0:30", 1_795_156_200],
  ["Wednesday 2026-07-01, noon, in daylight time", 1_782_925_200],
  ["Friday 2027-01-01, noon", 1_798_826_400],
] as const;

const weekdayAndTime = (d: number) =>
  new Intl.DateTimeFormat("en-US", { timeZone: TZ, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    d * 1000,
  );
/** The league-time calendar day of `d`, as days since 1970-01-01. */
const dayNumber = (d: number) => Date.parse(new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(d * 1000)) / 86_400_000;
const yearOf = (d: number) => Number(new Intl.DateTimeFormat("en-US", { timeZone: TZ, year: "numeric" }).format(d * 1000));

describe.each(NOWS)("demo league seeded on %s", (_, NOW) => {
  const league = buildLeague(NOW, TZ);
  const roundOf = new Map(league.rounds.map((r) => [r.id, r]));

  it("is a pure function of now and the time zone", () => {
    expect(buildLeague(NOW, TZ)).toEqual(league);
  });

  it("plays every round on a Thursday at 6 pm, as the league's name says", () => {
    expect(new Set(league.rounds.map((r) => weekdayAndTime(r.startsAt)))).toEqual(new Set(["Thursday 18:00"]));
  });

  it("schedules two seasons: the past, this week's round (the first Thursday from today on) and four after it", () => {
    const past = league.rounds.filter((r) => r.kind === "past");
    const [next, ...others] = league.rounds.filter((r) => r.kind === "next");
    const ahead = league.rounds.filter((r) => r.kind === "upcoming");
    expect(others).toEqual([]);
    expect(dayNumber(next!.startsAt) - dayNumber(NOW)).toBeGreaterThanOrEqual(0);
    expect(dayNumber(next!.startsAt) - dayNumber(NOW)).toBeLessThan(7);
    expect(past.every((r) => dayNumber(r.startsAt) < dayNumber(NOW))).toBe(true);
    expect(ahead).toHaveLength(4);
    expect(league.rounds).toEqual([...past, next, ...ahead]);
    expect([next, ...ahead].map((r) => r!.open)).toEqual([true, true, true, false, false]);
    expect(league.rounds.filter((r) => r.open)).toHaveLength(3);
    const first = league.rounds[0]!.startsAt;
    expect(yearOf(first)).toBe(yearOf(NOW) - 1);
    expect(dayNumber(first) - dayNumber(Date.UTC(yearOf(NOW) - 1, 0, 1, 18) / 1000)).toBeLessThan(7);
  });

  it("plays real-looking courses: each round a layout, its location the course's name", () => {
    const { courses, layouts } = league;
    expect(courses.length).toBeGreaterThanOrEqual(2);
    for (const course of courses) {
      const sizes = layouts.filter((l) => l.courseId === course.id).map((l) => l.holes.length);
      expect(sizes.filter((n) => n === 18).length, course.name).toBeGreaterThanOrEqual(1);
      expect(
        sizes.some((n) => [9, 24, 27].includes(n)),
        course.name,
      ).toBe(true);
    }
    for (const layout of layouts) {
      const pars = layout.holes.map((h) => h.par);
      expect(pars.filter((p) => p === 3).length / pars.length).toBeGreaterThan(0.6);
      expect(pars.every((p) => p >= 3 && p <= 5)).toBe(true);
      expect(layout.holes.every((h) => h.distanceFeet !== null && h.distanceFeet >= 200 && h.distanceFeet <= 800)).toBe(true);
      const orders = layout.holes.flatMap((h) => (h.secondCardOrder === null ? [] : [h.secondCardOrder])).sort();
      expect(orders).toEqual(orders.map((_, i) => i + 1));
    }
    expect(layouts.some((l) => l.holes.some((h) => h.par === 5))).toBe(true);
    const layoutOf = new Map(layouts.map((l) => [l.id, l]));
    for (const round of league.rounds) {
      const layout = layoutOf.get(round.layoutId);
      expect(round.location).toBe(courses.find((c) => c.id === layout?.courseId)?.name);
      expect(round.par).toBe(layout?.holes.reduce((sum, h) => sum + h.par, 0));
    }
    // Some nights on a short nine or a long layout, their scores scaled to its par.
    const odd = league.rounds.filter((r) => r.kind === "past" && layoutOf.get(r.layoutId)?.holes.length !== 18);
    expect(odd.length).toBeGreaterThan(0);
    const scoresOf = (r: (typeof odd)[number]) => league.entries.filter((e) => e.roundId === r.id && e.score > 0).map((e) => e.score);
    for (const r of odd) for (const s of scoresOf(r)) expect(Math.abs(s - r.par)).toBeLessThan(r.par / 2);
  });

  it("has ~120 uniquely named players over at least six divisions", () => {
    const { players } = league;
    expect(players.length).toBeGreaterThanOrEqual(100);
    expect(new Set(players.map((p) => `${p.firstName} ${p.lastName}`)).size).toBe(players.length);
    expect(new Set(players.map((p) => p.division)).size).toBeGreaterThanOrEqual(6);
    const withPdga = players.filter((p) => p.pdga !== null).length / players.length;
    expect(withPdga).toBeGreaterThan(0.55);
    expect(withPdga).toBeLessThan(0.85);
    expect(players.some((p) => p.inactive)).toBe(true);
  });

  it("stores the payout engine's results for past rounds and nothing for unplayed ones", () => {
    for (const round of league.rounds) {
      const entries = league.entries.filter((e) => e.roundId === round.id);
      if (round.kind !== "past") {
        expect(entries.every((e) => e.score === 0 && e.payoutCents === 0 && e.result === null)).toBe(true);
        continue;
      }
      expect(entries.length).toBeGreaterThanOrEqual(12);
      expect(entries.length).toBeLessThanOrEqual(40);
      const expected = computeRoundPayouts(entries, round.payoutCents);
      expect(expected).toHaveLength(entries.length);
      for (const r of expected) {
        const entry = entries.find((e) => e.id === r.id)!;
        expect([entry.payoutCents, entry.result]).toEqual([r.payoutCents, r.result]);
      }
    }
  });

  it("never takes a balance below zero, in date order", () => {
    type Event = { t: number; order: number; player: number; cents: number };
    const events: Event[] = [];
    for (const e of league.entries) {
      const round = roundOf.get(e.roundId)!;
      expect(e.creditUsed).toBeLessThanOrEqual(entryTotalCents(round, e.ace));
      if (e.creditUsed > 0) events.push({ t: e.createdAt, order: 0, player: e.playerId, cents: -e.creditUsed });
      if (e.creditAdded > 0) {
        expect(e.creditAdded).toBe(e.payoutCents);
        events.push({ t: round.startsAt, order: 1, player: e.playerId, cents: e.creditAdded });
      }
    }
    for (const t of league.transfers) {
      expect(t.amountCents).toBeGreaterThan(0);
      expect(t.from === null && t.to === null).toBe(false);
      expect(t.from).not.toBe(t.to);
      if (t.from !== null) events.push({ t: t.date, order: 2, player: t.from, cents: -t.amountCents });
      if (t.to !== null) events.push({ t: t.date, order: 2, player: t.to, cents: t.amountCents });
    }
    const balances = new Map<number, number>();
    for (const ev of events.sort((a, b) => a.t - b.t || a.order - b.order)) {
      const next = (balances.get(ev.player) ?? 0) + ev.cents;
      expect(next).toBeGreaterThanOrEqual(0);
      balances.set(ev.player, next);
    }
    expect(league.transfers.length).toBeGreaterThanOrEqual(20);
  });

  it("pays each ace the whole pot of its round and leaves a pot now", () => {
    expect(league.aces.length).toBeGreaterThanOrEqual(5);
    const fees = (until: number) =>
      league.entries
        .filter((e) => e.ace && roundOf.get(e.roundId)!.startsAt <= until)
        .reduce((s, e) => s + roundOf.get(e.roundId)!.aceCents, 0);
    let paid = 0;
    for (const ace of league.aces) {
      expect(league.entries.some((e) => e.roundId === ace.roundId && e.playerId === ace.playerId && e.ace)).toBe(true);
      expect(ace.amountCents).toBe(fees(ace.date) - paid);
      expect(ace.amountCents).toBeGreaterThan(0);
      paid += ace.amountCents;
    }
    expect(fees(Number.MAX_SAFE_INTEGER) - paid).toBe(league.pot);
    expect(league.pot).toBeGreaterThan(0);
  });

  it("links payments to the demo players' entries with the league fee", () => {
    expect(league.payments.length).toBeGreaterThan(0);
    for (const p of league.payments.filter((p) => p.method !== "cash")) {
      const entry = league.entries.find((e) => e.paymentId === p.id)!;
      const rest = entryTotalCents(roundOf.get(p.roundId)!, entry.ace) - entry.creditUsed;
      expect(p.method).toBe(rest > 0 ? "paypal" : "credit");
      expect(p.leagueFee).toBe(convenienceFeeCents(rest));
      expect(p.amount).toBe(rest > 0 ? rest + p.leagueFee : 0);
      expect(league.claims.some((c) => c.userId === p.userId && c.playerId === p.playerId && c.status === "approved")).toBe(true);
    }
  });

  it("a past entry owes nothing: what credit and PayPal left was paid in cash at the course", () => {
    const paymentOf = new Map(league.payments.map((p) => [p.id, p]));
    const cash = league.payments.filter((p) => p.method === "cash");
    expect(cash.length).toBeGreaterThan(0);
    for (const e of league.entries) {
      const round = roundOf.get(e.roundId)!;
      if (round.kind !== "past") continue;
      const online = e.paymentId === null ? undefined : paymentOf.get(e.paymentId);
      const byPayPal = online?.method === "paypal" ? online.amount - online.leagueFee : 0;
      const inCash = cash.filter((p) => p.roundId === e.roundId && p.playerId === e.playerId).reduce((sum, p) => sum + p.amount, 0);
      expect(e.creditUsed + byPayPal + inCash).toBe(entryTotalCents(round, e.ace));
    }
    // Rounds not played yet owe what they owe: cash is taken at the course.
    expect(cash.every((p) => roundOf.get(p.roundId)?.kind === "past")).toBe(true);
  });

  it("writes plain INSERTs with quotes doubled", () => {
    expect(sqlValue("O'Brien")).toBe("'O''Brien'");
    expect(insertRows("t", ["a"], [[1], [null]], 1)).toEqual([
      "INSERT INTO `t` (`a`) VALUES\n(1);",
      "INSERT INTO `t` (`a`) VALUES\n(NULL);",
    ]);
    const sql = renderSql(
      league,
      league.users.map(() => "scrypt$test"),
      DEFAULT_LEAGUE_ID,
    ).join("\n");
    expect(sql).not.toMatch(/\b(BEGIN|COMMIT|CREATE|DROP)\b/);
  });
});
