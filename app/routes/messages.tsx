import { Link } from "react-router";
import type { Route } from "./+types/messages";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { MESSAGES_KEPT_DAYS } from "~/lib/messages/kinds";
import { pageMeta } from "~/lib/shared/meta";
import { rootHref } from "~/lib/shared/league-url";
import { requireUser } from "~/.server/auth/guards";
import { routeServices } from "~/.server/route-context";
import { messagesPage } from "~/.server/pages/messages";

// /messages: what every league told the signed-in account in the last MESSAGES_KEPT_DAYS
// (ADR 49), newest first, each with how it reached them. The deployment's page: one list
// across the account's leagues. Private like every signed-in page: the Worker's response
// policy answers it `private, no-store` (ADR 8, 11), and it names no table to cache it by.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Messages");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = requireUser(context, request);
  const { db, env } = routeServices(context);
  return messagesPage(db, user.id, env);
}

const link = "font-medium text-brand-800 underline underline-offset-2";

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Messages" subtitle={`What your leagues sent you in the last ${MESSAGES_KEPT_DAYS} days, newest first.`} />
      {items.length === 0 ? (
        <EmptyState title={`No messages in the last ${MESSAGES_KEPT_DAYS} days.`}>
          How each league tells you is on its preferences, from your{" "}
          <Link to={rootHref("/profile")} className={link}>
            profile
          </Link>
          .
        </EmptyState>
      ) : (
        <ol className="space-y-4" aria-label="Messages, newest first">
          {items.map((m) => (
            <li key={m.messageId}>
              <article
                id={`m${m.messageId}`}
                aria-labelledby={`m${m.messageId}-title`}
                className="scroll-mt-4 rounded-xl border border-line bg-surface p-4 shadow-sm target:ring-2 target:ring-brand-600 sm:p-5"
              >
                <p className="text-sm text-muted">
                  <span className="font-semibold text-ink">{m.league}</span> ·{" "}
                  <time dateTime={new Date(m.at * 1000).toISOString()}>{m.when}</time>
                </p>
                <h2 id={`m${m.messageId}-title`} className="mt-1 font-display text-xl font-semibold tracking-wide break-words">
                  {m.title}
                </h2>
                <p className="mt-2 whitespace-pre-line break-words">{m.body}</p>
                <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <Link to={m.url} className={`${link} inline-flex min-h-11 items-center`}>
                    Open
                    <span className="sr-only">: {m.title}</span>
                  </Link>
                  <p className="text-sm text-muted">
                    <span className="sr-only">How it reached you: </span>
                    {m.how}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
