import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { FormField, SelectFormField, useFocusFirstInvalid } from "~/components/ui/form-field";
import { Panel } from "~/components/ui/panel";
import { DataTable, td, th } from "~/components/ui/table";
import { MemberNameCell } from "./member-name";
import { TransferOwnershipForm } from "./transfer-ownership-form";
import { GRANTABLE_ROLES, type LeagueRole, ROLE_LABELS } from "~/lib/accounts/roles";

export type RoleRow = { userId: number; name: string; email: string; role: LeagueRole; grantedBy: string | null };

/**
 * The league's roles on /admin/users (ADR 47): who holds which, and for the owner (or the
 * operator) the forms to grant admin or director by email, take a role back, and pass the
 * league on. Plain forms, so each works by keyboard and without JavaScript.
 */
export function RolesPanel({ members, manage, errors }: { members: RoleRow[]; manage: boolean; errors: Record<string, string> }) {
  const busy = useNavigation().state !== "idle";
  const grant = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(grant, errors);
  const others = members.filter((m) => m.role !== "owner");
  return (
    <Panel title="Roles" titleId="roles-title">
      <p className="mb-3 text-sm text-muted">
        Directors run league nights; admins run the whole league; the owner also manages these roles.
      </p>
      <DataTable
        caption="Roles in this league"
        head={
          <tr>
            <th className={th}>Name</th>
            <th className={th}>Role</th>
            {manage ? <th className={th}>Action</th> : null}
          </tr>
        }
      >
        {members.map((m) => (
          <tr key={m.userId}>
            <MemberNameCell name={m.name} email={m.email} />
            <td className={td}>{ROLE_LABELS[m.role]}</td>
            {manage ? (
              <td className={td}>
                {m.role === "owner" ? (
                  <span className="text-sm text-muted">–</span>
                ) : (
                  <ConfirmDialog
                    trigger="Remove"
                    triggerLabel={`Remove ${m.name}'s role`}
                    title={`Remove ${m.name}'s role?`}
                    description={`${m.name} stays a player of the league but can no longer open its admin pages.`}
                    confirmLabel="Remove role"
                    intent="revokeRole"
                    fields={{ userId: m.userId }}
                    tone="danger"
                    disabled={busy}
                  />
                )}
              </td>
            ) : null}
          </tr>
        ))}
      </DataTable>
      {manage ? (
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <Form ref={grant} method="post" noValidate className="grid gap-3" aria-labelledby="grant-role-title">
            <h3 id="grant-role-title" className="font-semibold">
              Grant a role
            </h3>
            <input type="hidden" name="intent" value="grantRole" />
            <FormField label="Email" name="email" type="email" required autoComplete="off" error={errors.email} />
            <SelectFormField label="Role" name="role" defaultValue="director" error={errors.role}>
              {GRANTABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </SelectFormField>
            <Button type="submit" disabled={busy}>
              Grant role
            </Button>
          </Form>
          {others.length > 0 ? <TransferOwnershipForm others={others} errors={errors} busy={busy} titleId="transfer-title" /> : null}
        </div>
      ) : null}
    </Panel>
  );
}
