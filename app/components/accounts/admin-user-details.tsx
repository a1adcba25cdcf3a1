import { Link } from "react-router";
import { UserBadges } from "./user-badges";
import { lastLoginText } from "./user-flags";
import { useLeague } from "~/hooks/use-league";
import type { AdminUserDetail as UserDetail } from "~/.server/services/accounts/user-list";
import { useLeagueUrls } from "~/hooks/use-league-urls";

const link = "font-medium text-brand-800 underline-offset-2 hover:underline";

/** The fields of one user as the admin sees them. */
export function UserFields({ user }: { user: UserDetail }) {
  const { href } = useLeagueUrls();
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
        <Link key="player" to={href(`/players/${user.linkedPlayerId}`)} className={link}>
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
