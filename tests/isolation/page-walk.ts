// The page half of the walk: every page of a place as each persona, its HTML and its
// single-fetch data, with A's ids and with B's. B's ids must get what an id no league has
// gets (A's 404, or the guard's redirect), and no answer may show B's text.
import { PERSONAS, type Persona, SLUGS } from "./leagues";
import { missingCombo, pageCombos, pageUrl, pageValues, pagesAt } from "./routes";
import { type Answer, type Walk, comparable, dataUrl, inTurn, leaks } from "./walk";

export type WalkReport = { failures: string[]; walked: Set<string>; answers: number; ok: number };

const show = (a: Answer) => `${a.status}${a.location ? ` → ${a.location}` : ""} ${a.body.slice(0, 160).replace(/\s+/g, " ")}`;

/** Asks `url` and its data URL as `who`: the two answers. */
async function both(walk: Walk, who: Persona, url: string): Promise<[Answer, Answer]> {
  const creds = await walk.credentials(who, true);
  return Promise.all([walk.send(`${who} ${url}`, "GET", url, creds), walk.send(`${who} ${dataUrl(url)}`, "GET", dataUrl(url), creds)]);
}

export async function walkPages(walk: Walk): Promise<WalkReport> {
  const { a, a2, b } = walk.leagues;
  const ownValues = pageValues(walk.place === "root" ? a : a2, SLUGS.a2, "own");
  const bValues = pageValues(b, SLUGS.a2, "one");
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

  type Job = { route: string; who: Persona; url: string; missing: string | null };
  const jobs: Job[] = [];
  for (const route of pagesAt(walk.place)) {
    walked.add(route.id);
    const own = pageCombos(route, ownValues).map((combo) => pageUrl(route, combo));
    // B's ids in A's address (a page whose address takes none of B's has no such URL).
    const theirs = pageCombos(route, bValues)
      .map((combo) => ({ url: pageUrl(route, combo), missing: pageUrl(route, missingCombo(combo)) }))
      .filter((u) => !own.includes(u.url));
    for (const who of PERSONAS) {
      for (const url of own) jobs.push({ route: route.id, who, url, missing: null });
      for (const u of theirs) jobs.push({ route: route.id, who, url: u.url, missing: u.url === u.missing ? null : u.missing });
    }
  }
  await inTurn(jobs, async (job) => {
    const [html, data] = await both(walk, job.who, job.url);
    check(html);
    check(data);
    if (job.missing === null) return;
    // B's ids in A's address: A's answer for a row that is not there, for this persona.
    const [noHtml, noData] = await both(walk, job.who, job.missing);
    for (const [got, none] of [
      [html, noHtml],
      [data, noData],
    ] as const) {
      if (comparable(got) !== comparable(none) || got.location?.replace(/\d+/g, "#") !== none.location?.replace(/\d+/g, "#"))
        failures.push(`${got.label} (B's ids) answered ${show(got)}; with ids no league has: ${show(none)}`);
    }
  });
  return { failures, walked, answers, ok };
}
