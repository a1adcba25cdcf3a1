/** Mails handed over at once: each group is then marked done in one statement. */
export const MAIL_GROUP = 10;

/**
 * Sends a mail for each of `list`, MAIL_GROUP at a time, and marks each group's handed-over
 * ones done (`markDone`) before the next group, so a job that fails halfway leaves only
 * the missing ones for its retry (ADR 10, ADR 18). Answers how many went and how many did not.
 */
export async function sendInGroups<T>(
  list: readonly T[],
  send: (item: T) => Promise<unknown>,
  markDone: (handedOver: T[]) => Promise<unknown>,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < list.length; i += MAIL_GROUP) {
    const group = list.slice(i, i + MAIL_GROUP);
    const results = await Promise.allSettled(group.map(send));
    const handedOver = group.filter((_, j) => results[j]?.status === "fulfilled");
    failed += group.length - handedOver.length;
    sent += handedOver.length;
    if (handedOver.length) await markDone(handedOver);
  }
  return { sent, failed };
}
