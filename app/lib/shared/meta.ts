// Every page's <title> is "Page · League name" and each public page has a description.
// The league's name comes from the root loader, which every page's match list holds.

type MetaArgs = { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] };

export function leagueNameOf(matches: MetaArgs["matches"]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { league?: { name?: string } } | undefined;
  return root?.league?.name ?? "Disc Golf League";
}

/** The page's title and, for public pages, its description, for a route's `meta` export. */
export function pageMeta(args: MetaArgs, title: string, description?: string) {
  const league = leagueNameOf(args.matches);
  const tags: ({ title: string } | { name: string; content: string })[] = [{ title: `${title} · ${league}` }];
  if (description) tags.push({ name: "description", content: description });
  return tags;
}
