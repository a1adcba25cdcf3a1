import { describe, expect, it } from "vitest";
import { errorWords } from "~/lib/shared/api-answers";

// What the browser shows of an /api error (ADR 43): the server's words, and for an
// unexpected error the request id, so the organiser's screenshot finds the log line.

describe("errorWords", () => {
  it("shows an expected refusal's words alone", () => {
    expect(errorWords({ error: "Round not found", code: "not_found", requestId: "abc-123" })).toBe("Round not found");
  });

  it("ends an unexpected error with its ref", () => {
    const json = { error: "An error occurred. Please try again.", code: "internal", requestId: "8f1c2d3e4a5b6c7d-SJC" };
    expect(errorWords(json)).toBe("An error occurred. Please try again. (ref 8f1c2d3e4a5b6c7d-SJC)");
  });

  it("is null for an answer without words, and leaves out a ref it was not sent", () => {
    expect(errorWords({})).toBeNull();
    expect(errorWords(null)).toBeNull();
    expect(errorWords({ error: "An error occurred. Please try again.", code: "internal" })).toBe("An error occurred. Please try again.");
  });
});
