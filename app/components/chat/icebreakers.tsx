// Opening lines for an empty conversation, in the member's language. The modal opens by itself
// (JavaScript) and puts the chosen line into the message field; the list in the empty thread
// does the same, and without JavaScript its buttons send the line straight away.
import { useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ICEBREAKER_COUNT } from "#app/chat/chat-rules.ts";
import type { ChatPartner } from "#app/chat/conversations.server.ts";
import { Avatar } from "./bits.tsx";
import { SEND_FORM_ID } from "./send-footer.tsx";
import { Button, cx, Modal } from "../ui/index.ts";

/** An opening line to pick: a card-like button with the text left-aligned. */
const LINE =
  "w-full rounded-2xl px-4 py-3 text-left text-sm ring-1 ring-black/10 transition hover:bg-accent hover:ring-primary/40 focus-visible:outline-2 focus-visible:outline-primary";

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
            <button
              type="submit"
              form={SEND_FORM_ID}
              name="icebreaker"
              value={line}
              onClick={(e) => {
                e.preventDefault();
                onPick(line);
              }}
              className={cx(LINE, "bg-white shadow-sm")}
            >
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
  const [open, setOpen] = useState(true);
  const lines = useLines(partner.name);
  if (!open) return null;
  const pick = (line: string) => {
    // closed first, so the focus it gives back does not take the message field's
    flushSync(() => setOpen(false));
    onPick(line);
  };
  return (
    <Modal size="md" onClose={() => setOpen(false)} labelledBy="icebreaker-title" className="rounded-3xl shadow-2xl" data-testid="icebreaker-modal">
      <div className="bg-accent px-6 pb-5 pt-6 text-center">
        <Avatar src={partner.card.thumb} name={partner.name} size={72} />
        {/* focus starts on the title, not on the first line (which would look chosen) */}
        <h2 id="icebreaker-title" tabIndex={-1} autoFocus className="mt-3 text-xl font-bold text-dark outline-none">
          {t("chat.icebreakerTitle", { name: partner.name })}
        </h2>
        <p className="mt-1 text-sm text-black/60">{t("chat.icebreakerIntro")}</p>
      </div>
      <ul className="flex flex-col gap-2 p-4">
        {lines.map((line) => (
          <li key={line}>
            <button type="button" onClick={() => pick(line)} className={LINE}>
              {line}
            </button>
          </li>
        ))}
      </ul>
      <div className="px-4 pb-5 text-center">
        <Button variant="link" size="inline" onClick={() => setOpen(false)} className="text-sm text-primary">
          {t("chat.icebreakerOwn")}
        </Button>
      </div>
    </Modal>
  );
}
