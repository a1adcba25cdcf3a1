import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { handleForm } from "~/.server/forms";
import { AppError } from "~/.server/errors";

const post = (pairs: [string, string][]) => {
  const body = new FormData();
  for (const [k, v] of pairs) body.append(k, v);
  return new Request("http://localhost/form", { method: "POST", body });
};

const Schema = z.object({
  name: z.string().min(1, "Name is required"),
  rows: z.array(z.object({ id: z.coerce.number().int().positive("Pick a player"), score: z.coerce.number().int().min(0) })).default([]),
});

/** The answer's data and status, whether `run`'s own value or an error from handleForm. */
function unwrap(answer: unknown): { data: unknown; status: number } {
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const { data, init } = answer as { data: unknown; init: ResponseInit | null };
    return { data, status: init?.status ?? 200 };
  }
  return { data: answer, status: 200 };
}

describe("handleForm", () => {
  it("runs the service with the parsed input, rows included, and returns its answer", async () => {
    const run = vi.fn(async (input: z.infer<typeof Schema>) => ({ success: `Saved ${input.rows.length}` }));
    const answer = await handleForm(
      post([
        ["name", "Ann"],
        ["rows[0].id", "4"],
        ["rows[0].score", "52"],
      ]),
      Schema,
      run,
    );
    expect(run).toHaveBeenCalledWith({ name: "Ann", rows: [{ id: 4, score: 52 }] }, expect.any(FormData));
    expect(unwrap(answer)).toEqual({ data: { success: "Saved 1" }, status: 200 });
  });

  it("answers 400 with the first error of each field, rows named as their inputs", async () => {
    const run = vi.fn();
    const answer = await handleForm(
      post([
        ["name", ""],
        ["rows[0].id", "0"],
        ["rows[0].score", "50"],
      ]),
      Schema,
      run,
    );
    expect(run).not.toHaveBeenCalled();
    expect(unwrap(answer)).toEqual({ data: { fieldErrors: { name: "Name is required", "rows[0].id": "Pick a player" } }, status: 400 });
  });

  it("answers 400 for rows that are not numbered 0..n-1", async () => {
    const answer = await handleForm(
      post([
        ["name", "Ann"],
        ["rows[1].id", "4"],
      ]),
      Schema,
      vi.fn(),
    );
    expect(unwrap(answer)).toMatchObject({ data: { formError: expect.stringContaining("without gaps") }, status: 400 });
  });

  it("turns the service's AppError into the form's error with its status", async () => {
    const answer = await handleForm(post([["name", "Ann"]]), Schema, async () => {
      throw new AppError("conflict", "Already signed up");
    });
    expect(unwrap(answer)).toEqual({ data: { formError: "Already signed up" }, status: 409 });
  });

  it("shows anything else as the form's own failure message (500), or rethrows without one", async () => {
    const boom = async () => {
      throw new Error("db down");
    };
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(unwrap(await handleForm(post([["name", "Ann"]]), Schema, boom, { unexpected: "Update failed." }))).toEqual({
      data: { formError: "Update failed." },
      status: 500,
    });
    log.mockRestore();
    await expect(handleForm(post([["name", "Ann"]]), Schema, boom)).rejects.toThrow("db down");
  });

  it("lets a thrown redirect through", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    const answer = handleForm(
      post([["name", "Ann"]]),
      Schema,
      async () => {
        throw redirect;
      },
      { unexpected: "Update failed." },
    );
    await expect(answer).rejects.toBe(redirect);
  });
});

describe("handleForm with a body that is not a form", () => {
  const raw = (body: BodyInit, contentType: string) =>
    new Request("http://localhost/form", { method: "POST", body, headers: { "Content-Type": contentType } });

  it.each([
    ["a broken multipart body", raw("--nope\r\ngarbage", "multipart/form-data; boundary=x")],
    ["JSON sent to a form action", raw('{"name":"a"}', "application/json")],
  ])("answers 400 with the form's message for %s, and never runs the service", async (_case, request) => {
    const run = vi.fn(async () => ({ success: "done" }));
    const { data, status } = unwrap(await handleForm(request, Schema, run));
    expect(status).toBe(400);
    expect(data).toEqual({ formError: "The form could not be read. Please try again." });
    expect(run).not.toHaveBeenCalled();
  });
});
