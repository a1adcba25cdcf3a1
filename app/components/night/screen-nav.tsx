// The night screen's parts one tap away (ADR 38): a phone reaches Publish or the cash
// summary without scrolling past forty players or every draft card.

const link =
  "inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-medium text-brand-800 hover:bg-brand-50";

export function ScreenNav({ cards }: { cards: boolean }) {
  const parts = [
    { href: "#desk", label: "Check in" },
    { href: "#make-cards", label: "Make cards" },
    ...(cards ? [{ href: "#cards", label: "Cards" }] : []),
    { href: "#cash", label: "Cash" },
  ];
  return (
    <nav aria-label="On this screen" className="print:hidden">
      <ul className="flex flex-wrap gap-2">
        {parts.map((p) => (
          <li key={p.href}>
            <a href={p.href} className={link}>
              {p.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
