// The send footer: text, a photo, a gift; the price before sending and the balance. One
// multipart form that works without JavaScript (each button says what it sends); with
// JavaScript each send goes through its own fetcher keyed by the message's client key.
import { useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, useSubmit } from "react-router";
import { newClientKey, type MessageKind } from "#app/chat/chat-rules.ts";
import type { GiftOption } from "#app/chat/gifts.server.ts";
import type { SendAnswer, ThreadScreen } from "#app/chat/thread-page.server.ts";
import { useRootData } from "#app/root.tsx";
import { withBack } from "#app/payments/back-link.ts";
import type { ChatDraft } from "./draft.ts";
import { CameraIcon, GiftIcon, SendIcon } from "./icons.tsx";
import { FilePicker } from "../file-picker.tsx";
import { Button, buttonClass, Card, controlClass, cx, Disclosure } from "../ui/index.ts";
import { formatMoney } from "#app/utils/format.ts";

/** The photo and gift buttons: a disclosure button that opens its panel above the footer. */
const PANEL_TOGGLE = buttonClass(
  { variant: "ghost", size: "inline" },
  "h-11 w-11 cursor-pointer list-none group-open:bg-accent [&::-webkit-details-marker]:hidden",
);
const PANEL = "absolute bottom-full left-2 right-2 z-20 mb-2 drop-shadow-xl sm:right-auto";

export interface PendingSend {
  key: string;
  form: FormData;
  kind: MessageKind;
  text?: string;
  gift?: GiftOption;
  preview?: string;
}

export const SEND_FORM_ID = "chat-send-form";

export function SendFooter({
  screen,
  actionData,
  textarea,
  draft,
  onPending,
}: {
  screen: ThreadScreen;
  actionData?: SendAnswer | undefined;
  textarea: React.RefObject<HTMLTextAreaElement | null>;
  draft: ChatDraft;
  onPending: (p: PendingSend) => void;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const root = useRootData()!;
  const [clientKey, setClientKey] = useState(screen.clientKey);
  const buyCredits = withBack("/credits", screen.action);
  const photoPanel = useRef<HTMLDetailsElement>(null);
  const giftPanel = useRef<HTMLDetailsElement>(null);
  const [fileChosen, setFileChosen] = useState(false);
  const typing = useTypingNotice(screen.conversationId);

  if (screen.startLimited)
    return (
      <Notice
        tone="premium"
        message={t("messages.premiumOnly")}
        action={
          <Button to={buyCredits} variant="secondary" size="sm" className="shrink-0">
            {t("nav.buyCredits")}
          </Button>
        }
      />
    );
  if (screen.block) {
    const key = {
      blocked_by_them: "profileView.blockedBy",
      i_blocked: "chat.errors.youBlocked",
      unconfirmed: "chat.errors.partnerUnconfirmed",
      gone: "chat.errors.partnerGone",
    }[screen.block];
    return <Notice tone="info" message={t(key, { name: screen.partner.name })} />;
  }

  const p = screen.prices;
  const money = p.minimum ? formatMoney(Math.round(p.minimum.costs * 100), p.minimum.currency, root.locale) : null;
  const credits = root.user?.credits ?? 0;
  const error = actionData && !actionData.ok ? actionData.error : null;

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const fd = new FormData(form, submitter);
    const pending = pendingOf(fd, clientKey, screen.gifts);
    if (!pending) {
      textarea.current?.focus();
      return;
    }
    onPending(pending);
    if (pending.kind === "text" && pending.text && fd.get("icebreaker") === null) draft.sent(pending.text, clientKey);
    submit(fd, { method: "post", action: screen.action, encType: "multipart/form-data", navigate: false, fetcherKey: clientKey, preventScrollReset: true });
    if (pending.kind === "text" && textarea.current) textarea.current.value = "";
    setFileChosen(false);
    photoPanel.current?.removeAttribute("open");
    giftPanel.current?.removeAttribute("open");
    setClientKey(newClientKey());
  }

  return (
    <footer className="border-t border-black/10 bg-white pb-[env(safe-area-inset-bottom)]">
      <Form
        id={SEND_FORM_ID}
        method="post"
        action={screen.action}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="relative px-2 pt-2 sm:px-4"
        data-testid="chat-send"
      >
        <input type="hidden" name="clientKey" value={clientKey} readOnly />
        {error ? (
          <p role="alert" className="mb-2 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="chat-error">
            {error}
          </p>
        ) : null}
        <div className="flex items-end gap-1.5">
          <Disclosure
            ref={photoPanel}
            label={t("chat.photo")}
            summary={<CameraIcon className="h-6 w-6" />}
            summaryClassName={PANEL_TOGGLE}
            panelClassName={cx(PANEL, "sm:w-80")}
            onToggle={(open) => open && giftPanel.current?.removeAttribute("open")}
          >
            <Card padding="sm">
              <p className="mb-2 font-semibold">{t("chat.photoTitle")}</p>
              {/* a new picker after each send: the sent file is not offered again */}
              <div className="flex">
                <FilePicker key={clientKey} name="image" title={t("chat.choosePhoto")} hint={t("chat.photoHint")} onChosen={setFileChosen} />
              </div>
              <Button type="submit" name="intent" value="image" size="sm" block className="mt-3" aria-disabled={!fileChosen}>
                {t("chat.sendPhoto", { count: p.image })}
              </Button>
            </Card>
          </Disclosure>
          <Disclosure
            ref={giftPanel}
            label={t("chat.gift")}
            summary={<GiftIcon className="h-6 w-6" />}
            summaryClassName={PANEL_TOGGLE}
            panelClassName={cx(PANEL, "sm:w-[26rem]")}
            onToggle={(open) => open && photoPanel.current?.removeAttribute("open")}
          >
            <Card padding="sm" data-testid="gift-picker">
              <p className="font-semibold">{t("chat.giftsTitle")}</p>
              <p className="mb-3 text-xs text-black/60">{t("chat.giftsIntro", { name: screen.partner.name })}</p>
              <div className="grid grid-cols-4 gap-2">
                {screen.gifts.map((g) => (
                  <button
                    key={g.id}
                    type="submit"
                    name="gift"
                    value={g.id}
                    className="flex flex-col items-center rounded-xl p-1.5 text-center hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:outline-primary"
                    data-testid="gift-option"
                    data-gift={g.key}
                  >
                    <img src={g.image} alt="" className="h-12 w-12" />
                    <span className="mt-1 w-full truncate text-xs font-medium">{t(`chat.gifts.${g.key}`)}</span>
                    <span className="text-[11px] text-black/60">{t("chat.credits", { count: g.credits })}</span>
                  </button>
                ))}
              </div>
            </Card>
          </Disclosure>
          <label htmlFor="chat-body" className="sr-only">
            {t("chat.messageLabel")}
          </label>
          <textarea
            ref={textarea}
            id="chat-body"
            name="body"
            rows={1}
            maxLength={screen.messageLength}
            defaultValue={actionData && !actionData.ok ? (actionData.body ?? "") : ""}
            placeholder={t("chat.placeholder")}
            className={controlClass("idle", "max-h-40 min-h-11 flex-1 resize-none leading-snug", true)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit(e.currentTarget.form.querySelector<HTMLButtonElement>('button[value="text"]'));
              }
            }}
            onInput={(e) => {
              const el = e.currentTarget;
              if (el.value.trim()) typing();
              draft.typed(el.value);
              el.style.height = "auto";
              el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
            }}
          />
          <Button type="submit" name="intent" value="text" size="inline" className="h-11 w-11 shrink-0" aria-label={t("chat.send")}>
            <SendIcon className="h-5 w-5" />
          </Button>
        </div>
        <p className="flex flex-wrap items-center justify-center gap-x-2 py-1.5 text-center text-xs text-black/60" data-testid="chat-price">
          <span>
            {t("chat.priceMessage", { count: p.text })}
            {money ? ` · ${t("chat.priceFrom", { money })}` : ""}
          </span>
          <span aria-hidden>·</span>
          <span className={credits < p.text ? "font-semibold text-danger" : ""}>{t("chat.balance", { count: credits })}</span>
          <Link to={buyCredits} className="font-semibold text-primary underline" data-testid="chat-footer-buy">
            {t("chat.buyCredits")}
          </Link>
        </p>
      </Form>
    </footer>
  );
}

