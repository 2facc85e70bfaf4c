// A small pill: a count, a state ("new", "premium"), a label on a card.
import { cx } from "./cx.ts";

export type BadgeTone = "primary" | "secondary" | "success" | "info" | "warning" | "danger" | "neutral" | "accent" | "unread" | "inverse";

const TONES: Record<BadgeTone, string> = {
  primary: "bg-primary text-white",
  secondary: "bg-secondary text-dark",
  success: "bg-success text-white",
  info: "bg-info text-white",
  warning: "bg-warning text-dark",
  danger: "bg-danger text-white",
  neutral: "bg-black/5 text-dark",
  /** the brand's light tint (interests, tags) */
  accent: "bg-accent text-dark",
  /** unread messages (the theme's amber) */
  unread: "bg-unread text-dark",
  /** on a coloured background (an active tab) */
  inverse: "bg-white/25 text-inherit",
};

const SIZES = { sm: "px-2 text-xs font-bold leading-5", md: "px-3 py-1 text-sm font-semibold" } as const;

export function Badge({
  tone = "neutral",
  size = "sm",
  className,
  ...rest
}: { tone?: BadgeTone; size?: keyof typeof SIZES } & React.HTMLAttributes<HTMLSpanElement>) {
  return <span className={cx("inline-flex items-center gap-1 rounded-full", SIZES[size], TONES[tone], className)} {...rest} />;
}
