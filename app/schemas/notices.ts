import { z } from "./zod";

// What the league tells its players by itself (ADR 49), as a `notify` job carries it: the
// kind and what the message is made from. Each is keyed by what it names (a round's start, a
// publish's moment, a cancellation's), so a job run twice makes one message.

const Id = z.number().int().positive();
const Epoch = z.number().int().safe();

export const NoticeSchema = z.discriminatedUnion("kind", [
  // The round's cards, published at `publishedAt`: a job of a publish undone since makes nothing.
  z.object({ kind: z.literal("cards"), roundId: Id, publishedAt: Epoch }),
  // 4 hours before the round's start (the cron), to those signed up.
  z.object({ kind: z.literal("reminder"), roundId: Id, startsAt: Epoch }),
  // Check-in opened (the cron): to the entries still owing.
  z.object({ kind: z.literal("owed"), roundId: Id, startsAt: Epoch }),
  // An admin credited the round's payouts: each entered player's place and credit.
  z.object({ kind: z.literal("results"), roundId: Id }),
  // The round cancelled at `at`, and why.
  z.object({ kind: z.literal("cancelled"), roundId: Id, reason: z.string().trim().min(1).max(300), at: Epoch }),
  // The round moved from its start `from` to `to` (ADR 50): a round moved again since has its own notice.
  z.object({ kind: z.literal("postponed"), roundId: Id, from: Epoch, to: Epoch }),
  // An ace recorded; the hole when the admin gave it.
  z.object({ kind: z.literal("ace"), aceId: Id, hole: z.number().int().min(1).max(99).optional() }),
]);
export type Notice = z.infer<typeof NoticeSchema>;
