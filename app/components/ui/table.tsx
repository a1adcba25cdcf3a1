import type { ReactNode } from "react";

/** A data table that scrolls sideways on narrow screens instead of breaking the layout. */
export function Table({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">{head}</thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export const th = "px-2 py-2 font-semibold whitespace-nowrap sm:px-3";
export const td = "px-2 py-2 whitespace-nowrap sm:px-3";
export const tdNum = "px-2 py-2 whitespace-nowrap text-right tabular-nums sm:px-3";
