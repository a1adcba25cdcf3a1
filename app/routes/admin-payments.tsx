import { Form } from "react-router";
import type { Route } from "./+types/admin-payments";
import { LoadError } from "~/components/load-error";
import { PaymentsTable } from "~/components/payments-table";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { requireAdmin } from "~/.server/auth/guards";
import { routeServices } from "~/.server/route-context";
import { listPayments } from "~/.server/services/money/payments";
import { pageMeta } from "~/lib/meta";
import { idSchema } from "~/schemas/ids";

const optionalId = (raw: string | null, what: string) => {
  const parsed = idSchema(what).safeParse(raw ?? "");
  return parsed.success ? parsed.data : undefined;
};

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db } = routeServices(context);
  const url = new URL(request.url);
  const roundId = optionalId(url.searchParams.get("round"), "round id");
  const userId = optionalId(url.searchParams.get("user"), "user id");
  const [all, shown] = await Promise.all([listPayments(db), roundId || userId ? listPayments(db, { roundId, userId }) : null]);
  // The filters offer what the payments hold: each round and each user once.
  const rounds = [...new Map(all.map((p) => [p.roundId, { id: p.roundId, label: p.roundName, startsAt: p.roundDate }])).values()].sort(
    (a, b) => b.startsAt - a.startsAt,
  );
  const users = [
    ...new Map(all.flatMap((p) => (p.userId ? [[p.userId, { id: p.userId, label: p.userName ?? "" }] as const] : []))).values(),
  ].sort((a, b) => a.label.localeCompare(b.label));
  return { payments: shown ?? all, rounds, users, roundId: roundId ?? null, userId: userId ?? null };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Payments");

/** One filter of the list: every choice the payments hold, or all. */
function FilterSelect(props: { label: string; name: string; all: string; value: number | null; options: { id: number; label: string }[] }) {
  return (
    <div className="min-w-48">
      <SelectField label={props.label} name={props.name} defaultValue={props.value ?? ""}>
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { payments, rounds, users, roundId, userId } = loaderData;
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
        {payments.length === 0 ? <EmptyState title="No data" /> : <PaymentsTable payments={payments} />}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading payments" missing="Error loading payments" />;
}
