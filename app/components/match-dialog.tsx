import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ChatIcon, HeartIcon } from "./icons.tsx";
import { Button, Modal } from "./ui/index.ts";

const BACKDROP = { background: "radial-gradient(circle at 50% 40%, color-mix(in srgb, var(--color-primary) 75%, transparent) 0, rgba(10, 10, 20, 0.92) 75%)" };

export interface MatchPartner {
  id: number;
  name: string;
  photo: string | null;
}

/**
 * "It's a match": the two members like each other. Rendered on the server too (a like without
 * JavaScript lands on the profile with ?match=1), so closing is a link when there is no onClose.
 */
export function MatchDialog({ partner, onClose, closeHref }: { partner: MatchPartner; onClose?: () => void; closeHref?: string }) {
  const { t } = useTranslation();
  const write = useRef<HTMLAnchorElement>(null);
  useEffect(() => write.current?.focus(), []);
  const close = onClose ? (
    <Button variant="ghost-light" onClick={onClose} className="mt-3">
      {t("likes.matchContinue")}
    </Button>
  ) : (
    <Button variant="ghost-light" to={closeHref ?? "."} replace className="mt-3">
      {t("likes.matchContinue")}
    </Button>
  );
  return (
    <Modal
      size="full"
      serverOpen
      onClose={onClose}
      labelledBy="match-title"
      className="items-center justify-center p-4 open:flex"
      style={BACKDROP}
      data-testid="match-dialog"
    >
      <div className="flex w-full max-w-[360px] flex-col items-center text-center text-white">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-secondary">{t("likes.matchKicker")}</p>
        <h2 id="match-title" className="mt-1 text-4xl font-black italic drop-shadow">
          {t("likes.matchTitle")}
        </h2>
        <div className="relative mt-6">
          <div className="h-44 w-44 overflow-hidden rounded-full border-4 border-white bg-accent shadow-2xl">
            {partner.photo ? (
              <img src={partner.photo} alt={partner.name} className="h-full w-full object-cover" />
            ) : (
              <div className="flex h-full items-center justify-center text-6xl text-primary/40" aria-hidden>
                ♥
              </div>
            )}
          </div>
          <span className="absolute -bottom-2 -right-2 flex h-14 w-14 items-center justify-center rounded-full bg-primary text-white shadow-lg ring-4 ring-white">
            <HeartIcon className="h-7 w-7" />
          </span>
        </div>
        <p className="mt-6 text-lg">{t("likes.matchBody", { name: partner.name })}</p>
        <Button ref={write} to={`/members/${partner.id}/chat`} variant="light" size="lg" block className="mt-6 shadow-lg" data-testid="match-write">
          <ChatIcon /> {t("likes.matchWrite", { name: partner.name })}
        </Button>
        {close}
      </div>
    </Modal>
  );
}
