// A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus
// stays inside), Escape closes it unless the dialog is busy, and focus goes back to where it was
// when it closes or unmounts. Widths from the spec (section 9): 300, 500, 800, 1140 px.
import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { cx } from "./cx.ts";

export type DialogSize = "sm" | "md" | "lg" | "xl";
const WIDTH: Record<DialogSize, string> = { sm: "max-w-[300px]", md: "max-w-[500px]", lg: "max-w-[800px]", xl: "max-w-[1140px]" };

export interface DialogProps {
  onClose: () => void;
  /** The heading, also the dialog's accessible name. */
  title: React.ReactNode;
  titleId: string;
  size?: DialogSize;
  /** false while closing would lose the member's work: Escape and the backdrop do nothing then. */
  dismissible?: boolean;
  /** The close button's label; without it there is no × (the content offers its own way out). */
  closeLabel?: string | undefined;
  className?: string;
  children: React.ReactNode;
  "data-testid"?: string;
}

export function Dialog({ onClose, title, titleId, size = "md", dismissible = true, closeLabel, className, children, ...rest }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={cx("m-auto w-[calc(100%-1.5rem)] rounded-xl p-0 text-dark shadow-2xl backdrop:bg-black/60", WIDTH[size], className)}
      onCancel={(e) => { e.preventDefault(); if (dismissibleRef.current) onClose(); }}
      onClick={(e) => { if (e.target === ref.current && dismissibleRef.current) onClose(); }}
      data-testid={rest["data-testid"]}
    >
      <div className="p-5 sm:p-6">
        <div className="mb-4 flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-xl font-bold text-primary">{title}</h2>
          {closeLabel !== undefined ? (
            <button type="button" onClick={onClose} aria-label={closeLabel || t("toast.close")} className="-m-1 rounded-full p-1.5 text-black/60 hover:bg-black/5 hover:text-dark focus-visible:outline-2 focus-visible:outline-primary">
              <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden><path d="M5.3 4 4 5.3 8.7 10 4 14.7 5.3 16 10 11.3 14.7 16 16 14.7 11.3 10 16 5.3 14.7 4 10 8.7z" /></svg>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </dialog>
  );
}
