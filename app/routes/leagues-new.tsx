import { useEffect, useRef, useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/leagues-new";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField, SelectFormField, useFocusFirstInvalid } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useFormResult } from "~/hooks/use-form-result";
import { requireUser } from "~/.server/auth/guards";
import { clientAddress } from "~/.server/client-address";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { startLeague } from "~/.server/services/accounts/league-create";
import { suggestSlug } from "~/lib/leagues/suggest-slug";
import { leagueUrls } from "~/lib/shared/league-url";
import { pageMeta } from "~/lib/shared/meta";
import { StartLeagueSchema, TOWN_MAX } from "~/schemas/leagues";

// A signed-in user starts a league (ADR 46, 47): its name, its address (suggested from the
// name), its time zone (the browser's when it has one) and its town. The user is its owner
// and lands on its admin home, where the setup checklist says what to do next.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Start a league");

export const FALLBACK_ZONE = "America/Chicago";

/** Every IANA zone the runtime knows, the fallback among them. */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(FALLBACK_ZONE) ? zones : [FALLBACK_ZONE, ...zones].sort();
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return { zones: timeZones(), origin: new URL(request.url).origin };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { user } = requireUser(context, request);
  const { db } = routeServices(context);
  return handleForm(
    request,
    StartLeagueSchema,
    async (values) => {
      const made = await startLeague(db, values, user, clientAddress(request));
      return redirect(leagueUrls({ slug: made.slug, isDefault: false }).href("/admin"));
    },
    { unexpected: "The league could not be started. Please try again." },
  );
}

export default function LeaguesNew({ loaderData }: Route.ComponentProps) {
  const { zones, origin } = loaderData;
  const { formError, fieldErrors } = useFormResult();
  const busy = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, fieldErrors);
  const [slug, setSlug] = useState("");
  // Once the address is typed by hand, the name no longer changes it.
  const [slugTouched, setSlugTouched] = useState(false);
  const [zone, setZone] = useState(FALLBACK_ZONE);
  // The browser's own zone, when the list has it (read after hydration: the server cannot know it).
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own && zones.includes(own)) setZone(own);
  }, [zones]);
  const address = `${origin}${leagueUrls({ slug: slug || "your-league", isDefault: false }).href("/")}`;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Start a league" subtitle="You will be its owner. Courses, fees and the first round come next." />
      <Panel>
        <Form method="post" noValidate ref={form} className="space-y-4">
          <FormField
            label="League name"
            name="name"
            required
            maxLength={80}
            autoComplete="off"
            error={fieldErrors.name}
            onChange={(e) => {
              if (!slugTouched) setSlug(suggestSlug(e.currentTarget.value));
            }}
          />
          <FormField
            label="Address"
            name="slug"
            required
            maxLength={40}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={slug}
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.currentTarget.value.toLowerCase());
            }}
            error={fieldErrors.slug}
            hint={`Your league's pages: ${address}`}
          />
          <SelectFormField
            label="Time zone"
            name="time_zone"
            value={zone}
            onChange={(e) => setZone(e.currentTarget.value)}
            error={fieldErrors.time_zone}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll("_", " ")}
              </option>
            ))}
          </SelectFormField>
          <FormField
            label="Town (optional)"
            name="town"
            maxLength={TOWN_MAX}
            autoComplete="address-level2"
            error={fieldErrors.town}
            hint="Where the league plays, so players can find it."
          />
          <FormAlert message={formError} />
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? "Starting…" : "Start the league"}
          </Button>
        </Form>
      </Panel>
    </div>
  );
}
