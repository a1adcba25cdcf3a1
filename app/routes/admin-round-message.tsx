import { useEffect, useRef, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";
import type { Route } from "./+types/admin-round-message";
import { Alert, FormAlert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { CheckboxFormField, SelectFormField, TextAreaFormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { EmptyState } from "~/components/ui/empty-state";
import { useLeague } from "~/hooks/use-league";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { requireCapability } from "~/.server/auth/guards";
import { handleForm } from "~/.server/forms";
import { deliverMessage, handOver } from "~/.server/follow-ups";
import { adminMessagePage } from "~/.server/pages/admin-round-message";
import { vapidOf } from "~/.server/push/config";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { previewReach, sendOrganiserMessage } from "~/.server/services/messages/organiser-messages";
import { type Audience, AUDIENCES, MESSAGE_MAX_CHARS, PUSH_CHARS } from "~/lib/messages/kinds";
import { AUDIENCE_LABELS, FIRST_PICK, type ReachPreview, organiserStatusWords, previewLine } from "~/lib/messages/organiser";
import type { FormOutcome } from "~/lib/shared/form-data";
import { pageMeta } from "~/lib/shared/meta";
import { formatDateTime } from "~/lib/shared/time";
import { MessageFormSchema } from "~/schemas/organiser-messages";

// "Message players" (ADR 49): an organiser writes to an audience of a round — everyone, the
// signed-up, a division, a card, those still owing, those not checked in, the waitlist — by
// push and/or mail, sees whom it will reach before sending, can send a test to themself, and
// reads below what became of each copy. The page's key makes a double tap one message.

type Answer = FormOutcome & { preview?: ReachPreview; audience?: Audience; sent?: number };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireCapability(context, request, "runNight");
  const id = await routeId(params.roundId, "round id");
  const { db, env } = routeServices(context);
  const page = await orRouteError(adminMessagePage(db, id, { pushReady: vapidOf(env) !== null }));
  // A fresh key with every load: a send made, the page's next one is another message.
  return { ...page, key: crypto.randomUUID() };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const session = requireCapability(context, request, "runNight");
  const roundId = await routeId(params.roundId, "round id");
  const { db, env, league } = routeServices(context);
  return handleForm(request, MessageFormSchema, async (input): Promise<Answer> => {
    const pick = { audience: input.audience, division: input.division, cardId: input.cardId, push: input.push, mail: input.mail };
    if (input.intent === "preview") {
      return { preview: await previewReach(db, roundId, pick, { pushReady: vapidOf(env) !== null }), audience: input.audience };
    }
    const key = input.key ?? crypto.randomUUID();
    const test = input.intent === "test";
    const sent = await sendOrganiserMessage(db, league, roundId, {
      ...pick,
      body: input.body,
      key,
      test,
      sender: { id: session.user.id, name: session.user.name },
    });
    if (sent.made) handOver(db, [deliverMessage(key)]);
    const who = sent.reach === 1 ? "1 player" : `${sent.reach} players`;
    return { success: test ? "Test sent to you." : `Sent to ${who}. What becomes of each copy shows below.`, sent: sent.id };
  });
}

/** A preview changes nothing: the page is not read again for it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "preview") return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? `Message players · ${args.loaderData.round.name}` : "Message players");

const count = (n: number) => n.toLocaleString("en-US");

export default function AdminRoundMessage({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { timeZone } = useLeague();
  const { round, cards, divisions, log, key } = loaderData;
  const previewer = useFetcher<Answer>();
  const sender = useFetcher<Answer>();
  const form = useRef<HTMLFormElement>(null);
  const [audience, setAudience] = useState<Audience>(FIRST_PICK.audience);
  const [text, setText] = useState("");
  const preview = previewer.data?.preview ?? loaderData.preview;
  const shownAudience = previewer.data?.audience ?? FIRST_PICK.audience;
  const length = [...text.trim()].length;
  const over = length > MESSAGE_MAX_CHARS;
  const busy = sender.state !== "idle";

  // After a send the text is cleared for the next message (the page's key is a new one).
  const sentId = sender.data?.sent;
  useEffect(() => {
    if (sentId !== undefined && sender.state === "idle" && !sender.data?.formError) setText("");
  }, [sentId, sender.state, sender.data?.formError]);

  // A choice changed: the preview is asked again once the form shows it (a division's or a card's select appears first).
  const [changed, setChanged] = useState(0);
  const submitPreview = previewer.submit;
  useEffect(() => {
    if (changed === 0 || !form.current) return;
    const fields = new FormData(form.current);
    fields.set("intent", "preview");
    submitPreview(fields, { method: "post" });
  }, [changed, submitPreview]);

  const needsDivision = audience === "division";
  const needsCard = audience === "card";
  const errors = sender.data?.fieldErrors ?? previewer.data?.fieldErrors ?? {};
  const formError = sender.data?.formError ?? previewer.data?.formError;

  return (
    <>
      <PageHeader
        title="Message players"
        subtitle={`${round.name} · ${formatDateTime(round.startsAt, timeZone)}`}
        actions={
          <>
            <ButtonLink to={href(`/admin/round/night/${round.id}`)}>League night</ButtonLink>
            <ButtonLink to={href(`/admin/round/play/${round.id}`)}>Entries</ButtonLink>
          </>
        }
      />
      <div className="space-y-6">
        <Panel title="Write a message" titleId="write">
          <sender.Form
            method="post"
            ref={form}
            className="space-y-4"
            onChange={(e) => {
              if ((e.target as HTMLElement).tagName !== "TEXTAREA") setChanged((n) => n + 1);
            }}
          >
            <input type="hidden" name="key" value={key} />
            <SelectFormField
              label="Who gets it"
              name="audience"
              value={audience}
              onChange={(e) => setAudience(e.target.value as Audience)}
              error={errors.audience}
            >
              {AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {AUDIENCE_LABELS[a]}
                </option>
              ))}
            </SelectFormField>
            {needsDivision ? (
              <SelectFormField label="Division" name="division" defaultValue={divisions[0] ?? ""} error={errors.division}>
                {divisions.length === 0 ? <option value="">No one has signed up yet</option> : null}
                {divisions.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </SelectFormField>
            ) : null}
            {needsCard ? (
              <SelectFormField label="Card" name="cardId" defaultValue={cards[0]?.id ?? ""} error={errors.cardId}>
                {cards.length === 0 ? <option value="">No cards made yet</option> : null}
                {cards.map((c) => (
                  <option key={c.id} value={c.id}>
                    Card {c.number}
                  </option>
                ))}
              </SelectFormField>
            ) : null}
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium">Send by</legend>
              <div className="flex flex-wrap gap-x-6">
                <CheckboxFormField label="Push" name="push" defaultChecked />
                <CheckboxFormField label="Mail" name="mail" defaultChecked />
              </div>
            </fieldset>
            <TextAreaFormField
              label="Message"
              name="body"
              rows={5}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={errors.body ?? (over ? `At most ${count(MESSAGE_MAX_CHARS)} characters` : undefined)}
              hint={
                <>
                  <span aria-live="polite">
                    {count(length)} of {count(MESSAGE_MAX_CHARS)}
                  </span>
                  {` · A push shows the first ${PUSH_CHARS} characters; the rest opens with it.`}
                </>
              }
            />
            <p className="text-sm" aria-live="polite" data-testid="message-preview">
              {previewer.state !== "idle" ? "Counting…" : previewLine(preview, shownAudience)}
            </p>
            <FormAlert message={formError ?? errors.form} />
            {sender.data?.success ? <Alert tone="success">{sender.data.success}</Alert> : null}
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button type="submit" name="intent" value="test" variant="secondary" disabled={busy || length === 0 || over}>
                Send a test to me
              </Button>
              <Button
                type="submit"
                name="intent"
                value="send"
                variant="primary"
                disabled={busy || length === 0 || over || preview.reach === 0}
              >
                {`Send to ${count(preview.reach)} ${preview.reach === 1 ? "player" : "players"}`}
              </Button>
            </div>
          </sender.Form>
        </Panel>
        <Panel title="Sent for this round" titleId="sent">
          {log.length === 0 ? (
            <EmptyState title="No messages yet">What you send for this round shows here, with what became of each copy.</EmptyState>
          ) : (
            <ol className="space-y-4">
              {log.map((m) => (
                <li key={m.id} className="rounded-lg border border-line p-3">
                  <p className="text-sm text-muted">
                    {formatDateTime(m.createdAt, timeZone)} · {m.audience ?? "Message"}
                    {m.sender ? ` · ${m.sender}` : ""} · {[m.push ? "push" : null, m.mail ? "mail" : null].filter(Boolean).join(" and ")}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
                  <details className="mt-2">
                    <summary className="min-h-11 cursor-pointer content-center text-sm font-medium">
                      {m.recipients.length === 1 ? "1 recipient" : `${m.recipients.length} recipients`}
                    </summary>
                    <ul className="divide-y divide-line text-sm">
                      {m.recipients.map((r) => (
                        <li key={r.userId} className="flex flex-wrap justify-between gap-x-3 py-2">
                          <span className="font-medium">{r.name}</span>
                          <span className="text-muted">{organiserStatusWords(r.status, r.detail)}</span>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
    </>
  );
}
