import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link, useFetcher } from "react-router";
import { newClientKey } from "#app/chat/chat-rules.ts";
import type { FirstMessageScreen } from "#app/chat/first-message.server.ts";
import type { SendAnswer } from "#app/chat/thread-page.server.ts";
import { withBack } from "#app/payments/back-link.ts";
import { useRootData } from "#app/root.tsx";
import { keepChatDraft } from "./chat/draft.ts";
import { SendIcon } from "./chat/icons.tsx";
import { ChatIcon, HeartIcon } from "./icons.tsx";
import { Button, controlClass, cx, Modal } from "./ui/index.ts";
import { formatMoney } from "#app/utils/format.ts";

const BACKDROP = { background: "radial-gradient(circle at 50% 40%, color-mix(in srgb, var(--color-primary) 75%, transparent) 0, rgba(10, 10, 20, 0.92) 75%)" };

export interface MatchPartner {
  id: number;
  name: string;
  photo: string | null;
}

/**
 * "It's a match": the two members like each other. Both photos, and the first message written
 * right there: the price before sending as in the chat, the send through the chat's own path
 * (POST /members/{id}/first-message), out of credits the purchase that comes back to the chat with
 * the message kept. Rendered on the server too (a like without JavaScript lands on the profile
 * with ?match=1): there, and until the price has come, "Write to {name}" leads to the chat, and
 * closing is a link when there is no onClose.
 */
export function MatchDialog({
  partner,
  onClose,
  closeHref,
  continueLabel,
}: {
  partner: MatchPartner;
  onClose?: () => void;
  closeHref?: string;
  continueLabel?: string;
}) {
  const { t } = useTranslation();
  const screenFetcher = useFetcher<FirstMessageScreen>();
  const screen = screenFetcher.data && "prices" in screenFetcher.data ? screenFetcher.data : null;
  const write = useRef<HTMLAnchorElement>(null);
  const load = screenFetcher.load;
  useEffect(() => {
    void load(`/members/${partner.id}/first-message`);
  }, [load, partner.id]);
  useEffect(() => {
    if (!screen) write.current?.focus();
  }, [screen]);
  const continueText = continueLabel ?? t("likes.matchContinue");
  const close = onClose ? (
    <Button variant="ghost-light" onClick={onClose} className="mt-3" data-testid="match-continue">
      {continueText}
    </Button>
  ) : (
    <Button variant="ghost-light" to={closeHref ?? "."} replace className="mt-3" data-testid="match-continue">
      {continueText}
    </Button>
  );
  const me = screen?.me ?? null;
  const photo = partner.photo ?? screen?.partner.photo ?? null;
  return (
    <Modal
      size="full"
      serverOpen
      onClose={onClose}
      labelledBy="match-title"
      className="items-center justify-center overflow-y-auto p-4 backdrop-blur-md open:flex"
      style={BACKDROP}
      data-testid="match-dialog"
    >
      <div className="flex w-full max-w-[380px] flex-col items-center py-4 text-center text-white">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-secondary">{t("likes.matchKicker")}</p>
        <h2 id="match-title" className="mt-1 text-4xl font-black italic drop-shadow">
          {t("likes.matchTitle")}
        </h2>
        {/* both photos, the member's and the match's, with the heart between them */}
        <div className="relative mt-6 flex items-center justify-center">
          <Portrait src={me?.photo ?? null} alt={me ? t("likes.matchYou") : ""} className="-rotate-6" testId="match-photo-me" />
          <Portrait src={photo} alt={partner.name} className="-ml-6 rotate-6" testId="match-photo-partner" />
          <span className="absolute bottom-1 left-1/2 flex h-12 w-12 -translate-x-1/2 items-center justify-center rounded-full bg-primary text-white shadow-lg ring-4 ring-white">
            <HeartIcon className="h-6 w-6" />
          </span>
        </div>
        <p className="mt-5 text-lg">{t("likes.matchBody", { name: partner.name })}</p>
        {screen?.canWrite ? (
          <FirstMessage screen={screen} />
        ) : (
          <Button ref={write} to={`/members/${partner.id}/chat`} variant="light" size="lg" block className="mt-6 shadow-lg" data-testid="match-write">
            <ChatIcon /> {t("likes.matchWrite", { name: partner.name })}
          </Button>
        )}
        {close}
      </div>
    </Modal>
  );
}

