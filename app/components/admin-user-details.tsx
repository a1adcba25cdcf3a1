import { Link } from "react-router";
import { ClaimBadge, UserBadges } from "./user-badges";
import { lastLoginText } from "./user-flags";
import { EmptyState } from "./ui/empty-state";
import { DataTable, td, tdWrap, th } from "./ui/table";
import { useLeague } from "~/hooks/use-league";
import type { AdminUserDetail as UserDetail } from "~/.server/services/user-admin";

const link = "font-medium text-brand-800 underline-offset-2 hover:underline";

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
    ["Status", <UserBadges key="status" user={user} />],
    ["Last login", lastLoginText(user.lastLogin, timeZone)],
    ["Created", date(user.createdAt)],
    [
      "Player",
      user.linkedPlayerId ? (
        <Link key="player" to={`/players/${user.linkedPlayerId}`} className={link}>
          {user.linkedPlayerName ?? `#${user.linkedPlayerId}`}
        </Link>
      ) : (
        "–"
      ),
    ],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every claim the user made, newest first. */
export function UserClaims({ claims }: { claims: UserDetail["claims"] }) {
  const { date } = useLeague();
  if (claims.length === 0) return <EmptyState title="No claims." />;
  return (
    <DataTable
      caption="Claims by this user"
      pinFirst
      head={
        <tr>
          <th className={th}>Player</th>
          <th className={th}>Status</th>
          <th className={th}>Date</th>
          <th className={th}>Note</th>
        </tr>
      }
    >
      {claims.map((c) => (
        <tr key={c.id}>
          <td className={td}>
            <Link to={`/players/${c.playerId}`} className={link}>
              {c.firstName} {c.lastName}
            </Link>
          </td>
          <td className={td}>
            <ClaimBadge status={c.status} />
          </td>
          <td className={td}>{date(c.createdAt)}</td>
          <td className={tdWrap}>{c.note ?? ""}</td>
        </tr>
      ))}
    </DataTable>
  );
}
