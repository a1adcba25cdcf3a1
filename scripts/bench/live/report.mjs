// The live bench's report: ack latency of the app and its floor, overall and by hole, the
// flood each got and the goal (the app's p95 ack within 100 ms and 1.5 × the floor's), the
// load average around each side, and what the checks of each app run found, as Markdown for
// docs/performance.md.

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

export function report(rows, runs, seconds) {
  const f = (n) => n.toFixed(1);
  console.log(`\n${runs} run(s), ${seconds} s each, 38 cards × 18 holes × 2 phones, 200 spectators; ack latency in ms:\n`);
  console.log("| run | side | frames | p50 | p95 | p99 | max | spectators who saw every change | load (1 min) before → after |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [i, row] of rows.entries()) {
    for (const side of ["app", "bare"]) {
      const l = row[side].latencies;
      const load = row[side].load.map((x) => x.toFixed(1)).join(" → ");
      console.log(
        `| ${i + 1} | ${side} | ${l.length} | ${f(pct(l, 50))} | ${f(pct(l, 95))} | ${f(pct(l, 99))} | ${f(Math.max(...l))} | ${row[side].spectatorsSawAll}/${row[side].spectators} | ${load} |`,
      );
    }
    const [a, b] = [row.app.latencies, row.bare.latencies];
    console.log(
      `| ${i + 1} | app ÷ bare | | ${f(pct(a, 50) / pct(b, 50))}× | ${f(pct(a, 95) / pct(b, 95))}× | ${f(pct(a, 99) / pct(b, 99))}× | | | |`,
    );
  }
  console.log("\nAck latency by hole (ms; hole 1's first frames start the cards, each with a D1 write):\n");
  console.log("| run | side | hole 1 p50 / p95 | holes 2–18 p50 / p95 / p99 |");
  console.log("| --- | --- | ---: | ---: |");
  for (const [i, row] of rows.entries()) {
    for (const side of ["app", "bare"]) {
      const [first, ...rest] = row[side].byHole;
      const later = rest.flat();
      console.log(
        `| ${i + 1} | ${side} | ${f(pct(first, 50))} / ${f(pct(first, 95))} | ${f(pct(later, 50))} / ${f(pct(later, 95))} / ${f(pct(later, 99))} |`,
      );
    }
  }
  if (rows.some((row) => row.app.flooded)) {
    console.log(
      "\nThe flood (5 spectator sockets × 100 `state`/s, 1 scorer × 50 unknown-player frames/s, by POST while it has no socket):\n",
    );
    console.log(
      "| run | side | state asks | state answers | unknown-player frames | acks | error frames | opens | closed by the server | refused opens | POSTs (refused) |",
    );
    console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const [i, row] of rows.entries()) {
      for (const side of ["app", "bare"]) {
        const x = row[side].flooded;
        console.log(
          `| ${i + 1} | ${side} | ${x.stateSent} | ${x.stateAnswers} | ${x.unknownSent} | ${x.acks} | ${x.errors} | ${x.opens} | ${x.closes} | ${x.refusedOpens} | ${x.posts} (${x.postsRefused}) |`,
        );
      }
    }
  }
  console.log("\nThe goal: the app's p95 ack ≤ 100 ms and ≤ 1.5 × the floor's p95 in the same run.\n");
  for (const [i, row] of rows.entries()) {
    const [a, b] = [pct(row.app.latencies, 95), pct(row.bare.latencies, 95)];
    const met = a <= 100 && a <= 1.5 * b;
    console.log(`- run ${i + 1}: app p95 ${f(a)} ms, floor p95 ${f(b)} ms (${f(a / b)}×): ${met ? "met" : "NOT met"}`);
  }
  for (const [i, row] of rows.entries()) {
    const { app: a, checks } = row;
    console.log(`\nRun ${i + 1}, the app:`);
    console.log(
      `- changes acked: ${a.changes} in ${a.frames} frames; applied ${a.applied}; anything else: ${a.notApplied.length}; error frames: ${a.errors.length}`,
    );
    console.log(
      `- offline phone: ${a.offlinePhone.changes} changes, applied once in order: ${a.offlinePhone.appliedInOrder}; resent, all duplicates: ${a.offlinePhone.duplicatesOnResend}; ack ${f(a.offlinePhone.ackMs)} ms`,
    );
    console.log(`- spectators who saw every change (seq 1–${a.lastSeq}): ${a.spectatorsSawAll}/${a.spectators}`);
    console.log(
      `- lost or doubled in the log: ${checks.lostOrDoubled} (log: ${checks.logLength} changes); disagreements left: ${checks.openDisagreements}`,
    );
    console.log(
      `- finalised ${checks.finalisedPlayers} players: equal to the truth ${checks.finalEqualsTruth}, to the log's recount ${checks.finalEqualsRecount}`,
    );
  }
}
