import { isRouteErrorResponse } from "react-router";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";

/**
 * A season page's error boundary (the rounds, the standings): the error's own message (a
 * season that does not exist says so), and the way back to this season's page.
 */
export function SeasonLoadError({ error, what }: { error: unknown; what: "rounds" | "standings" }) {
  const message = isRouteErrorResponse(error)
    ? (error.data?.message ?? error.statusText)
    : `The ${what} could not be loaded. Please try again.`;
  return (
    <>
      <PageHeader title={what === "rounds" ? "Rounds" : "Standings"} />
      <div className="space-y-4">
        <Alert tone="error">{message}</Alert>
        <ButtonLink to={`/${what}`} variant="primary">
          This season's {what}
        </ButtonLink>
      </div>
    </>
  );
}
