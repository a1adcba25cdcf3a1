import { useRef } from "react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-round-form";
import { LoadError } from "~/components/layout/load-error";
import { RoundFormFields } from "~/components/rounds/round-form-fields";
import { StatusBadge } from "~/components/ui/badge";
import { FormAlert } from "~/components/ui/alert";
import { ButtonLink, SaveRow } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { ConfirmDialog } from "~/components/ui/dialog";
import { CheckboxFormField, useFocusFirstInvalid } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { requireCapability } from "~/.server/auth/guards";
import { handleForm, postedIntent } from "~/.server/forms";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { deleteRound, saveRound } from "~/.server/services/entries/round-admin";
import { editRoundFormReads, newRoundFormReads } from "~/.server/pages/admin-round-form";
import { courseChoices } from "~/lib/courses/layouts";
import { pageMeta } from "~/lib/shared/meta";
import { defaultRoundDate, formatRoundWhen } from "~/lib/rounds/round-dates";
import { ROUND_FORM_DEFAULTS, moneyInputs, roundInputs } from "~/lib/rounds/round-values";
import { nowSeconds } from "~/lib/shared/time";
import { RoundDeleteFormSchema, roundEditFormSchema, roundFormSchema } from "~/schemas/round-form";
import { CapsForm } from "~/components/waitlist/caps-form";
import { WaitlistTable } from "~/components/waitlist/waitlist-table";
import { type CapsAnswer, handleCapsForm } from "./caps-form.server";
import { handedOver } from "~/.server/follow-ups";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { leagueUrls } from "~/lib/shared/league-url";

// One module for /admin/rounds/new (no roundId) and /admin/rounds/:roundId. Save and
// Delete go back to /admin/rounds, which says what was done; a refusal stays here.

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  if (params.roundId === undefined) {
    const { courses, settings, latest } = await newRoundFormReads(db);
    // A weekly league: the next round goes a week after the latest one, at the same place.
    const when = defaultRoundDate(latest?.startsAt ?? null, nowSeconds(), league.timeZone);
    // A league's first round: the layout added last (a new league's one course's "Main"), so
    // the organiser's first round needs no choice.
    const newest = courses
      .flatMap((c) => c.layouts.map((l) => ({ id: l.id, course: c.name })))
      .reduce<{ id: number; course: string } | null>((a, b) => (a === null || b.id > a.id ? b : a), null);
    const place = latest
      ? { location: latest.location ?? "", layout_id: latest.layoutId ? String(latest.layoutId) : "" }
      : { location: newest?.course ?? "", layout_id: newest ? String(newest.id) : "" };
    return {
      round: null,
      choices: courseChoices(courses),
      tags: { on: settings.bagTags !== "off", counts: settings.bagTags === "every" },
      doubles: false,
      inputs: { ...when, name: "", ...place, pdga_url: "", ...moneyInputs(ROUND_FORM_DEFAULTS) },
    };
  }
  const roundId = await routeId(params.roundId, "round id");
  const { courses, settings, round, caps } = await orRouteError(editRoundFormReads(db, roundId, nowSeconds()));
  const { id, name, startsAt, entryCount, openForRegistration, version } = round;
  return {
    round: { id, name, startsAt, entryCount, openForRegistration, version },
    choices: courseChoices(courses),
    tags: { on: settings.bagTags !== "off", counts: round.countsForTags },
    doubles: round.doubles,
    inputs: roundInputs(round, league.timeZone),
    // Field caps and the waitlist in order (ADR 28).
    caps,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.round ? `Edit ${args.loaderData.round.name}` : "New round");

