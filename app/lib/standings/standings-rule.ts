// The standings rule as the admin sets it, and the sentence that explains it. Apart from
// ./standings-points.ts so the pages that only say the rule do not ship the payouts' tables.

/** The admin's standings rule (league_settings): points for 1st, the step down per place, its floor, participation, best N. */
export type PointsRule = {
  pointsFirst: number;
  pointsStep: number;
  pointsFloor: number;
  pointsParticipation: number;
  standingsBestN: number;
};

/** The method in one sentence, with the league's current numbers (the page and the settings form say it). */
export function describeRule(rule: PointsRule): string {
  const { pointsFirst: first, pointsStep: step, pointsFloor: floor } = rule;
  const places =
    step === 0 || first <= floor
      ? `Every finishing place in a division gets ${Math.max(first, floor)} points`
      : `1st place in a division gets ${first} points and each place below ${step} fewer, never fewer than ${floor} (from place ${Math.ceil((first - floor) / step) + 1} on)`;
  const n = rule.standingsBestN;
  return (
    `${places}; players who tie share the points of the places they take, and everyone with a score gets ${rule.pointsParticipation} more for playing. ` +
    `A player's total is their best ${n} ${n === 1 ? "round" : "rounds"} of the season in that division.`
  );
}
