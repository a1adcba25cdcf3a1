import { Form, data } from "react-router";
import type { Route } from "./+types/admin-payments";
import { ListLoadError } from "~/components/layout/load-error";
import { PaymentsTable } from "~/components/money/payments-table";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectFormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { Pager } from "~/components/ui/pager";
import { requireCapability } from "~/.server/auth/guards";
import { routeServices } from "~/.server/route-context";
import { PAYMENTS_PAGE_SIZE, paymentChoices, paymentsPage } from "~/.server/services/money/payments";
import { pageMeta } from "~/lib/shared/meta";
import { PAGE_ERROR, pageParam } from "~/lib/shared/paging";
import { idSchema } from "~/schemas/ids";
import { useLeagueUrls } from "~/hooks/use-league-urls";

const optionalId = (raw: string | null, what: string) => {
  const parsed = idSchema(what).safeParse(raw ?? "");
  return parsed.success ? parsed.data : undefined;
};

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db } = routeServices(context);
  const url = new URL(request.url);
  const page = pageParam(url.searchParams);
  if (page === null) throw data({ message: PAGE_ERROR }, { status: 400 });
  const roundId = optionalId(url.searchParams.get("round"), "round id");
  const userId = optionalId(url.searchParams.get("user"), "user id");
  // A page at a time (a league's seasons are thousands of payments); the filters offer
  // every round and user with a payment, however old.
  const [shown, choices] = await Promise.all([
    paymentsPage(db, { roundId, userId }, { page, pageSize: PAYMENTS_PAGE_SIZE }),
    paymentChoices(db),
  ]);
  return { payments: shown.rows, paging: shown.page, ...choices, roundId: roundId ?? null, userId: userId ?? null };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Payments");

/** One filter of the list: every choice the payments hold, or all. */
function FilterSelect(props: { label: string; name: string; all: string; value: number | null; options: { id: number; label: string }[] }) {
  return (
    <div className="min-w-48">
      <SelectFormField label={props.label} name={props.name} defaultValue={props.value ?? ""}>
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </SelectFormField>
    </div>
  );
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { payments, paging, rounds, users, roundId, userId } = loaderData;
  const pastTheEnd = payments.length === 0 && paging.total > 0;
  return (
    <>
      <PageHeader title="Payments" subtitle="Every sign-up's payment, by league credit, PayPal or cash at the course, newest first." />
      <div className="space-y-4">
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter payments">
          <FilterSelect label="Round" name="round" all="All rounds" value={roundId} options={rounds} />
          <FilterSelect label="User" name="user" all="All users" value={userId} options={users} />
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </Form>
        {pastTheEnd ? (
          <EmptyState title="No payments on this page" action={<ButtonLink to={href("/admin/payments")}>Newest payments</ButtonLink>}>
            The list has {paging.pages} {paging.pages === 1 ? "page" : "pages"}.
          </EmptyState>
        ) : payments.length === 0 ? (
          <EmptyState title="No data" />
        ) : (
          <PaymentsTable payments={payments} />
        )}
        {/* Past the end, the empty state's button goes back to the newest: no "Newer" one page back. */}
        {pastTheEnd ? null : <Pager page={paging} label="Payment pages" />}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { href } = useLeagueUrls();
  return (
    <ListLoadError
      error={error}
      title="Payments"
      loadTitle="Error loading payments"
      refused={PAGE_ERROR}
      back={{ to: href("/admin/payments"), label: "Newest payments" }}
    />
  );
}
