// Tabs that are pages (/likes, /likes/received, ...): a nav of links, the current one marked
// with aria-current, a segmented control to look at. Each tab is a URL, so they work without
// JavaScript and the back button goes back to the previous tab.
import { NavLink } from "react-router";
import { Badge } from "./badge.tsx";
import { cx } from "./cx.ts";

export interface TabItem {
  to: string;
  label: React.ReactNode;
  current: boolean;
  count?: number | undefined;
  /** Something beside the count (a "3 new" badge). */
  extra?: React.ReactNode;
  testId?: string;
}

export function Tabs({ label, items, className }: { label: string; items: TabItem[]; className?: string }) {
  return (
    <nav
      aria-label={label}
      className={cx("grid rounded-3xl bg-white p-1 shadow-sm ring-1 ring-black/5 sm:rounded-full", className)}
      style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))` }}
    >
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end
          aria-current={item.current ? "page" : undefined}
          data-testid={item.testId}
          className={cx(
            // on phones the label has the tab's width and the counts go under it (a label beside them was cut off)
            "relative flex min-w-0 flex-col items-center justify-center gap-1 rounded-[1.25rem] px-2 py-2 text-center text-sm font-semibold leading-tight transition sm:flex-row sm:gap-1.5 sm:rounded-full",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
            item.current ? "bg-primary text-white shadow" : "text-dark hover:bg-accent",
          )}
        >
          <span className="max-w-full truncate">{item.label}</span>
          {item.count !== undefined || item.extra ? (
            <span className="flex items-center gap-1">
              {item.count !== undefined ? <Badge tone={item.current ? "inverse" : "neutral"}>{item.count}</Badge> : null}
              {item.extra}
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
