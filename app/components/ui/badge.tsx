// A small pill: a count, a state ("new", "premium"), a label on a card.
import { cx } from "./cx.ts";

export type BadgeTone = "primary" | "secondary" | "success" | "info" | "warning" | "danger" | "neutral" | "inverse";

const TONES: Record<BadgeTone, string> = {
  primary: "bg-primary text-white",
  secondary: "bg-secondary text-dark",
  success: "bg-success text-white",
  info: "bg-info text-white",
  warning: "bg-warning text-dark",
  danger: "bg-danger text-white",
  neutral: "bg-black/5 text-dark",
  /** on a coloured background (an active tab) */
  inverse: "bg-white/25 text-inherit",
};

export function Badge({ tone = "neutral", className, ...rest }: { tone?: BadgeTone } & React.HTMLAttributes<HTMLSpanElement>) {
  return <span className={cx("inline-flex items-center rounded-full px-2 text-xs font-bold leading-5", TONES[tone], className)} {...rest} />;
}
