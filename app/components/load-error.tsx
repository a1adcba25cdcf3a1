import { isRouteErrorResponse } from "react-router";

/** A detail page's error boundary: its title ("Error loading round" …), and whether the record exists. */
export function LoadError({ error, title, missing }: { error: unknown; title: string; missing: string }) {
  const notThere = isRouteErrorResponse(error) && (error.status === 404 || error.status === 400);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <h1 className="text-lg font-semibold text-red-800">{title}</h1>
      <p className="text-sm text-red-700">{notThere ? missing : "Please try again."}</p>
    </div>
  );
}
