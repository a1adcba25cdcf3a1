import { truth } from "./load.mjs";
import { recount } from "./recount.mjs";

// The live bench's checks of the app's run (docs/performance.md): every change it sent is
// in the round's log once and nothing else is, and finalising wrote the scores the round
// was played to, which a recount of the log alone gives too. `json(path, init)` calls the
// app as its admin.

/** The app's run, checked end to end: what was sent, what the log holds, what finalising wrote. */
export async function verify(json, round, load) {
  const log = [];
  for (let after = 0, more = true; more; ) {
    const page = await json(`/api/admin/live/${round.roundId}/log?after=${after}`);
    log.push(...page.changes);
    more = page.more;
    after = log.at(-1)?.seq ?? after;
  }
  const logged = new Map(log.map((c) => [c.changeId, 0]));
  for (const c of log) logged.set(c.changeId, logged.get(c.changeId) + 1);
  const sent = new Set(load.sentIds);
  const finalised = await json(`/api/admin/live/${round.roundId}/finalize`, {
    method: "POST",
    body: JSON.stringify({ confirmUnsigned: true }),
  });
  const scores = new Map((await json(`/api/entries/${round.roundId}`)).map((e) => [e.id, e.score]));
  const expected = new Map(
    round.cards.flatMap((card, c) =>
      card.entries.map((id, p) => [id, Array.from({ length: 18 }, (_, h) => truth(c, p, h + 1)).reduce((a, b) => a + b)]),
    ),
  );
  const counted = recount(log);
  const same = (a, b) => [...a].every(([id, total]) => b.get(id) === total) && a.size === b.size;
  return {
    lostOrDoubled: [...sent].filter((id) => logged.get(id) !== 1).length + log.filter((c) => !sent.has(c.changeId)).length,
    logLength: log.length,
    finalisedPlayers: finalised.players,
    finalEqualsTruth: same(expected, scores),
    finalEqualsRecount: same(counted.totals, scores),
    openDisagreements: counted.disagreements,
  };
}
