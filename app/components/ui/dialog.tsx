// A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus
// stays inside), Escape closes it unless the dialog is busy, and focus goes back to where it was
// when it closes or unmounts. Widths from the spec (section 9): 300, 500, 800, 1140 px, or the
// whole screen for a moment with its own background.
import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { cx } from "./cx.ts";

type DialogSize = "sm" | "md" | "lg" | "xl" | "full";
const WIDTH: Record<DialogSize, string> = {
  sm: "w-[calc(100%-1.5rem)] max-w-[300px]",
  md: "w-[calc(100%-1.5rem)] max-w-[500px]",
  lg: "w-[calc(100%-1.5rem)] max-w-[800px]",
  xl: "w-[calc(100%-1.5rem)] max-w-[1140px]",
  full: "h-full max-h-none w-full max-w-none",
};

/** Until showModal() (a page without JavaScript, or before hydration) an open <dialog> is not modal: it covers the page like one. */
const NOT_YET_MODAL = "[&:not(:modal)]:fixed [&:not(:modal)]:inset-0 [&:not(:modal)]:z-50 [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(0_0_0/0.6)]";

export interface ModalProps {
  /** Escape and the backdrop; without it (or while not dismissible) they do nothing. */
  onClose?: (() => void) | undefined;
  /** false while closing would lose the member's work. */
  dismissible?: boolean;
  labelledBy: string;
  size?: DialogSize;
  /** Open in the server's HTML too, for pages that must work without JavaScript. */
  serverOpen?: boolean;
  className?: string;
  style?: React.CSSProperties;
  children: React.ReactNode;
  "data-testid"?: string;
}

/** The behaviour of a modal dialog with a layout of its own (a photo to the edges, a coloured backdrop). */
export function Modal({ onClose, dismissible = true, labelledBy, size = "md", serverOpen, className, style, children, ...rest }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef<(() => void) | undefined>(undefined);
  close.current = dismissible ? onClose : undefined;
  useEffect(() => {
    const dialog = ref.current;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // a dialog open in the server's HTML becomes modal when the page's scripts run: a visitor who
    // is typing in it meanwhile (a slow phone) keeps the focus and every key; showModal() alone
    // moves the focus to its first control (the close button), and the next keys are lost
    const focusedInside = active && dialog?.contains(active) ? active : null;
    const opener = focusedInside ? null : active;
    if (dialog?.open && !dialog.matches(":modal")) dialog.close();
    if (dialog && !dialog.open) {
      if (focusedInside) focusedInside.autofocus = true; // showModal() focuses it: no blur, no focus moved
      dialog.showModal();
      if (focusedInside) {
        focusedInside.autofocus = false;
        if (document.activeElement !== focusedInside) focusedInside.focus({ preventScroll: true });
      }
    }
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      open={serverOpen || undefined}
      aria-labelledby={labelledBy}
      className={cx("m-auto p-0 text-dark backdrop:bg-black/60", WIDTH[size], serverOpen && NOT_YET_MODAL, className)}
      style={style}
      onCancel={(e) => {
        e.preventDefault();
        close.current?.();
      }}
      onClick={(e) => {
        if (e.target === ref.current) close.current?.();
      }}
      data-testid={rest["data-testid"]}
    >
      {children}
    </dialog>
  );
}

export interface DialogProps extends Omit<ModalProps, "labelledBy" | "style"> {
  /** The heading, also the dialog's accessible name. */
  title: React.ReactNode;
  titleId: string;
  /** The close button's label; without it there is no × (the content offers its own way out). */
  closeLabel?: string | undefined;
}

export function Dialog({ title, titleId, closeLabel, className, children, ...modal }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal labelledBy={titleId} className={cx("rounded-xl shadow-2xl", className)} {...modal}>
      <div className="p-5 sm:p-6">
        <div className="mb-4 flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-xl font-bold text-primary">
            {title}
          </h2>
          {closeLabel !== undefined ? (
            <button
              type="button"
              onClick={modal.onClose}
              aria-label={closeLabel || t("toast.close")}
              className="-m-1 rounded-full p-1.5 text-black/60 hover:bg-black/5 hover:text-dark focus-visible:outline-2 focus-visible:outline-primary"
            >
              <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden>
                <path d="M5.3 4 4 5.3 8.7 10 4 14.7 5.3 16 10 11.3 14.7 16 16 14.7 11.3 10 16 5.3 14.7 4 10 8.7z" />
              </svg>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </Modal>
  );
}
