/** compact: only the logo's emblem (its left square) below the lg breakpoint, where a member's top bar needs the room; the whole logo from lg on. */
export function SiteLogo({ src, name, className = "h-10", compact = false }: { src: string; name: string; className?: string; compact?: boolean }) {
  const size = compact ? "h-9 w-9 object-cover object-left lg:h-10 lg:w-auto lg:object-contain" : `${className} w-auto`;
  return (
    <a href="/" className="inline-flex shrink-0 items-center" aria-label={name}>
      <img src={src} alt={name} className={size} />
    </a>
  );
}
