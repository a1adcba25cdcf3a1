// Plain rows of the demo league, money in integer cents, times in UTC epoch seconds.
/** "next": this week's round, the first on or after today; not played yet. */
export type RoundKind = "past" | "next" | "upcoming";

export type SeedPlayer = {
  id: number;
  firstName: string;
  lastName: string;
  pdga: string | null;
  division: string;
  inactive: boolean;
  createdAt: number;
  /** Expected score on a par-54 course. */
  skill: number;
  /** Relative chance of showing up on a given week. */
  attend: number;
};

/** A course and one of its layouts (ADR 25): each hole's par, distance and second-card place. */
export type SeedCourse = { id: number; name: string; place: string };
export type SeedLayout = {
  id: number;
  courseId: number;
  courseName: string;
  name: string;
  holes: { par: number; distanceFeet: number | null; secondCardOrder: number | null }[];
};

export type SeedRound = {
  id: number;
  startsAt: number;
  name: string;
  /** The layout's course's name, as a round with a layout has it. */
  location: string;
  layoutId: number;
  /** The layout's par: a score is the player's par-54 skill scaled to it. */
  par: number;
  feePdgaCents: number;
  feeCourseCents: number;
  feeOtherCents: number;
  aceCents: number;
  payoutCents: number;
  pdgaUrl: string | null;
  open: boolean;
  createdAt: number;
  kind: RoundKind;
  month: number;
  /** Strokes added to every score that night (course and weather). */
  difficulty: number;
};

export type SeedEntry = {
  id: number;
  roundId: number;
  playerId: number;
  division: string;
  ace: boolean;
  score: number;
  payoutCents: number;
  result: string | null;
  creditAdded: number;
  creditUsed: number;
  paymentId: number | null;
  createdAt: number;
};

export type SeedTransfer = {
  id: number;
  date: number;
  from: number | null;
  to: number | null;
  amountCents: number;
  description: string;
};

export type SeedAce = { id: number; date: number; playerId: number; roundId: number; amountCents: number };

export type SeedUser = {
  id: number;
  name: string;
  email: string;
  password: string;
  /** The deployment's operator (ADR 47); the seeds make theirs the default league's owner too. */
  isOperator: boolean;
  createdAt: number;
};

export type SeedClaim = {
  id: number;
  userId: number;
  playerId: number;
  status: "approved" | "pending" | "conflict";
  note?: string;
  createdAt: number;
  updatedAt: number;
  approvedAt: number | null;
};

export type SeedPayment = {
  id: number;
  /** The paying user; null for cash an admin recorded for a player with no account. */
  userId: number | null;
  roundId: number;
  playerId: number;
  method: "credit" | "paypal" | "cash";
  amount: number;
  leagueFee: number;
  providerFee: number | null;
  creditUsed: number;
  aceOptIn: boolean;
  division: string;
  transactionId: string | null;
  createdAt: number;
  updatedAt: number;
};

/** The players the demo accounts hold claims on. */
export type DemoPlayers = { approved1: SeedPlayer; approved2: SeedPlayer; pending: SeedPlayer };

export type League = {
  courses: SeedCourse[];
  layouts: SeedLayout[];
  players: SeedPlayer[];
  rounds: SeedRound[];
  entries: SeedEntry[];
  transfers: SeedTransfer[];
  aces: SeedAce[];
  users: SeedUser[];
  claims: SeedClaim[];
  payments: SeedPayment[];
};
