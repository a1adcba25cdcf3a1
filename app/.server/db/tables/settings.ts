import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { CARD_MODES } from "../../../lib/cards/cards";
import { leagueColumn } from "./leagues";
import { CHOICES, SETTINGS, choiceValues } from "../../../lib/settings/league-settings";

// The league's settings.

// The admin's settings for standings and handicaps (/admin/settings): one row per league.
// No row means the defaults (app/lib/settings/league-settings.ts).
export const leagueSettings = sqliteTable("league_settings", {
  leagueId: leagueColumn().primaryKey(),
  pointsFirst: integer("points_first").notNull().default(SETTINGS.pointsFirst.default),
  pointsStep: integer("points_step").notNull().default(SETTINGS.pointsStep.default),
  pointsFloor: integer("points_floor").notNull().default(SETTINGS.pointsFloor.default),
  pointsParticipation: integer("points_participation").notNull().default(SETTINGS.pointsParticipation.default),
  standingsBestN: integer("standings_best_n").notNull().default(SETTINGS.standingsBestN.default),
  handicapRounds: integer("handicap_rounds").notNull().default(SETTINGS.handicapRounds.default),
  handicapPercent: integer("handicap_percent").notNull().default(SETTINGS.handicapPercent.default),
  handicapPar: integer("handicap_par").notNull().default(SETTINGS.handicapPar.default),
  // League night (ADR 25).
  checkInOpensMinutes: integer("check_in_opens_minutes").notNull().default(SETTINGS.checkInOpensMinutes.default),
  cardSize: integer("card_size").notNull().default(SETTINGS.cardSize.default),
  teeIntervalMinutes: integer("tee_interval_minutes").notNull().default(SETTINGS.teeIntervalMinutes.default),
  cardMode: text("card_mode", { enum: CARD_MODES as [string, ...string[]] })
    .notNull()
    .default(CHOICES.cardMode.default),
  cardStart: text("card_start", { enum: choiceValues("cardStart") })
    .notNull()
    .default(CHOICES.cardStart.default),
  // Who sees players' balances and the transfers: everyone, signed-in players, or admins only.
  moneyVisibility: text("money_visibility", { enum: choiceValues("moneyVisibility") })
    .notNull()
    .default(CHOICES.moneyVisibility.default),
  // The divisions the league runs, a JSON array in the league's order; null: the default list.
  divisions: text("divisions"),
  // Bag tags (ADR 27): off, or on with new rounds counting for tags or not by default;
  // the pool's size (tags 1 to tagCount); weeks absent before a tag returns (0: never).
  bagTags: text("bag_tags", { enum: choiceValues("bagTags") })
    .notNull()
    .default(CHOICES.bagTags.default),
  tagCount: integer("tag_count").notNull().default(SETTINGS.tagCount.default),
  tagExpiryWeeks: integer("tag_expiry_weeks").notNull().default(SETTINGS.tagExpiryWeeks.default),
  // Random-draw doubles (ADR 31): what a cali (the odd player, a team of one) plays.
  caliRule: text("cali_rule", { enum: choiceValues("caliRule") })
    .notNull()
    .default(CHOICES.caliRule.default),
  // Side pots' CTP distances (ADR 30): shown and typed in feet or metres, stored in cm.
  distanceUnit: text("distance_unit", { enum: choiceValues("distanceUnit") })
    .notNull()
    .default(CHOICES.distanceUnit.default),
  // Rain-outs (ADR 50): the league's policy in its own words, shown in the sign-up dialog, and
  // the holes every card must have completed for a round to be ended early.
  rainOutPolicy: text("rain_out_policy").notNull().default(""),
  endEarlyHoles: integer("end_early_holes").notNull().default(SETTINGS.endEarlyHoles.default),
  updatedAt: integer("updated_at").notNull().default(sql`(unixepoch())`),
});
