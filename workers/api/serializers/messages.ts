import type { LoggedMessage, Sent } from "~/.server/services/messages/organiser-messages";
import type { ReachPreview } from "~/lib/messages/organiser";
import { organiserStatusWords } from "~/lib/messages/organiser";

// The organiser's messages as the /api shows them (ADR 49): a preview's counts, a send's
// message, and a round's log with each recipient's copy in words.

export function previewJson(p: ReachPreview) {
  return { reach: p.reach, byPush: p.byPush, byMail: p.byMail, off: p.off, unreachable: p.unreachable, noWay: p.noWay };
}
export type PreviewJson = ReturnType<typeof previewJson>;

export const sentJson = (s: Sent) => ({ message: { id: s.id, reach: s.reach } });
export type SentJson = ReturnType<typeof sentJson>;

export function loggedMessageJson(m: LoggedMessage) {
  return {
    id: m.id,
    created_at: m.createdAt,
    audience: m.audience,
    body: m.body,
    push: m.push,
    mail: m.mail,
    test: m.test,
    sender: m.sender,
    recipients: m.recipients.map((r) => ({
      user_id: r.userId,
      name: r.name,
      status: organiserStatusWords(r.status, r.detail),
      state: r.status,
      detail: r.detail,
      sent_at: r.sentAt,
    })),
  };
}
export type LoggedMessageJson = ReturnType<typeof loggedMessageJson>;
