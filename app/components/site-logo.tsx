export function SiteLogo({ src, name, className = "h-10" }: { src: string; name: string; className?: string }) {
  return (
    <a href="/" className="inline-flex shrink-0 items-center" aria-label={name}>
      <img src={src} alt={name} className={`${className} w-auto`} />
    </a>
  );
}