function Portrait({ src, alt, className, testId }: { src: string | null; alt: string; className?: string; testId: string }) {
  return (
    <div className={cx("h-32 w-32 overflow-hidden rounded-full border-4 border-white bg-accent shadow-2xl sm:h-36 sm:w-36", className)} data-testid={testId}>
      {src ? (
        <img src={src} alt={alt} className="h-full w-full object-cover" />
      ) : (
        <div
          className="flex h-full items-center justify-center text-5xl text-primary/40"
          role={alt ? "img" : undefined}
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
        >
          ♥
        </div>
      )}
    </div>
  );
}

/** The first message: a field, the price and the balance as the chat shows them, the send. */
function FirstMessage({ screen }: { screen: FirstMessageScreen }) {
  const { t } = useTranslation();
  const root = useRootData()!;
  const fetcher = useFetcher<SendAnswer>();
  const field = useRef<HTMLTextAreaElement>(null);
  const [clientKey, setClientKey] = useState(screen.clientKey);
  const [text, setText] = useState("");
  const chat = `/members/${screen.partner.id}/chat`;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const sending = fetcher.state !== "idle";
  useEffect(() => field.current?.focus(), []);
  // refused for want of credits: the message waits in the chat for when the member comes back
  useEffect(() => {
    if (answer && !answer.ok && answer.needsCredits && text.trim()) keepChatDraft(screen.draftKey, text);
  }, [answer, text, screen.draftKey]);

  if (answer?.ok)
    return (
      <div className="mt-6 w-full rounded-2xl bg-white/10 p-4" role="status">
        <p className="font-semibold">{t("likes.matchSent", { name: screen.partner.name })}</p>
        <Button to={`/chats/${answer.conversationId}`} variant="light" size="lg" block className="mt-3 shadow-lg" data-testid="match-open-chat">
          <ChatIcon /> {t("likes.matchOpenChat")}
        </Button>
      </div>
    );

  const p = screen.prices;
  const money = p.minimum ? formatMoney(Math.round(p.minimum.costs * 100), p.minimum.currency, root.locale) : null;
  const credits = root.user?.credits ?? 0;
  const error = answer && !answer.ok ? (answer.error ?? t("chat.notSent")) : null;
  return (
    <fetcher.Form
      method="post"
      action={`/members/${screen.partner.id}/first-message`}
      className="mt-6 w-full text-left"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim() || sending) return field.current?.focus();
        fetcher.submit({ intent: "text", body: text, clientKey }, { method: "post", action: `/members/${screen.partner.id}/first-message` });
      }}
      data-testid="match-message-form"
    >
      <label htmlFor="match-message" className="mb-1 block text-sm font-semibold">
        {t("likes.matchFirstMessage", { name: screen.partner.name })}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={field}
          id="match-message"
          name="body"
          rows={2}
          maxLength={screen.messageLength}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // a changed message is a new send (the refused one's key is not used again)
            if (answer && !answer.ok) setClientKey(newClientKey());
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder={t("chat.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby="match-price"
          className={controlClass("idle", "max-h-32 min-h-11 flex-1 resize-none leading-snug", true)}
          data-testid="match-message"
        />
        <Button
          type="submit"
          variant="light"
          size="inline"
          className="h-11 w-11 shrink-0 shadow-lg"
          aria-label={t("chat.send")}
          disabled={sending}
          data-testid="match-send"
        >
          <SendIcon className="h-5 w-5" />
        </Button>
      </div>
      {/* the price before sending, as the chat states it */}
      <p id="match-price" className="mt-1.5 text-center text-xs text-white/85">
        {t("chat.priceMessage", { count: p.text })}
        {money ? ` · ${t("chat.priceFrom", { money })}` : ""} ·{" "}
        <span className={credits < p.text ? "font-bold text-secondary" : ""}>{t("chat.balance", { count: credits })}</span>
      </p>
      {sending ? (
        <p className="mt-2 text-center text-sm" role="status">
          {t("chat.sending")}
        </p>
      ) : null}
      {error ? (
        <div className="mt-3 rounded-xl bg-white p-3 text-sm text-dark" role="alert" data-testid="match-error">
          <p className="font-semibold text-danger">{error}</p>
          {answer && !answer.ok && answer.needsCredits ? (
            <Button to={withBack("/credits", chat)} size="sm" block className="mt-2" data-testid="match-buy-credits">
              {t("chat.buyCredits")}
            </Button>
          ) : null}
        </div>
      ) : null}
      <p className="mt-2 text-center text-xs">
        <Link to={chat} className="underline underline-offset-2 hover:decoration-2">
          {t("likes.matchOpenChat")}
        </Link>
      </p>
    </fetcher.Form>
  );
}
