import { z } from "./zod";
import { EmailSchema } from "./auth";
import { bodyIdSchema, idSchema } from "./ids";
import { INVITE_ROLES } from "../lib/accounts/roles";
import { normalizeJoinCode } from "../lib/accounts/join-codes";

// A league's members (ADR 47): joining by code, invitations by email, and the owner's
// choices for the league (the front door, closing it). The /api and the pages' forms read these.

/** A typed join code: case ignored, spaces and hyphens dropped; its shape is the service's 404, not a 400. */
export const JoinCodeSchema = z
  .string({ error: "Type the league's code" })
  .max(40, "A league's code is 6 characters")
  .transform(normalizeJoinCode)
  .refine((code) => code.length > 0, "Type the league's code");

/** POST /api/leagues/join, and the /join page's form. */
export const JoinLeagueSchema = z.object({ code: JoinCodeSchema });

const InviteRoleSchema = z.enum(INVITE_ROLES, { error: "Role must be player, director or admin" });

/** POST /api/admin/invites, and the members page's invite form. */
export const InviteSchema = z.object({ email: EmailSchema, role: InviteRoleSchema });

/** An invitation's secret, as its link carries it. */
export const InviteTokenSchema = z
  .string({ error: "The invitation's link is incomplete" })
  .trim()
  .min(1, "The invitation's link is incomplete")
  .max(200, "The invitation's link is not one we sent");

/** POST /api/invites/accept. */
export const AcceptInviteSchema = z.object({ token: InviteTokenSchema });

/** PATCH /api/admin/league: the owner's choices. */
export const LeagueOwnerChangeSchema = z
  .object({ hidden: z.boolean({ error: "hidden must be true or false" }).optional() })
  .strict()
  .refine((c) => c.hidden !== undefined, "Say what to change: hidden");

/** POST /api/admin/league/close: the league's name typed again. */
export const CloseLeagueSchema = z.object({ confirm: z.string({ error: "Type the league's name to close it" }).max(200) });

export const InviteIdParam = z.object({ id: idSchema("invitation id") });

/** The members page's forms (/admin/members). */
export const MembersFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email: EmailSchema, role: InviteRoleSchema }),
  z.object({ intent: z.literal("cancelInvite"), id: bodyIdSchema("invitation id") }),
  z.object({ intent: z.literal("newCode") }),
  z.object({ intent: z.literal("showOnFrontDoor"), show: z.enum(["on", "off"]).optional() }),
  z.object({
    intent: z.literal("transferOwnership"),
    userId: idSchema("user id"),
    confirm: z.literal("on", { error: "Tick the box to confirm" }),
  }),
  z.object({ intent: z.literal("closeLeague"), confirm: z.string().max(200) }),
]);
export type MembersForm = z.output<typeof MembersFormSchema>;

/** The preferences page's "Leave this league". */
export const LeaveLeagueFormSchema = z.object({ intent: z.literal("leaveLeague") });
