import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { FormField, SelectFormField } from "~/components/ui/form-field";
import { Panel } from "~/components/ui/panel";
import { DataTable, td, th } from "~/components/ui/table";
import { MemberNameCell } from "./member-name";
import { TransferOwnershipForm } from "./transfer-ownership-form";
import { type InviteRole, type LeagueRole, ROLE_LABELS } from "~/lib/accounts/roles";

// The league's members page (/admin/members, ADR 47): its join code and link, invitations by
// email, its members, and the owner's choices. Plain forms: each works by keyboard and
// without JavaScript; only "Copy" needs it.

const busyNow = () => useNavigation().state !== "idle";

/** The code big, the link to copy, and the owner's "New code" (or anyone's first code). */
export function JoinCodePanel({ code, link, canRenew }: { code: string | null; link: string | null; canRenew: boolean }) {
  const busy = busyNow();
  const [copied, setCopied] = useState(false);
  return (
    <Panel title="Join code" titleId="join-code-title">
      {code && link ? (
        <div className="space-y-3">
          <p className="font-mono text-4xl font-semibold tracking-[0.3em]">
            <span className="sr-only">Join code </span>
            {code}
          </p>
          <p className="text-sm text-muted">Players type it at the join page, or open the link, and join with one tap.</p>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <FormField label="Join link" name="joinLink" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
            </div>
            <Button
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(() => setCopied(true));
              }}
            >
              {copied ? "Copied" : "Copy link"}
            </Button>
          </div>
          {canRenew ? (
            <ConfirmDialog
              trigger="New code"
              title="Make a new code?"
              description="The code and link you shared stop working at once: only the new one lets players join."
              confirmLabel="Make a new code"
              intent="newCode"
              disabled={busy}
            />
          ) : null}
        </div>
      ) : (
        <Form method="post" className="space-y-3">
          <p className="text-sm text-muted">This league has no join code yet.</p>
          <input type="hidden" name="intent" value="newCode" />
          <Button type="submit" variant="primary" disabled={busy}>
            Make a join code
          </Button>
        </Form>
      )}
    </Panel>
  );
}

export type PendingRow = { id: number; email: string; role: InviteRole; invitedBy: string | null; expiresAt: number };

/** Inviting by email (the roles the viewer may offer), and the invitations still open, each with Cancel. */
export function InvitePanel({
  roles,
  pending,
  errors,
  date,
}: {
  roles: readonly InviteRole[];
  pending: PendingRow[];
  errors: Record<string, string>;
  date: (at: number) => string;
}) {
  const busy = busyNow();
  return (
    <Panel title="Invite by email" titleId="invite-title">
      <Form method="post" noValidate className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <input type="hidden" name="intent" value="invite" />
        <FormField label="Email" name="email" type="email" required autoComplete="off" error={errors.email} />
        <SelectFormField label="As" name="role" defaultValue="player" error={errors.role}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectFormField>
        <Button type="submit" variant="primary" disabled={busy}>
          Send invitation
        </Button>
      </Form>
      {pending.length > 0 ? (
        <div className="mt-4">
          <DataTable
            caption="Invitations not yet accepted"
            head={
              <tr>
                <th className={th}>Email</th>
                <th className={th}>As</th>
                <th className={th}>Until</th>
                <th className={th}>Action</th>
              </tr>
            }
          >
            {pending.map((i) => (
              <tr key={i.id}>
                <td className={`${td} break-all`}>{i.email}</td>
                <td className={td}>{ROLE_LABELS[i.role]}</td>
                <td className={td}>{date(i.expiresAt)}</td>
                <td className={td}>
                  {roles.includes(i.role) ? (
                    <ConfirmDialog
                      trigger="Cancel"
                      triggerLabel={`Cancel the invitation to ${i.email}`}
                      title={`Cancel the invitation to ${i.email}?`}
                      description="Its link stops working at once."
                      confirmLabel="Cancel invitation"
                      intent="cancelInvite"
                      fields={{ id: i.id }}
                      tone="danger"
                      disabled={busy}
                    />
                  ) : (
                    <span className="text-sm text-muted">–</span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      ) : null}
    </Panel>
  );
}

export type MemberRow = { userId: number; name: string; email: string; role: LeagueRole };

/** Everyone who belongs to the league by a membership: staff first, then its players. */
export function MembersList({ members }: { members: MemberRow[] }) {
  return (
    <Panel title={`Members (${members.length})`} titleId="members-title">
      <DataTable
        caption="Members of this league"
        head={
          <tr>
            <th className={th}>Name</th>
            <th className={th}>Role</th>
          </tr>
        }
      >
        {members.map((m) => (
          <tr key={m.userId}>
            <MemberNameCell name={m.name} email={m.email} />
            <td className={td}>{ROLE_LABELS[m.role]}</td>
          </tr>
        ))}
      </DataTable>
    </Panel>
  );
}

/** The owner's section: the front door, passing the league on, closing it. */
export function OwnerPanel({
  name,
  shown,
  others,
  errors,
}: {
  name: string;
  shown: boolean;
  others: MemberRow[];
  errors: Record<string, string>;
}) {
  const busy = busyNow();
  const [typed, setTyped] = useState("");
  return (
    <Panel title="Owner" titleId="owner-title">
      <div className="grid gap-6 md:grid-cols-2">
        <Form method="post" className="grid content-start gap-3" aria-labelledby="front-door-title">
          <h3 id="front-door-title" className="font-semibold">
            Front door
          </h3>
          <input type="hidden" name="intent" value="showOnFrontDoor" />
          <p className="text-sm text-muted">
            {shown ? "The league list shows this league." : "The league list leaves this league off; its address and code still work."}
          </p>
          <input type="hidden" name="show" value={shown ? "off" : "on"} />
          <Button type="submit" disabled={busy}>
            {shown ? "Leave it off the league list" : "Show this league on the front door"}
          </Button>
        </Form>
        {others.length > 0 ? (
          <TransferOwnershipForm
            others={others.map((m) => ({ userId: m.userId, name: m.name, role: ROLE_LABELS[m.role] }))}
            errors={errors}
            busy={busy}
            titleId="members-transfer-title"
            className="grid content-start gap-3"
          />
        ) : null}
        <Form method="post" className="grid content-start gap-3 md:col-span-2" aria-labelledby="close-title">
          <h3 id="close-title" className="font-semibold">
            Close the league
          </h3>
          <p className="text-sm text-muted">
            A closed league is read-only for good: its rounds, results and money stay to read, nobody can join, and it cannot be reopened.
          </p>
          <input type="hidden" name="intent" value="closeLeague" />
          <FormField
            label={`Type the league's name (${name}) to confirm`}
            name="confirm"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={errors.confirm}
          />
          <Button type="submit" variant="danger" disabled={busy}>
            Close the league
          </Button>
        </Form>
      </div>
    </Panel>
  );
}

/** A member's way out of the league (its /preferences): the owner passes the league on first, so never sees it. */
export function LeaveLeaguePanel({ league }: { league: string }) {
  const busy = busyNow();
  return (
    <Panel title="Leave this league" titleId="leave-title">
      <p className="mb-3 text-sm text-muted">
        You stop being a member of {league}. Your player record, its results and its money stay with the league.
      </p>
      <ConfirmDialog
        trigger="Leave this league"
        title={`Leave ${league}?`}
        description="You can join again with the league's code."
        confirmLabel="Leave"
        intent="leaveLeague"
        tone="danger"
        disabled={busy}
      />
    </Panel>
  );
}
