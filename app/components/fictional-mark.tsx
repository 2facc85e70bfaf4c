import { useRootData } from "#app/root.tsx";
import { MaskIcon } from "./icons.tsx";
import { cx } from "./ui/index.ts";

/**
 * Marks a fictional profile with the site's icon (an image from its config, otherwise the mask
 * that ships with the app: an emoji shows as an empty box where no emoji font exists) and the
 * site's word for it. `withLabel`: a pill that says it ("Fictional profile"), for cards, the
 * profile and the chat header, where an icon alone would read as a "verified" tick; otherwise
 * the icon with the word read out (beside a text that explains it).
 */
export function FictionalMark({ withLabel = false, large = false, className = "" }: { withLabel?: boolean; large?: boolean; className?: string }) {
  const site = useRootData()?.site;
  const label = site?.fictionalLabel ?? "";
  const icon = site?.fictionalIcon ?? "";
  const image = /^(\/|https:\/\/)/.test(icon);
  const glyph = image ? <img src={icon} alt="" className="h-4 w-4 shrink-0" /> : <MaskIcon className="h-4 w-4 shrink-0 text-info" />;
  if (withLabel)
    return (
      <span
        className={cx(
          "inline-flex max-w-full items-center gap-1 rounded-full bg-white px-2 py-0.5 font-semibold text-dark ring-1 ring-info/40",
          large ? "text-sm" : "text-xs",
          className,
        )}
        data-testid="fictional-mark"
      >
        {glyph}
        <span className="inline-block truncate first-letter:uppercase">{label}</span>
      </span>
    );
  return (
    <span className={`inline-flex items-center gap-1 ${className}`} title={label} data-testid="fictional-icon">
      {glyph}
      <span className="sr-only">{label}</span>
    </span>
  );
}
