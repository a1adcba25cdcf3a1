import type { Db } from "../db/client";
import { liveStateOf } from "../services/live/live-object";
import { nightScreen } from "../services/night/night-screen";
import { roundWaitlist } from "../services/waitlist/waitlist-view";

// The league-night screen's read model (/admin/round/night/{id}, ADR 25 and 38): the night
// (entries, cards, money, pots, teams), the round's waitlist in order (ADR 28), and the live
// round's state when its cards are published (ADR 26).

export async function adminNightPage(db: Db, env: Env, roundId: number, now: number) {
  // The waitlist in order beside the night's entries: who is next when someone drops out.
  // One batch (ADR 41): an unknown round's 404 comes from the screen, the list discarded.
  const [screen, waitlist] = await Promise.all([nightScreen(db, roundId), roundWaitlist(db, roundId, now)]);
  // Published cards: the round is scored live, and the screen watches it. Only D1 knows
  // whether they are (the URL cannot say), so the live object is asked after the batch, a
  // trip of its own: asking it beside would wake an object, and load a roster, for every
  // round not live.
  const state = screen.board.publishedAt === null ? null : await liveStateOf(env, db.leagueId, roundId, "admin", true);
  return { screen, waitlist, state };
}
