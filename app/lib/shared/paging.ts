// A long list shown a page at a time, newest first: ?page=N (1 = newest). A page past the
// end is empty and says so; a page that is not a whole number from 1 is refused.

export type Page = { page: number; pageSize: number; total: number; pages: number };

const PAGE = /^[1-9]\d{0,5}$/;

/** The page asked for: 1 when absent, null when it is not a whole number from 1. */
export function pageParam(searchParams: URLSearchParams): number | null {
  const raw = searchParams.get("page");
  if (raw === null || raw === "") return 1;
  return PAGE.test(raw) ? Number(raw) : null;
}

export const PAGE_ERROR = "Page must be a whole number from 1";

export function pageOf(page: number, pageSize: number, total: number): Page {
  return { page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The rows to skip for `page`. */
export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
