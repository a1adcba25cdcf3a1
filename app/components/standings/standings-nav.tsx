import { Link } from "react-router";

const chip = "rounded-md px-3 py-2 text-sm font-medium";
const current = `${chip} bg-brand-800 font-semibold text-white`;
const other = `${chip} text-brand-800 underline-offset-2 hover:bg-brand-50 hover:underline`;

/**
 * Links to the other seasons or divisions of the standings: server-rendered pages, so
 * they work without JavaScript and each is its own cached page. The sort rides along.
 */
export function StandingsNav({
  label,
  items,
  selected,
  href,
}: {
  label: string;
  items: { value: string; text: string }[];
  selected: string;
  href: (value: string) => string;
}) {
  if (items.length < 2) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-x-1 gap-y-2">
      <span className="mr-1 text-sm text-muted">{label}:</span>
      {items.map((item) =>
        item.value === selected ? (
          <span key={item.value} aria-current="page" className={current}>
            {item.text}
          </span>
        ) : (
          <Link key={item.value} to={href(item.value)} preventScrollReset className={other}>
            {item.text}
          </Link>
        ),
      )}
    </nav>
  );
}
