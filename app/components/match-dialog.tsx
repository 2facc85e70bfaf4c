import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";
import { ChatIcon, HeartIcon } from "./icons.tsx";

const BACKDROP = { background: "radial-gradient(circle at 50% 40%, color-mix(in srgb, var(--color-primary) 75%, transparent) 0, rgba(10, 10, 20, 0.92) 75%)" };

export interface MatchPartner { id: number; name: string; photo: string | null }

/**
 * "It's a match": the two members like each other. Rendered on the server too (a like without
 * JavaScript lands on the profile with ?match=1), so closing is a link when there is no onClose.
 */
export function MatchDialog({ partner, onClose, closeHref }: { partner: MatchPartner; onClose?: () => void; closeHref?: string }) {
  const { t } = useTranslation();
  const write = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    write.current?.focus();
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === "Escape") onClose(); };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  const closeClass = "rounded-full px-6 py-2.5 text-sm font-semibold text-white/90 underline-offset-4 hover:underline";
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4" style={BACKDROP} role="presentation" onClick={(e) => { if (e.target === e.currentTarget) onClose?.(); }}>
      <div role="dialog" aria-modal="true" aria-labelledby="match-title" className="flex w-full max-w-[360px] flex-col items-center text-center text-white" data-testid="match-dialog">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-secondary">{t("likes.matchKicker")}</p>
        <h2 id="match-title" className="mt-1 text-4xl font-black italic drop-shadow">{t("likes.matchTitle")}</h2>
        <div className="relative mt-6">
          <div className="h-44 w-44 overflow-hidden rounded-full border-4 border-white bg-accent shadow-2xl">
            {partner.photo ? <img src={partner.photo} alt={partner.name} className="h-full w-full object-cover" /> : (
              <div className="flex h-full items-center justify-center text-6xl text-primary/40" aria-hidden>♥</div>
            )}
          </div>
          <span className="absolute -bottom-2 -right-2 flex h-14 w-14 items-center justify-center rounded-full bg-primary text-white shadow-lg ring-4 ring-white">
            <HeartIcon className="h-7 w-7" />
          </span>
        </div>
        <p className="mt-6 text-lg">{t("likes.matchBody", { name: partner.name })}</p>
        <Link ref={write} to={`/members/${partner.id}/chat`} className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-full bg-white px-6 py-3 font-bold text-primary shadow-lg hover:bg-accent" data-testid="match-write">
          <ChatIcon /> {t("likes.matchWrite", { name: partner.name })}
        </Link>
        {onClose ? (
          <button type="button" onClick={onClose} className={`mt-3 ${closeClass}`}>{t("likes.matchContinue")}</button>
        ) : (
          <Link to={closeHref ?? "."} replace className={`mt-3 ${closeClass}`}>{t("likes.matchContinue")}</Link>
        )}
      </div>
    </div>
  );
}
