import { data } from "react-router";
import type { Route } from "./+types/admin-settings";
import { SettingsForm } from "~/components/settings/settings-form";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { pageMeta } from "~/lib/shared/meta";
import { describeRule } from "~/lib/standings/standings-rule";
import { requireCapability } from "~/.server/auth/guards";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { badRequest } from "~/.server/errors";
import { DEFAULT_SETTINGS, type LeagueSettings, getLeagueSettings, saveSettingsForm } from "~/.server/services/settings/league-settings";
import { LeagueSettingsSchema } from "~/schemas/settings";

// The league's settings: the standings' points and the handicaps. Saving writes
// league_settings, which purges the cached standings, round and player pages (ADR 11).

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Settings");

export const SETTINGS_SAVED = "Settings saved. The standings now use them.";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db } = routeServices(context);
  return { settings: await getLeagueSettings(db) };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  const { db } = routeServices(context);
  // What was typed, so a refused form (without JavaScript too) shows it again beside its errors.
  const posted = await request
    .clone()
    .formData()
    .then((form) => Object.fromEntries([...form].filter((pair): pair is [string, string] => typeof pair[1] === "string")))
    .catch(() => ({}));
  const result = await handleForm(
    request,
    LeagueSettingsSchema,
    async (values, form) => {
      await saveSettingsForm(db, values, shownOf(form.get("shown")));
      return { success: SETTINGS_SAVED };
    },
    { unexpected: "Update failed. Please try again." },
  );
  if ("success" in result) return result;
  return data({ ...result.data, values: posted }, result.init ?? undefined);
}

/**
 * The settings the form showed when it was opened (its hidden "shown" field, the loader's
 * values as JSON): the save writes only what the admin changed from them. None: every
 * setting posted is written.
 */
function shownOf(field: FormDataEntryValue | null): LeagueSettings | null {
  if (field === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(String(field));
  } catch {}
  const parsed = LeagueSettingsSchema.safeParse(json);
  if (!parsed.success || Object.keys(DEFAULT_SETTINGS).some((name) => !(name in parsed.data))) {
    throw badRequest("The form could not be read. Please reload the page and try again.");
  }
  return parsed.data as LeagueSettings;
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const { success, formError, fieldErrors, result } = useFormResult<{ values: Record<string, string> }>();
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Settings"
        subtitle="How the standings count points, how handicaps are figured, how league nights run, and the league's divisions."
      />
      <p className="mb-4 text-sm text-muted">Now: {describeRule(settings)}</p>
      <SettingsForm
        values={result?.values ?? settings}
        shown={result?.values?.shown ?? JSON.stringify(settings)}
        errors={fieldErrors}
        formError={formError}
        success={success}
      />
    </div>
  );
}
