// A white surface on the light page background: sections, forms, list entries.
import { cx } from "./cx.ts";

type CardProps<T extends React.ElementType> = {
  as?: T;
  /** none: the content reaches the edges (a photo card); sm 16 px; md 20/24 px. */
  padding?: "none" | "sm" | "md";
} & Omit<React.ComponentProps<T>, "as">;

const PADDING = { none: "", sm: "p-4", md: "p-5 sm:p-6" } as const;

export function Card<T extends React.ElementType = "div">({ as, padding = "md", className, ...rest }: CardProps<T>) {
  const Element: React.ElementType = as ?? "div";
  return <Element className={cx("rounded-xl bg-white shadow-sm ring-1 ring-black/5", PADDING[padding], className)} {...rest} />;
}

/** A card's heading, with an optional line under it. */
export function CardHeader({
  title,
  description,
  id,
  level = 2,
  className,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  id?: string;
  level?: 2 | 3;
  className?: string;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className={cx("mb-4", className)}>
      <Heading id={id} className="text-lg font-semibold text-dark">
        {title}
      </Heading>
      {description ? <p className="mt-1 text-sm text-black/60">{description}</p> : null}
    </div>
  );
}
