import type { LeagueSettings } from "~/.server/services/settings/league-settings";
import type { SeasonStandings } from "~/.server/services/standings/standings";

/** The league's settings as the /api shows and takes them (PUT /api/admin/settings): the same names. */
export function settingsJson(s: LeagueSettings) {
  return {
    pointsFirst: s.pointsFirst,
    pointsStep: s.pointsStep,
    pointsFloor: s.pointsFloor,
    pointsParticipation: s.pointsParticipation,
    standingsBestN: s.standingsBestN,
    handicapRounds: s.handicapRounds,
    handicapPercent: s.handicapPercent,
    handicapPar: s.handicapPar,
    checkInOpensMinutes: s.checkInOpensMinutes,
    cardSize: s.cardSize,
    teeIntervalMinutes: s.teeIntervalMinutes,
    cardMode: s.cardMode,
    cardStart: s.cardStart,
    moneyVisibility: s.moneyVisibility,
    divisions: s.divisions,
    bagTags: s.bagTags,
    tagCount: s.tagCount,
    tagExpiryWeeks: s.tagExpiryWeeks,
    caliRule: s.caliRule,
    distanceUnit: s.distanceUnit,
    endEarlyHoles: s.endEarlyHoles,
    rainOutPolicy: s.rainOutPolicy,
  };
}

/** GET /api/standings: the season, the rule, and per division its ranked players with points per round. */
export function standingsJson(s: SeasonStandings) {
  const { pointsFirst, pointsStep, pointsFloor, pointsParticipation, standingsBestN } = s.settings;
  return {
    season: s.season,
    seasons: s.seasons,
    rule: { pointsFirst, pointsStep, pointsFloor, pointsParticipation, bestN: standingsBestN },
    rounds: s.rounds.map((r) => ({ id: r.id, d: r.startsAt, n: r.name })),
    divisions: s.divisions.map((d) => ({
      division: d.division,
      rounds_scored: d.roundsScored,
      waiting_round_ids: d.waiting.map((r) => r.id),
      players: d.players.map((p) => ({
        rank: p.rank,
        player_id: p.playerId,
        fn: p.firstName,
        ln: p.lastName,
        total: p.total,
        rounds_played: p.roundsPlayed,
        rounds_counted: p.roundsCounted,
        average: p.average,
        rounds: p.rounds.map((r) => ({ round_id: r.roundId, place: r.place, points: r.points, counted: r.counted })),
      })),
    })),
  };
}

export type SettingsJson = ReturnType<typeof settingsJson>;
export type StandingsJson = ReturnType<typeof standingsJson>;
