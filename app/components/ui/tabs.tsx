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
  /** Something in a corner of the tab (a "3 new" badge). */
  extra?: React.ReactNode;
  testId?: string;
}

export function Tabs({ label, items, className }: { label: string; items: TabItem[]; className?: string }) {
  return (
    <nav
      aria-label={label}
      className={cx("grid rounded-full bg-white p-1 shadow-sm ring-1 ring-black/5", className)}
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
            "relative flex min-w-0 items-center justify-center gap-1.5 rounded-full px-2 py-2 text-center text-sm font-semibold transition",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
            item.current ? "bg-primary text-white shadow" : "text-dark hover:bg-accent",
          )}
        >
          <span className="truncate">{item.label}</span>
          {item.count !== undefined ? <Badge tone={item.current ? "inverse" : "neutral"}>{item.count}</Badge> : null}
          {item.extra}
        </NavLink>
      ))}
    </nav>
  );
}
