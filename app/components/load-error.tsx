import { isRouteErrorResponse } from "react-router";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";

/** A detail page's error boundary: its title ("Error loading round" …), and whether the record exists. */
export function LoadError({ error, title, missing }: { error: unknown; title: string; missing: string }) {
  const notThere = isRouteErrorResponse(error) && (error.status === 404 || error.status === 400);
  return (
    <>
      <PageHeader title={title} />
      <div className="space-y-4">
        <Alert tone="error">{notThere ? missing : "Please try again."}</Alert>
        <ButtonLink to="/rounds">Back to the rounds</ButtonLink>
      </div>
    </>
  );
}
