import { Link } from "react-router";
import type { Route } from "./+types/admin-users";
import { DataTable as Table, td, th } from "~/components/ui/table";
import { lastLoginText, yesNo } from "~/components/user-flags";
import { useLeague } from "~/hooks/use-league";
import { requireAdmin } from "~/.server/auth/guards";
import { routeServices } from "~/.server/route-context";
import { listUsers } from "~/.server/services/user-admin";

export const meta: Route.MetaFunction = () => [{ title: "Users" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db } = routeServices(context);
  return { users: await listUsers(db) };
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users } = loaderData;
  const { date, timeZone } = useLeague();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Users</h1>
      {users.length === 0 ? (
        <p className="text-slate-600">No users found</p>
      ) : (
        <Table
          caption="Registered users"
          head={
            <tr>
              <th className={th}>Name</th>
              <th className={th}>Email</th>
              <th className={th}>Last login</th>
              <th className={th}>Created</th>
              <th className={th}>Locked</th>
              <th className={th}>Admin</th>
              <th className={th}>Claim status</th>
            </tr>
          }
        >
          {users.map((u) => (
            <tr key={u.id} className={u.locked ? "bg-red-50" : undefined}>
              <td className={td}>
                <Link to={`/admin/user/${u.id}`} className="text-brand-700 hover:underline">
                  {u.name}
                </Link>
              </td>
              <td className={td}>{u.email}</td>
              <td className={td}>{lastLoginText(u.lastLogin, timeZone)}</td>
              <td className={td}>{date(u.createdAt)}</td>
              <td className={td}>{yesNo(u.locked)}</td>
              <td className={td}>{yesNo(u.isAdmin)}</td>
              <td className={td}>{u.claimStatus ?? "–"}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