/** The typing notices' interval; the server takes at most one per LIMITS.typing window (3 s) anyway. */
const TYPING_NOTICE_MS = 3_000;

/** Tells the partner "typing…" (POST /api/typing), at most once per TYPING_NOTICE_MS; failures are ignored. */
function useTypingNotice(conversationId: number | null) {
  const last = useRef(0);
  return () => {
    if (conversationId === null || Date.now() - last.current < TYPING_NOTICE_MS) return;
    last.current = Date.now();
    void fetch("/api/typing", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ conversation: conversationId }),
    }).catch(() => {});
  };
}

function pendingOf(fd: FormData, key: string, gifts: GiftOption[]): PendingSend | null {
  const giftId = fd.get("gift");
  if (giftId !== null) {
    const gift = gifts.find((g) => String(g.id) === giftId);
    return gift ? { key, form: fd, kind: "gift", gift } : null;
  }
  if (fd.get("intent") === "image") {
    const file = fd.get("image");
    if (!(file instanceof File) || !file.size) return null;
    return { key, form: fd, kind: "image", preview: URL.createObjectURL(file) };
  }
  const text = String(fd.get("icebreaker") ?? fd.get("body") ?? "").trim();
  return text ? { key, form: fd, kind: "text", text } : null;
}

function Notice({ message, action, tone }: { message: string; action?: React.ReactNode; tone: "premium" | "info" }) {
  return (
    <footer className="border-t border-black/10 bg-white pb-[env(safe-area-inset-bottom)]">
      <div
        className={`mx-3 my-3 flex items-center gap-3 rounded-2xl px-4 py-3 text-sm ${tone === "premium" ? "bg-secondary/15" : "bg-info/10"}`}
        role="status"
        data-testid="chat-notice"
      >
        <p className="flex-1 font-medium">{message}</p>
        {action}
      </div>
    </footer>
  );
}
