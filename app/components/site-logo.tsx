/** compact: on phones only the logo's emblem (its left square), the whole logo from the sm breakpoint on. */
export function SiteLogo({ src, name, className = "h-10", compact = false }: { src: string; name: string; className?: string; compact?: boolean }) {
  const size = compact ? "h-9 w-9 object-cover object-left sm:h-10 sm:w-auto sm:object-contain" : `${className} w-auto`;
  return (
    <a href="/" className="inline-flex shrink-0 items-center" aria-label={name}>
      <img src={src} alt={name} className={size} />
    </a>
  );
}
