import { z } from "zod";
import { MIN_SEARCH_LENGTH } from "../lib/constants";

/** Player search text: spaces tidied, at least MIN_SEARCH_LENGTH characters, at most 100. */
export const SearchTextSchema = z
  .string({ error: "Search text is required" })
  .transform((text) => text.trim().replace(/\s+/g, " "))
  .pipe(
    z.string().min(MIN_SEARCH_LENGTH, `Search text must be at least ${MIN_SEARCH_LENGTH} characters`).max(100, "Search text is too long"),
  );
