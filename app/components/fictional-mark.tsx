import { useRootData } from "#app/root.tsx";
import { MaskIcon } from "./icons.tsx";

/**
 * Marks a fictional profile with the site's icon (an image from its config, otherwise the mask
 * that ships with the app: an emoji shows as an empty box where no emoji font exists) and the
 * site's word for it, visible when `withLabel`, read out otherwise.
 */
export function FictionalMark({ withLabel = false, className = "" }: { withLabel?: boolean; className?: string }) {
  const site = useRootData()?.site;
  const label = site?.fictionalLabel ?? "";
  const icon = site?.fictionalIcon ?? "";
  const image = /^(\/|https:\/\/)/.test(icon);
  return (
    <span className={`inline-flex items-center gap-1 ${className}`} title={label} data-testid="fictional-icon">
      {image ? <img src={icon} alt="" className="h-4 w-4" /> : <MaskIcon className="h-4 w-4 text-info" />}
      <span className={withLabel ? "" : "sr-only"}>{label}</span>
    </span>
  );
}
