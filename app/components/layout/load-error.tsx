import { isRouteErrorResponse } from "react-router";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/** A detail page's error boundary: its title ("Error loading round" …), and whether the record exists. */
export function LoadError({ error, title, missing }: { error: unknown; title: string; missing: string }) {
  const { href } = useLeagueUrls();
  const notThere = isRouteErrorResponse(error) && (error.status === 404 || error.status === 400);
  return (
    <>
      <PageHeader title={title} />
      <div className="space-y-4">
        <Alert tone="error">{notThere ? missing : "Please try again."}</Alert>
        <ButtonLink to={href("/rounds")}>Back to the rounds</ButtonLink>
      </div>
    </>
  );
}

/**
 * A list page's error boundary: a 400 (a filter or page in its URL that the loader refused)
 * says what is wrong, with a link to the list as it first opens; any other error is
 * LoadError's, under `loadTitle`.
 */
export function ListLoadError(props: {
  error: unknown;
  title: string;
  loadTitle: string;
  refused: string;
  back: { to: string; label: string };
}) {
  const { error, title, loadTitle, refused, back } = props;
  if (!isRouteErrorResponse(error) || error.status !== 400) return <LoadError error={error} title={loadTitle} missing={loadTitle} />;
  return (
    <>
      <PageHeader title={title} />
      <div className="space-y-4">
        <Alert tone="error">{(error.data as { message?: string } | null)?.message ?? refused}</Alert>
        <ButtonLink to={back.to}>{back.label}</ButtonLink>
      </div>
    </>
  );
}
