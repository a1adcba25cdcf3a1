// The /api half of the walk: every GET of the /api at a place as each persona, with A's ids
// and with B's (the JSON, the iCal feeds and CSV reports among them). B's ids must get what
// an id no league has gets, and no answer may show B's text.
import { PERSONAS, SENTINEL } from "./leagues";
import type { WalkReport } from "./page-walk";
import { apiRequest, apiRoutes } from "./routes";
import { type Answer, type Walk, comparable, inTurn, leaks } from "./walk";
import type { ActionTargets } from "../hostile/action-routes";

const show = (a: Answer) => `${a.status} ${a.body.slice(0, 200)}`;

/** A's URL for one league's request (`/api/…` at the root, `/l/{slug}/api/…` under /l/). */
const inA = (walk: Walk, path: string) => walk.at(path);

export async function walkApiReads(walk: Walk, own: ActionTargets, theirs: ActionTargets): Promise<WalkReport> {
  const failures: string[] = [];
  const walked = new Set<string>();
  let answers = 0;
  let ok = 0;
  const check = (a: Answer) => {
    answers += 1;
    if (a.status === 200) ok += 1;
    if (a.status >= 500) failures.push(`${a.label}: ${show(a)}`);
    if (leaks(a)) failures.push(`${a.label} shows B's text: ${show(a)}`);
  };
  const routes = apiRoutes().filter((r) => r.method === "GET");
  const jobs = routes.flatMap((route) => PERSONAS.map((who) => ({ route, who })));
  await inTurn(jobs, async ({ route, who }) => {
    walked.add(route.name);
    const creds = await walk.credentials(who, false);
    const mine = inA(walk, apiRequest("GET", route.path, own).path);
    check(await walk.send(`${who} GET ${mine}`, "GET", mine, creds));
    // B's ids (and B's name, where a route searches by one) in A's address.
    let b = inA(walk, apiRequest("GET", route.path, theirs).path);
    if (route.path.includes(":text")) b = b.replace(/\/search\/[^/?]*/, `/search/${SENTINEL}`);
    const none = inA(walk, apiRequest("GET", route.path, theirs, true).path);
    const got = await walk.send(`${who} GET ${b}`, "GET", b, creds);
    check(got);
    if (b === none) return;
    const missing = await walk.send(`${who} GET ${none}`, "GET", none, creds);
    if (comparable(got) !== comparable(missing))
      failures.push(`${got.label} (B's ids) answered ${show(got)}; with ids no league has: ${show(missing)}`);
  });
  return { failures, walked, answers, ok };
}
