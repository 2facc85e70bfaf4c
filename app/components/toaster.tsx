// The result of an action in a toast (spec section 9: 350 px wide): announced to screen readers,
// closes by itself after a few seconds or with its button, in the member's language.
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";

export interface ToastMessage {
  kind: "success" | "info" | "error";
  key: string;
  values?: Record<string, string> | undefined;
  id: string;
}

const SHOWN_MS = 6_000;
const TONES = { success: "border-success bg-white", info: "border-info bg-white", error: "border-danger bg-white" } as const;
const DOTS = { success: "bg-success", info: "bg-info", error: "bg-danger" } as const;

export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ToastMessage | null>(toast);
  useEffect(() => {
    setShown(toast);
    if (!toast) return;
    const timer = window.setTimeout(() => setShown(null), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [toast?.id]); // a new toast has a new id
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-3 sm:bottom-6 sm:justify-end sm:px-6"
    >
      {shown ? (
        <div
          className={`pointer-events-auto flex w-full max-w-[350px] items-start gap-3 rounded-xl border-l-4 px-4 py-3 text-sm text-dark shadow-lg ring-1 ring-black/5 ${TONES[shown.kind]}`}
          data-testid="toast"
          data-kind={shown.kind}
        >
          <span className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${DOTS[shown.kind]}`} aria-hidden />
          <p className="flex-1 font-medium">{t(shown.key, shown.values ?? {})}</p>
          <button type="button" onClick={() => setShown(null)} className="-m-1 rounded p-1 text-black/60 hover:text-dark" aria-label={t("toast.close")}>
            <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden>
              <path d="M5.3 4 4 5.3 8.7 10 4 14.7 5.3 16 10 11.3 14.7 16 16 14.7 11.3 10 16 5.3 14.7 4 10 8.7z" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
