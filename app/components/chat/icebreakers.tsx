// Opening lines for an empty conversation, in the member's language. The modal opens by itself
// (JavaScript) and puts the chosen line into the message field; the list in the empty thread
// does the same, and without JavaScript its buttons send the line straight away.
import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ICEBREAKER_COUNT } from "#app/chat/chat-rules.ts";
import type { ChatPartner } from "#app/chat/conversations.server.ts";
import { Avatar } from "./bits.tsx";
import { SEND_FORM_ID } from "./send-footer.tsx";

function useLines(name: string) {
  const { t } = useTranslation();
  const first = name.split(/\s+/)[0] ?? name;
  return Array.from({ length: ICEBREAKER_COUNT }, (_, i) => t(`chat.icebreakers.${i + 1}`, { name: first }));
}

export function IcebreakerList({ partner, onPick, className = "" }: { partner: ChatPartner; onPick: (line: string) => void; className?: string }) {
  const { t } = useTranslation();
  const lines = useLines(partner.name);
  return (
    <div className={className} data-testid="icebreaker-list">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-black/45">{t("chat.icebreakerButton")}</p>
      <ul className="flex flex-col gap-2">
        {lines.slice(0, 3).map((line) => (
          <li key={line}>
            <button type="submit" form={SEND_FORM_ID} name="icebreaker" value={line} onClick={(e) => { e.preventDefault(); onPick(line); }}
              className="w-full rounded-2xl bg-white px-4 py-2.5 text-left text-sm shadow-sm ring-1 ring-black/5 hover:bg-accent">
              {line}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function IcebreakerModal({ partner, onPick }: { partner: ChatPartner; onPick: (line: string) => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const lines = useLines(partner.name);
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  const pick = (line: string) => {
    dialog.current?.close();
    onPick(line);
  };
  return (
    <dialog ref={dialog} aria-labelledby="icebreaker-title" className="m-auto w-[calc(100%-2rem)] max-w-[500px] rounded-3xl p-0 shadow-2xl backdrop:bg-black/50" data-testid="icebreaker-modal"
      onClick={(e) => { if (e.target === dialog.current) dialog.current?.close(); }}>
      <div className="bg-accent px-6 pb-5 pt-6 text-center">
        <Avatar src={partner.card.thumb} name={partner.name} size={72} />
        {/* focus starts on the title, not on the first line (which would look chosen) */}
        <h2 id="icebreaker-title" tabIndex={-1} autoFocus className="mt-3 text-xl font-bold text-dark outline-none">{t("chat.icebreakerTitle", { name: partner.name })}</h2>
        <p className="mt-1 text-sm text-black/60">{t("chat.icebreakerIntro")}</p>
      </div>
      <ul className="flex flex-col gap-2 p-4">
        {lines.map((line) => (
          <li key={line}>
            <button type="button" onClick={() => pick(line)} className="w-full rounded-2xl border border-black/10 px-4 py-3 text-left text-sm hover:border-primary/40 hover:bg-accent/60" data-testid="icebreaker-line">
              {line}
            </button>
          </li>
        ))}
      </ul>
      <div className="px-4 pb-5 text-center">
        <button type="button" onClick={() => dialog.current?.close()} className="text-sm font-semibold text-primary underline">{t("chat.icebreakerOwn")}</button>
      </div>
    </dialog>
  );
}
