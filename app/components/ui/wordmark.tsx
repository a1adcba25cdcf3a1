/** The league's mark: a basket and the league's name in the display face. */
export function Wordmark({ name }: { name: string }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <svg
        aria-hidden="true"
        viewBox="0 0 32 32"
        className="size-8 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        {/* A disc golf basket: the band, the chains, the tray and the pole. */}
        <path d="M8 8h16" />
        <path d="M10 8l3 9M16 8v9M22 8l-3 9" />
        <path d="M7 17h18l-2 4H9z" fill="currentColor" fillOpacity="0.25" />
        <path d="M16 21v8M11 29h10" />
      </svg>
      <span className="truncate font-display text-xl font-semibold uppercase leading-none tracking-wider">{name}</span>
    </span>
  );
}
