import { LiveRefusal } from "./roster";
import type { LiveAnswer } from "~/schemas/live";

/**
 * Runs `work` with no other event of the object in between (a D1 read may sit inside it),
 * answering refusals and failures as such: a throw out of blockConcurrencyWhile would reset
 * the object. Kept for what must see nothing change under it (ADR 26); every wait it holds
 * up every socket, so nothing a caller can repeat at will runs here (ADR 35).
 */
export function serially<T>(ctx: DurableObjectState, work: () => Promise<T>): Promise<LiveAnswer<T>> {
  return ctx.blockConcurrencyWhile(async (): Promise<LiveAnswer<T>> => {
    try {
      return { ok: true, value: await work() };
    } catch (err) {
      if (err instanceof LiveRefusal) return { ok: false, code: err.code, error: err.message };
      console.error("Live round failed", err);
      return { ok: false, code: "internal", error: "The live round could not do that. Please try again." };
    }
  });
}
