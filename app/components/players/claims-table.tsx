import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { StatusBadge, claimStatus } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { TextAreaFormField } from "~/components/ui/form-field";
import { DataTable, stackWide, td, tdWrap, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import type { ClaimView } from "~/.server/services/players/claims";
import { fullName } from "~/lib/players/player-name";
import { formatMonthDay } from "~/lib/shared/time";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/**
 * Claims as the admin reviews them: Player, Status and the actions first (on a phone, the
 * top of each claim's block), then User, Note and Dates (C created, U updated, A approved,
 * R rejected). The actions post to the page's own action (app/routes/claim-decision.server.ts).
 */
export function ClaimsTable({ claims, caption }: { claims: ClaimView[]; caption: string }) {
  const { href } = useLeagueUrls();
  const { timeZone } = useLeague();
  const md = (d: number | null) => (d ? formatMonthDay(d, timeZone) : null);
  return (
    <DataTable
      caption={caption}
      stack
      head={
        <tr>
          <th className={th}>Player</th>
          <th className={th}>Status</th>
          <th className={th}>Actions</th>
          <th className={th}>User</th>
          <th className={th}>Note</th>
          <th className={th}>Dates</th>
        </tr>
      }
    >
      {claims.map((c) => (
        <tr key={c.id}>
          <td className={td}>
            <Link to={href(`/players/${c.playerId}`)} className="font-medium text-brand-800 hover:underline">
              {c.firstName} {c.lastName}
            </Link>
            <span className="ml-1 text-xs text-muted">#{c.playerId}</span>
          </td>
          <td className={td} data-label="Status">
            <StatusBadge status={claimStatus(c.status)} />
          </td>
          <td className={`${td} ${stackWide}`}>
            <ClaimActions claim={c} />
          </td>
          <td className={td} data-label="User">
            <Link to={href(`/admin/user/${c.userId}`)} className="text-brand-800 hover:underline">
              {c.userName}
            </Link>
            <span className="ml-1 text-xs text-muted">#{c.userId}</span>
          </td>
          <td className={tdWrap} data-label="Note">
            {c.note}
          </td>
          <td className={`${td} text-xs tabular-nums text-muted`} data-label="Dates">
            {[
              ["C", md(c.createdAt)],
              ["U", md(c.updatedAt)],
              ["A", md(c.approvedAt)],
              ["R", md(c.rejectedAt)],
            ]
              .filter(([, v]) => v)
              .map(([k, v]) => `${k} ${v}`)
              .join(" · ")}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** What an admin can do with a claim in its state: approve, reject, conflict; un-link an approved one. */
function ClaimActions({ claim }: { claim: ClaimView }) {
  const busy = useNavigation().state === "submitting";
  const open = claim.status === "pending" || claim.status === "conflict";
  const fields = { claimId: claim.id };
  const who = fullName(claim);
  if (claim.status === "approved") {
    return (
      <div className="flex gap-2">
        <ConflictDialog claim={claim} />
        <ConfirmDialog
          trigger="Un-link"
          size="sm"
          tone="danger"
          title={`Un-link ${who}?`}
          description="Are you sure you want to un-link this player?"
          confirmLabel="Un-link"
          intent="unlink"
          fields={fields}
          disabled={busy}
        />
      </div>
    );
  }
  if (!open) return <span className="text-xs text-muted">–</span>;
  return (
    <div className="flex gap-2">
      <Form method="post" className="contents">
        <input type="hidden" name="claimId" value={claim.id} />
        <Button type="submit" name="intent" value="approve" size="sm" disabled={busy} aria-label={`Approve ${who}`}>
          Approve
        </Button>
        <Button type="submit" name="intent" value="reject" size="sm" variant="secondary" disabled={busy} aria-label={`Reject ${who}`}>
          Reject
        </Button>
      </Form>
      {claim.status === "pending" ? <ConflictDialog claim={claim} /> : null}
    </div>
  );
}

/** Conflict needs a note (the user reads it): the submit waits for one. */
function ConflictDialog({ claim }: { claim: ClaimView }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Mark as conflict"
      description={`Say what is in doubt about ${claim.userName}'s claim on ${fullName(claim)}. The user sees this note.`}
      trigger={
        <Button size="sm" variant="secondary">
          Conflict
        </Button>
      }
    >
      <Form method="post" onSubmit={() => setOpen(false)}>
        <input type="hidden" name="intent" value="conflict" />
        <input type="hidden" name="claimId" value={claim.id} />
        <TextAreaFormField label="Note" name="note" required maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        <DialogActions>
          <DialogCancel />
          <Button type="submit" disabled={note.trim() === "" || busy}>
            Mark conflict
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
