import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Sign-ups: PayPal's events already seen.

// PayPal webhook events already handled: a replayed event changes nothing.
export const webhookEvents = sqliteTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at").notNull().default(sql`(unixepoch())`),
  processedAt: integer("processed_at"),
});
