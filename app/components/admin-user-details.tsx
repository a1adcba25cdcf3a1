import { Link } from "react-router";
import { DataTable as Table, td, th } from "./ui/table";
import { lastLoginText, yesNo } from "./user-flags";
import { useLeague } from "~/hooks/use-league";
import type { AdminUserDetail as UserDetail } from "~/.server/services/user-admin";

/** The fields of one user as the admin sees them. */
export function UserFields({ user }: { user: UserDetail }) {
  const { date, timeZone } = useLeague();
  const rows: [string, React.ReactNode][] = [
    ["User id", user.id],
    [
      "Email",
      <span key="email" className="break-all">
        {user.email}
      </span>,
    ],
    ["Last login", lastLoginText(user.lastLogin, timeZone)],
    ["Created", date(user.createdAt)],
    ["Locked", yesNo(user.locked)],
    ["Admin", yesNo(user.isAdmin)],
    ["Claim status", user.claimStatus ?? "–"],
    [
      "Player",
      user.linkedPlayerId ? (
        <Link key="player" to={`/players/${user.linkedPlayerId}`} className="text-brand-700 underline">
          {user.linkedPlayerName ?? `#${user.linkedPlayerId}`}
        </Link>
      ) : (
        "–"
      ),
    ],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every claim the user made, newest first. */
export function UserClaims({ claims }: { claims: UserDetail["claims"] }) {
  const { date } = useLeague();
  if (claims.length === 0) return <p className="text-slate-600">No claims.</p>;
  return (
    <Table
      caption="Claims by this user"
      head={
        <tr>
          <th className={th}>Date</th>
          <th className={th}>Player</th>
          <th className={th}>Status</th>
          <th className={th}>Note</th>
        </tr>
      }
    >
      {claims.map((c) => (
        <tr key={c.id}>
          <td className={td}>{date(c.createdAt)}</td>
          <td className={td}>
            <Link to={`/players/${c.playerId}`} className="text-brand-700 hover:underline">
              {c.firstName} {c.lastName}
            </Link>
          </td>
          <td className={td}>{c.status}</td>
          <td className={td}>{c.note ?? ""}</td>
        </tr>
      ))}
    </Table>
  );
}
