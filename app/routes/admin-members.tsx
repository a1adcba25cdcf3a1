import type { Route } from "./+types/admin-members";
import { InvitePanel, JoinCodePanel, MembersList, OwnerPanel } from "~/components/accounts/members-panels";
import { FormAlert } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { type Capability, INVITE_ROLES, can } from "~/lib/accounts/roles";
import { pageMeta } from "~/lib/shared/meta";
import { rootHref } from "~/lib/shared/league-url";
import { leagueUrls } from "~/lib/shared/league-url";
import { AppUrlError, linkOrigin } from "~/.server/app-url";
import { standingOf } from "~/.server/auth/current-user";
import { requireCapability, sessionCan } from "~/.server/auth/guards";
import { eq } from "drizzle-orm";
import { leagues } from "~/.server/db/schema";
import { handOver } from "~/.server/follow-ups";
import { forbidden } from "~/.server/errors";
import { handleForm, postedIntent } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { INVITE_MESSAGES, cancelInvite, createInvite, inviteCapability, pendingInvites } from "~/.server/services/accounts/invites";
import { setJoinCode } from "~/.server/services/accounts/join-codes";
import { closeLeague, setShownOnFrontDoor } from "~/.server/services/accounts/league-owner";
import { listMembers, transferOwnership } from "~/.server/services/accounts/memberships";
import { MembersFormSchema } from "~/schemas/league-members";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Members");

// {league}/admin/members (ADR 47): the league's join code and link, invitations by email, its
// members, and for the owner the front door, passing the league on, and closing it. Its
// admins open it (manageLeague); the owner's parts ask closeLeague or manageRoles again.

/** Where a link given to players points: APP_URL's origin as mail's, or the request's where mail is not set up. */
function shareOrigin(appUrl: string, requestUrl: string): string {
  const origin = new URL(requestUrl).origin;
  try {
    return linkOrigin(appUrl, origin);
  } catch (err) {
    if (err instanceof AppUrlError) return origin;
    throw err;
  }
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const session = requireCapability(context, request, "manageLeague");
  const { db, env, league } = routeServices(context);
  const [[row], pending, members] = await Promise.all([
    db.select({ code: leagues.joinCode, hidden: leagues.hiddenByOwner }).from(leagues).where(eq(leagues.id, league.id)),
    pendingInvites(db, league.id),
    listMembers(db, league.id, { players: true }),
  ]);
  const standing = standingOf(session);
  const code = row?.code ?? null;
  return {
    code,
    link: code ? leagueUrls(null, shareOrigin(env.APP_URL, request.url)).rootHref(`/join/${code}`) : null,
    shown: !(row?.hidden ?? false),
    pending,
    members,
    inviteRoles: INVITE_ROLES.filter((r) => can(standing, inviteCapability(r))),
    owner: sessionCan(context, "closeLeague"),
  };
}

/** The owner's forms: each asks its capability of the page's guard, as ADR 47's table says; the rest ask manageLeague. */
const OWNER_INTENTS: Readonly<Record<string, Capability>> = {
  showOnFrontDoor: "closeLeague",
  closeLeague: "closeLeague",
  transferOwnership: "manageRoles",
};

export async function action({ context, request }: Route.ActionArgs) {
  const session = requireCapability(context, request, OWNER_INTENTS[await postedIntent(request)] ?? "manageLeague");
  const { db, env, league } = routeServices(context);
  const standing = standingOf(session);
  const actor = { id: session.user.id, name: session.user.name };
  const owner = () => {
    if (!can(standing, "closeLeague")) throw forbidden(INVITE_MESSAGES.notYourRole);
  };
  return handleForm(request, MembersFormSchema, async (input) => {
    switch (input.intent) {
      case "invite": {
        const origin = new URL(request.url).origin;
        await createInvite(db, {
          league,
          standing,
          actor,
          email: input.email,
          role: input.role,
          jobs: env.JOBS,
          secret: env.SESSION_SECRET,
          origin,
        });
        return { success: `Invitation sent to ${input.email}. It works for ${14} days.` };
      }
      case "cancelInvite":
        await cancelInvite(db, { leagueId: league.id, standing, actor, id: input.id });
        return { success: "Invitation cancelled." };
      case "newCode": {
        // A league's first code is any admin's to make; a new one in its place is the owner's.
        const [row] = await db.select({ code: leagues.joinCode }).from(leagues).where(eq(leagues.id, league.id));
        if (row?.code) owner();
        const code = await setJoinCode(db, league.id, Boolean(row?.code));
        return { success: `The league's code is now ${code}.` };
      }
      case "showOnFrontDoor": {
        const { hidden } = await setShownOnFrontDoor(db, league.id, input.show === "on", actor);
        return { success: hidden ? "The league list leaves this league off." : "The league list shows this league." };
      }
      case "transferOwnership": {
        const { name } = await transferOwnership(db, league.id, actor, input.userId);
        return { success: `${name} now owns the league. You stay on as an admin.` };
      }
      case "closeLeague": {
        const closed = await closeLeague(db, league, input.confirm, actor);
        handOver(db, closed.followUps);
        return { success: `${league.name} is closed.` };
      }
    }
  });
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { code, link, shown, pending, members, inviteRoles, owner } = loaderData;
  const { name, date } = useLeague();
  const { success, formError, fieldErrors } = useFormResult();
  const players = members.filter((m) => m.role === "player").length;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Members"
        subtitle={`${members.length} ${members.length === 1 ? "member" : "members"}, ${players} joined as ${players === 1 ? "a player" : "players"}. Share the code, or invite by email.`}
      />
      <FormAlert message={formError} />
      <FormAlert tone="success" message={success} />
      <div className="grid gap-6 lg:grid-cols-2">
        <JoinCodePanel code={code} link={link} canRenew={owner} />
        <InvitePanel roles={inviteRoles} pending={pending} errors={fieldErrors} date={date} />
      </div>
      <MembersList members={members} />
      {owner ? <OwnerPanel name={name} shown={shown} others={members.filter((m) => m.role !== "owner")} errors={fieldErrors} /> : null}
      <p className="text-sm text-muted">
        Players find the league with its code at <span className="font-mono">{rootHref("/join")}</span>.
      </p>
    </div>
  );
}