export async function action({ context, request, params }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  const id = params.roundId === undefined ? null : await routeId(params.roundId, "round id");
  const intent = id === null ? null : await postedIntent(request);
  if (id !== null && intent === "caps") return handleCapsForm(request, db, id);
  if (id !== null && intent === "delete") {
    return handleForm(request, RoundDeleteFormSchema, async () => {
      await deleteRound(db, id);
      return redirect(leagueUrls(league).href("/admin/rounds?deleted=1"));
    });
  }
  const unexpected = "Update failed. Please try again.";
  if (id === null) {
    return handleForm(
      request,
      roundFormSchema(league.timeZone),
      async (values) => redirect(leagueUrls(league).href(`/admin/rounds?saved=${handedOver(db, await saveRound(db, null, values))}`)),
      {
        unexpected,
      },
    );
  }
  // A stored round is saved only over the version this form read (ADR 20).
  return handleForm(
    request,
    roundEditFormSchema(league.timeZone),
    async ({ values, version }) =>
      redirect(leagueUrls(league).href(`/admin/rounds?saved=${handedOver(db, await saveRound(db, id, values, version))}`)),
    { unexpected },
  );
}

function DeleteRound({ round, busy }: { round: { name: string; entryCount: number }; busy: boolean }) {
  const held =
    round.entryCount > 0 ? ` It has ${round.entryCount} ${round.entryCount === 1 ? "entry" : "entries"}: remove them first.` : "";
  return (
    <ConfirmDialog
      trigger="Delete"
      title={`Delete ${round.name}?`}
      description={`The round is removed from the schedule. This cannot be undone.${held}`}
      confirmLabel="Delete round"
      intent="delete"
      tone="danger"
      disabled={busy}
    />
  );
}

export default function AdminRoundForm({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { round, inputs, choices, caps, tags, doubles } = loaderData;
  const { timeZone } = useLeague();
  const { formError: posted, fieldErrors: postedFields, result } = useFormResult();
  // The caps form posts here too: its answer is its own (./caps-form.server.ts).
  const capsAnswer = (result as CapsAnswer | undefined)?.form === "caps" ? result : undefined;
  const formError = capsAnswer ? null : posted;
  const fieldErrors = capsAnswer ? {} : postedFields;
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, fieldErrors);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="max-w-3xl">
      <PageHeader
        title={round ? round.name : "New round"}
        subtitle={round ? `${formatRoundWhen(round.startsAt, timeZone)} · ${round.entryCount} entries` : "Schedule a round."}
        badge={round ? <StatusBadge status={round.openForRegistration ? "Open" : "Closed"} /> : undefined}
        actions={
          round ? (
            <>
              <ButtonLink to={href(`/admin/round/play/${round.id}`)}>Entries</ButtonLink>
              <ButtonLink to={href(`/admin/round/scores/${round.id}`)}>Scores</ButtonLink>
            </>
          ) : undefined
        }
      />
      <Panel>
        <Form method="post" noValidate ref={form} className="space-y-4">
          <input type="hidden" name="intent" value="save" />
          {round ? <input type="hidden" name="version" value={round.version} /> : null}
          <RoundFormFields inputs={inputs} errors={fieldErrors} timeZone={timeZone} choices={choices} />
          <CheckboxFormField
            label="Counts for tags"
            name="tags"
            defaultChecked={tags.counts}
            error={fieldErrors.tags}
            hint={
              tags.on
                ? "Its players swap bag tags by finish when its results are saved."
                : "Bag tags are off in the settings: the round swaps nothing until they are on."
            }
          />
          <CheckboxFormField
            label="Doubles"
            name="doubles"
            defaultChecked={doubles}
            error={fieldErrors.doubles}
            hint="Random-draw doubles: the night screen draws teams from who is checked in; a team plays one score and shares its payout."
          />
          {/* Beside the buttons, where the eye is after Save or Delete (a refused delete on a phone). */}
          <FormAlert message={formError} />
          <SaveRow cancelTo={href("/admin/rounds")} busy={busy} danger={round ? <DeleteRound round={round} busy={busy} /> : null} />
        </Form>
      </Panel>
      {round && caps ? (
        <div className="mt-6 space-y-6">
          <Panel title="Field caps" titleId="caps-title">
            <CapsForm version={round.version} inputs={caps.inputs} answer={capsAnswer} />
          </Panel>
          <section aria-labelledby="waitlist-title" className="space-y-2">
            <h2 id="waitlist-title" className="font-display text-2xl font-semibold tracking-wide">
              Waitlist
            </h2>
            <p className="text-sm text-muted">{caps.line}</p>
            <WaitlistTable rows={caps.list} />
          </section>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading round" missing="That round does not exist." />;
}
