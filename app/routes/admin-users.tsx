import { Link } from "react-router";
import type { Route } from "./+types/admin-users";
import { UserBadges } from "~/components/accounts/user-badges";
import { lastLoginText } from "~/components/accounts/user-flags";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, td, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { pageMeta } from "~/lib/shared/meta";
import { requireCapability, sessionCan } from "~/.server/auth/guards";
import { routeServices } from "~/.server/route-context";
import { handleForm, postedIntent } from "~/.server/forms";
import { addUser } from "~/.server/services/accounts/user-admin";
import { listLeaguePeople, listUsers } from "~/.server/services/accounts/user-list";
import { listMembers } from "~/.server/services/accounts/memberships";
import { AddUserForm } from "~/components/accounts/add-user-form";
import { RolesPanel } from "~/components/accounts/roles-panel";
import { FormAlert } from "~/components/ui/alert";
import { useFormResult } from "~/hooks/use-form-result";
import { AddUserFormSchema } from "~/schemas/admin-users";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { ROLE_INTENTS } from "~/schemas/memberships";
import { handleRolesForm } from "./roles-form.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Users");

// A league's admins see the league's people and its roles; the owner changes the roles; only
// the operator sees every account, adds accounts or acts on them (ADR 47).
export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  const operator = sessionCan(context, "manageAccounts");
  const [users, members] = await Promise.all([operator ? listUsers(db) : listLeaguePeople(db, league), listMembers(db, league.id)]);
  return { users, members, manageRoles: sessionCan(context, "manageRoles"), operator };
}

export async function action({ context, request }: Route.ActionArgs) {
  const intent = await postedIntent(request);
  if (ROLE_INTENTS.includes(intent)) {
    const session = requireCapability(context, request, "manageRoles");
    return handleRolesForm(request, routeServices(context), session.user);
  }
  requireCapability(context, request, "manageAccounts");
  const { db } = routeServices(context);
  return handleForm(
    request,
    AddUserFormSchema,
    async ({ name, email, password, isAdmin }) => {
      await addUser(db, { name, email, password, isAdmin });
      return { success: `Added ${name} (${email}).` };
    },
    { unexpected: "An error occurred. Please try again." },
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { users, members, manageRoles, operator } = loaderData;
  const { date, timeZone } = useLeague();
  const { success, formError, fieldErrors } = useFormResult();
  const locked = users.filter((u) => u.locked).length;
  return (
    <div>
      <PageHeader
        title="Users"
        subtitle={`${users.length} ${operator ? "registered" : "in this league"}${locked ? `, ${locked} locked` : ""}.${operator ? " Open a user to lock, reset or delete the account." : ""}`}
      />
      <div className="mb-6 space-y-6">
        <FormAlert message={formError} />
        <FormAlert tone="success" message={success} />
        <RolesPanel members={members} manage={manageRoles} errors={fieldErrors} />
        {operator ? <AddUserForm /> : null}
      </div>
      {users.length === 0 ? (
        <EmptyState title="No users found" />
      ) : (
        <DataTable
          caption={operator ? "Registered users" : "Users in this league"}
          pinFirst
          head={
            <tr>
              <th className={th}>Name</th>
              <th className={th}>Status</th>
              <th className={th}>Email</th>
              <th className={th}>Last login</th>
              <th className={th}>Created</th>
            </tr>
          }
        >
          {users.map((u) => (
            <tr key={u.id}>
              <td className={td}>
                <Link to={href(`/admin/user/${u.id}`)} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                  {u.name}
                </Link>
              </td>
              <td className={td}>
                <UserBadges user={u} />
              </td>
              <td className={td}>{u.email}</td>
              <td className={td}>{lastLoginText(u.lastLogin, timeZone)}</td>
              <td className={td}>{date(u.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
