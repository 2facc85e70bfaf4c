// A disclosure (the WAI-ARIA pattern): a button that shows and hides the panel after it. Built on
// <details>/<summary>, so it opens without JavaScript too; the summary is a button by role and
// name (a bare <summary> has no role in the accessibility tree Playwright and some readers
// build), says whether it is open (aria-expanded, once the page's scripts run: before that the
// browser's own state of <details> is the truth) and points at its panel. Enter and Space toggle
// it (the browser's), Escape closes it and gives the focus back to the button.
import { useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { cx } from "./cx.ts";

export interface DisclosureProps {
  /** The button's accessible name; where the button shows text, that text comes first (WCAG 2.5.3). */
  label: string;
  /** What the button shows: an icon, the member's name. */
  summary: React.ReactNode;
  summaryClassName?: string;
  /** The <details>' classes (`group` is added: a summary can style its open state with group-open:). */
  className?: string;
  /** The panel's classes (it is the element the button controls: place and size it here). */
  panelClassName?: string;
  /** Closes when the member clicks or moves the focus outside (a menu); panels that hold a form stay. */
  closeOnOutside?: boolean;
  onToggle?: (open: boolean) => void;
  ref?: React.Ref<HTMLDetailsElement | null>;
  children: React.ReactNode;
}

export function Disclosure({ label, summary, summaryClassName, className, panelClassName, closeOnOutside, onToggle, ref, children }: DisclosureProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLElement>(null);
  useImperativeHandle<HTMLDetailsElement | null, HTMLDetailsElement | null>(ref, () => details.current, []);
  const panelId = useId();
  // undefined in the server's HTML and until the scripts run (the attribute would not follow a native toggle)
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  useEffect(() => setOpen(details.current?.open ?? false), []);

  useEffect(() => {
    if (!open || !closeOnOutside) return;
    const outside = (event: Event) => {
      const el = details.current;
      if (el && event.target instanceof Node && !el.contains(event.target)) el.open = false;
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [open, closeOnOutside]);

  return (
    <details
      ref={details}
      className={cx("group", className)}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        setOpen(now);
        onToggle?.(now);
      }}
      onKeyDown={(e) => {
        if (e.key !== "Escape" || !e.currentTarget.open) return;
        e.preventDefault();
        e.stopPropagation(); // the panel closes, not a dialog around it
        e.currentTarget.open = false;
        button.current?.focus();
      }}
    >
      <summary ref={button} role="button" aria-label={label} aria-expanded={open} aria-controls={panelId} className={summaryClassName}>
        {summary}
      </summary>
      <div id={panelId} className={panelClassName}>
        {children}
      </div>
    </details>
  );
}
