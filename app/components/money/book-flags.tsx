import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { type BookFlag, MAX_FLAGS, flagHref, flagText } from "~/lib/money/book-flags";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// The books check's flags (ADR 22): money the sums balance but no entry, credit or refund
// accounts for, each in words with a link to where the admin decides.

export function BookFlags({ flags }: { flags: BookFlag[] }) {
  const urls = useLeagueUrls();
  return (
    <section aria-labelledby="reconcile-flags" className="min-w-0 space-y-3">
      <h3 id="reconcile-flags" className="font-semibold">
        Money to sort out
      </h3>
      {flags.length === 0 ? (
        <Alert tone="success" title="Nothing to sort out">
          Every PayPal refund is decided, all money received pays for an entry or came back as credit, no entry is paid more than its price,
          and credited payouts are current.
        </Alert>
      ) : (
        <>
          <Alert tone="warning" title={`${flags.length === 1 ? "1 thing" : `${flags.length} things`} to sort out`}>
            {flags.length >= MAX_FLAGS ? `The first ${MAX_FLAGS} are listed, newest round first.` : "Newest round first."}
          </Alert>
          <ul className="divide-y divide-line text-sm">
            {flags.map((f) => (
              <li
                key={`${f.kind}-${f.roundId}-${"entryId" in f ? f.entryId : "paymentId" in f ? f.paymentId : ""}`}
                className="flex flex-wrap items-baseline justify-between gap-2 py-2"
              >
                <span className="min-w-0">{flagText(f)}</span>
                <Link to={flagHref(f, urls)} className="shrink-0 font-medium text-brand-800 underline">
                  {f.kind === "refund-standing" ? "Decide" : "Sort it out"}
                  <span className="sr-only">
                    {" "}
                    ({f.playerName ? `${f.playerName}, ` : ""}
                    {f.roundName})
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
