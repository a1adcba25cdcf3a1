// The live bench's recount: each player's total from the round's change log alone, replayed
// in its order as the rules say (each scorer's latest value of a cell; a settle sets every
// scorer's), without the server's own code. A cell whose scorers still disagree is counted.

export function recount(log) {
  const cells = new Map();
  for (const c of [...log].sort((a, b) => a.seq - b.seq)) {
    if (c.kind === "signoff") continue;
    const key = `${c.entryId}:${c.kind}:${c.hole}`;
    const values = cells.get(key) ?? new Map();
    if (c.settle) for (const scorer of values.keys()) values.set(scorer, c.value);
    values.set(c.scorer.userId, c.value);
    cells.set(key, values);
  }
  const totals = new Map();
  let disagreements = 0;
  for (const [key, values] of cells) {
    const [entryId, kind] = key.split(":");
    const agreed = [...new Set(values.values())];
    if (agreed.length > 1) disagreements += 1;
    else if (kind !== "dnf") totals.set(Number(entryId), (totals.get(Number(entryId)) ?? 0) + agreed[0]);
  }
  return { totals, disagreements };
}
