// The thread screen (chat layout): the partner's header, the messages (older pages on demand),
// the send footer. Works as plain HTML forms; with JavaScript a send shows at once with its
// client key, and a failed one can be retried with the same key (charged once at most).
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link, useFetcher } from "react-router";
import type { ThreadScreen, SendAnswer } from "#app/chat/thread-page.server.ts";
import type { ThreadMessage } from "#app/chat/thread.server.ts";
import { useRootData } from "#app/root.tsx";
import { Avatar, CreditsPill, useTimeFormat } from "./bits.tsx";
import { useLiveEvents, useLiveRevalidation } from "#app/live/live-state.tsx";
import { formatAgo } from "#app/utils/format.ts";
import { BackIcon } from "./icons.tsx";
import { FlagIcon } from "#app/components/icons.tsx";
import { FictionalMark } from "#app/components/fictional-mark.tsx";
import { IcebreakerModal, IcebreakerList } from "./icebreakers.tsx";
import { SendFooter, type PendingSend } from "./send-footer.tsx";
import { useChatDraft } from "./draft.ts";
import { withBack } from "#app/payments/back-link.ts";
import { chatImageSrcSet } from "#app/chat/chat-rules.ts";
import { Button } from "../ui/index.ts";

/** The image bubble's width: w-56, from sm w-64. */
const CHAT_IMAGE_SIZES = "(min-width: 640px) 256px, 224px";

type LoaderShape = { screen: ThreadScreen | null };

export function ThreadView({ screen, actionData }: { screen: ThreadScreen; actionData?: SendAnswer | undefined }) {
  // a message in this conversation (from the partner, or from the member's other tab) shows at once, and so does the partner's "Seen"
  useLiveRevalidation((e) => (e.type === "message" || e.type === "seen") && (screen.conversationId === null || e.conversationId === screen.conversationId));
  // a new conversation (or partner) starts with a fresh screen state
  return <Thread key={`${screen.conversationId ?? "new"}-${screen.partner.id}`} screen={screen} actionData={actionData} />;
}

function Thread({ screen, actionData }: { screen: ThreadScreen; actionData?: SendAnswer | undefined }) {
  const { t } = useTranslation();
  const root = useRootData()!;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<PendingSend[]>([]);
  const [older, setOlder] = useState<{ messages: ThreadMessage[]; cursor: string | null } | null>(null);
  const olderFetcher = useFetcher<LoaderShape>();
  const partner = screen.partner;
  const typing = usePartnerTyping(screen.conversationId, screen.page.messages);

  useEffect(() => {
    const page = olderFetcher.data?.screen?.page;
    if (!page) return;
    setOlder((o) => ({ messages: [...page.messages, ...(o?.messages ?? [])], cursor: page.older }));
  }, [olderFetcher.data]);

  const messages = useMemo(() => {
    const seen = new Set<number>();
    return [...(older?.messages ?? []), ...screen.page.messages].filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
  }, [older, screen.page.messages]);
  const storedKeys = messages.map((m) => m.clientKey).filter((k): k is string => Boolean(k));
  const stored = new Set(storedKeys);
  const unsent = pending.filter((p) => !stored.has(p.key));
  const draft = useChatDraft(screen.draftKey, textarea, storedKeys);
  const olderCursor = older ? older.cursor : screen.page.older;

  // stay at the newest message; keep the place when older messages are put above
  const lastId = messages[messages.length - 1]?.id;
  const height = useRef(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId, unsent.length]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && older) el.scrollTop += el.scrollHeight - height.current;
  }, [older]);
  const loadOlder = (e: React.MouseEvent) => {
    e.preventDefault();
    height.current = scroller.current?.scrollHeight ?? 0;
    olderFetcher.load(`${screen.action}?before=${olderCursor}`);
  };

  const empty = !messages.length && !unsent.length && !screen.before;
  const canWrite = !screen.block && !screen.startLimited;
  const fill = (line: string) => {
    if (!textarea.current) return;
    textarea.current.value = line;
    textarea.current.focus();
  };

  return (
    <div className="flex min-h-0 flex-1 justify-center bg-accent/60">
      <div className="flex min-h-0 w-full max-w-3xl flex-1 flex-col bg-light md:shadow-xl md:ring-1 md:ring-black/5">
        <header className="z-10 border-b border-black/10 bg-white shadow-sm">
          <div className="flex items-center gap-2 px-2 py-2 sm:px-4">
            <Button to="/chats" variant="subtle" size="inline" className="h-10 w-10 shrink-0" aria-label={t("chat.back")} data-testid="chat-back">
              <BackIcon className="h-6 w-6" />
            </Button>
            <PartnerLink screen={screen} typing={typing} />
            <span className="ml-auto flex shrink-0 items-center gap-3">
              {screen.conversationId ? (
                <Button
                  to={`/chats/${screen.conversationId}/report`}
                  variant="subtle"
                  size="inline"
                  className="h-9 w-9"
                  aria-label={t("support.report.open", { name: partner.name })}
                  title={t("support.report.open", { name: partner.name })}
                  data-testid="chat-report"
                >
                  <FlagIcon className="h-5 w-5" />
                </Button>
              ) : null}
              <img src={root.site.logo} alt={root.site.name} className="hidden h-7 w-auto md:block" />
              {root.user ? <CreditsPill credits={root.user.credits} /> : null}
            </span>
          </div>
          {partner.card.fictional ? (
            <div className="border-t border-black/5 bg-info/5 px-3 py-1 sm:px-4">
              <FictionalMark withLabel />
            </div>
          ) : null}
        </header>

        {/* the page's main landmark: the messages and the send form (the partner's header is the banner) */}
        <main className="flex min-h-0 flex-1 flex-col">
          <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto" data-testid="chat-scroller">
            <div className="flex min-h-full flex-col justify-end gap-1 px-3 py-4 sm:px-5">
              {olderCursor ? (
                <div className="mb-2 flex justify-center">
                  <Button
                    to={`${screen.action}?before=${olderCursor}`}
                    onClick={loadOlder}
                    preventScrollReset
                    variant="outline"
                    size="sm"
                    data-testid="chat-older"
                  >
                    {olderFetcher.state === "loading" ? t("chat.loading") : t("chat.olderMessages")}
                  </Button>
                </div>
              ) : null}
              <Messages messages={messages} partnerName={partner.name} seenAt={screen.seenAt} />
              {unsent.map((p) => (
                <PendingBubble
                  key={p.key}
                  item={p}
                  action={screen.action}
                  onDiscard={() => {
                    draft.discarded(p.key);
                    setPending((list) => list.filter((x) => x.key !== p.key));
                  }}
                />
              ))}
              {typing && !screen.before ? <TypingBubble name={partner.name} /> : null}
              {screen.before ? (
                <div className="mt-2 flex justify-center">
                  <Button to={screen.action} variant="outline" size="sm">
                    {t("chat.newerMessages")}
                  </Button>
                </div>
              ) : null}
              {empty ? <EmptyThread screen={screen} canWrite={canWrite} onPick={fill} /> : null}
            </div>
          </div>

          <SendFooter screen={screen} actionData={actionData} textarea={textarea} draft={draft} onPending={(p) => setPending((list) => [...list, p])} />
        </main>
        {empty && canWrite && !draft.restored ? <IcebreakerModal partner={partner} onPick={fill} /> : null}
      </div>
    </div>
  );
}

function PartnerLink({ screen, typing }: { screen: ThreadScreen; typing: boolean }) {
  const { t, i18n } = useTranslation();
  const p = screen.partner;
  const inner = (
    <>
      <Avatar src={p.card.thumb} name={p.name} size={40} online={p.card.online} presenceWritten />
      <span className="min-w-0">
        <span className="block truncate font-semibold leading-tight" data-testid="chat-partner-name">
          {p.name}, {p.card.age}
        </span>
        <span className="line-clamp-2 text-xs leading-tight text-black/60" data-testid="chat-presence" suppressHydrationWarning>
          {typing ? (
            <span className="font-medium text-primary">{t("chat.typing")}</span>
          ) : p.card.online ? (
            <span className="font-medium text-success">{t("search.online")}</span>
          ) : p.lastSeen ? (
            t("chat.lastActive", { when: formatAgo(p.lastSeen, i18n.language, Date.now(), "short") })
          ) : (
            (p.card.city ?? "")
          )}
        </span>
      </span>
    </>
  );
  // the link is named by what it shows (name, age, presence): a name of its own hid that text (WCAG 2.5.3)
  return p.profileVisible ? (
    <Link to={`/members/${p.id}`} className="flex min-w-0 items-center gap-3 rounded-full py-0.5 pr-3 hover:bg-light" data-testid="chat-partner">
      {inner}
    </Link>
  ) : (
    <span className="flex min-w-0 items-center gap-3" data-testid="chat-partner">
      {inner}
    </span>
  );
}

function Messages({ messages, partnerName, seenAt }: { messages: ThreadMessage[]; partnerName: string; seenAt: string | null }) {
  const when = useTimeFormat();
  // "Seen" goes under the member's newest message that the partner has read
  const seenId = seenAt ? messages.findLast((m) => m.mine && m.at <= seenAt)?.id : undefined;
  let day = "";
  return (
    <>
      {messages.map((m, i) => {
        const key = when.dayKey(m.at);
        const separator = key !== day ? (day = key) : null;
        // a run of messages from one side within a few minutes shows its time once, at the end
        const next = messages[i + 1];
        const showTime = !next || next.mine !== m.mine || Date.parse(next.at) - Date.parse(m.at) > 5 * 60_000;
        return (
          <div key={m.id} className="contents">
            {separator ? (
              <p
                className="my-3 self-center rounded-full bg-black/5 px-3 py-0.5 text-xs font-medium text-black/60 first-letter:uppercase"
                suppressHydrationWarning
              >
                {when.day(m.at)}
              </p>
            ) : null}
            <Bubble message={m} partnerName={partnerName} showTime={showTime || m.id === seenId} seen={m.id === seenId} />
          </div>
        );
      })}
    </>
  );
}

function Bubble({ message: m, partnerName, showTime, seen }: { message: ThreadMessage; partnerName: string; showTime: boolean; seen: boolean }) {
  const { t } = useTranslation();
  const when = useTimeFormat();
  const side = m.mine ? "self-end items-end" : "self-start items-start";
  const time = showTime ? (
    <span className="mb-1.5 mt-0.5 px-1 text-[11px] text-black/60">
      <time dateTime={m.at} suppressHydrationWarning>
        {when.time(m.at)}
      </time>
      {seen ? (
        <span className="font-semibold text-primary" data-testid="chat-seen">
          {" · "}
          {t("chat.seen")}
        </span>
      ) : null}
    </span>
  ) : (
    <time dateTime={m.at} className="sr-only" suppressHydrationWarning>
      {when.time(m.at)}
    </time>
  );
  if (m.kind === "image" && m.image) {
    const sized = m.image.width > 0 && m.image.height > 0;
    return (
      <div className={`flex max-w-[75%] flex-col sm:max-w-[60%] ${side}`} data-testid="chat-message" data-kind="image">
        <a
          href={m.image.full}
          target="_blank"
          rel="noreferrer"
          className="block w-56 overflow-hidden rounded-2xl bg-black/5 shadow-sm sm:w-64"
          style={{ aspectRatio: sized ? `${m.image.width} / ${m.image.height}` : "4 / 5" }}
        >
          <img
            src={m.image.thumb}
            srcSet={sized ? chatImageSrcSet(m.image) : undefined}
            sizes={sized ? CHAT_IMAGE_SIZES : undefined}
            width={sized ? m.image.width : undefined}
            height={sized ? m.image.height : undefined}
            loading="lazy"
            decoding="async"
            alt={m.mine ? t("chat.yourPhoto") : t("chat.photoFrom", { name: partnerName })}
            className="h-full w-full object-cover"
          />
        </a>
        {time}
      </div>
    );
  }
  if (m.kind === "gift" && m.gift) {
    const name = t(`chat.gifts.${m.gift}`);
    return (
      <div className={`flex max-w-[75%] flex-col ${side}`} data-testid="chat-message" data-kind="gift">
        <div className={`flex flex-col items-center rounded-2xl px-6 py-4 text-center shadow-sm ${m.mine ? "bg-accent" : "bg-white"}`}>
          <img src={`/gifts/${m.gift}.svg`} alt="" className="h-20 w-20" />
          <p className="mt-2 text-sm font-semibold">
            {m.mine ? t("chat.giftSent", { gift: name }) : t("chat.giftReceived", { name: partnerName, gift: name })}
          </p>
        </div>
        {time}
      </div>
    );
  }
  if (m.kind === "image") {
    return (
      <div className={`flex max-w-[75%] flex-col ${side}`} data-testid="chat-message" data-kind="image">
        <p className="rounded-2xl border border-dashed border-black/20 px-4 py-3 text-sm italic text-black/60">{t("chat.imageRemoved")}</p>
        {time}
      </div>
    );
  }
  return (
    <div className={`flex max-w-[85%] flex-col sm:max-w-[70%] ${side}`} data-testid="chat-message" data-kind="text">
      <p
        className={`whitespace-pre-wrap break-words rounded-2xl px-4 py-2 leading-snug shadow-sm ${m.mine ? "rounded-br-md bg-primary text-white" : "rounded-bl-md bg-white text-dark"}`}
      >
        {m.body}
      </p>
      {time}
    </div>
  );
}

function TypingBubble({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 flex items-center gap-1 self-start rounded-2xl rounded-bl-md bg-white px-4 py-3 shadow-sm">
      <span className="sr-only" role="status">
        {t("chat.typingNamed", { name })}
      </span>
      {[0, 150, 300].map((delay) => (
        <span key={delay} aria-hidden className="h-2 w-2 rounded-full bg-black/40 motion-safe:animate-bounce" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </div>
  );
}

/** How long "typing…" stays after the partner's last notice (their page sends one every few seconds while they type). */
const TYPING_SHOWN_MS = 6_000;

/** True while the partner types in this conversation; a message from them ends it. */
function usePartnerTyping(conversationId: number | null, messages: ThreadMessage[]) {
  const [until, setUntil] = useState(0);
  useLiveEvents((e) => {
    if (e.type === "typing" && e.conversationId === conversationId) setUntil(Date.now() + TYPING_SHOWN_MS);
  });
  const lastFromPartner = messages.findLast((m) => !m.mine)?.id;
  useEffect(() => setUntil(0), [lastFromPartner]);
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setUntil(0), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return until > 0;
}

function PendingBubble({ item, action, onDiscard }: { item: PendingSend; action: string; onDiscard: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SendAnswer>({ key: item.key });
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const failed = refusal ? (refusal.error ?? t("messages.genericError")) : null;
  const retry = () => fetcher.submit(item.form, { method: "post", action, encType: "multipart/form-data" });
  return (
    <div className="flex max-w-[85%] flex-col items-end self-end sm:max-w-[70%]" data-testid="chat-pending" data-state={failed ? "failed" : "sending"}>
      <div className={`rounded-2xl rounded-br-md px-4 py-2 shadow-sm ${failed ? "border border-danger/50 bg-danger/5 text-dark" : "bg-primary/70 text-white"}`}>
        {item.kind === "image" && item.preview ? <img src={item.preview} alt="" className="max-h-48 rounded-lg" /> : null}
        {item.kind === "gift" && item.gift ? (
          <span className="flex items-center gap-2">
            <img src={item.gift.image} alt="" className="h-10 w-10" />
            {t(`chat.gifts.${item.gift.key}`)}
          </span>
        ) : null}
        {item.kind === "text" ? <p className="whitespace-pre-wrap break-words">{item.text}</p> : null}
      </div>
      {failed ? (
        <div className="mt-1 flex flex-wrap items-center justify-end gap-x-3 gap-y-1 px-1 text-xs" role="alert">
          <span className="font-semibold text-danger">
            {t("chat.notSent")}: {failed}
          </span>
          <Button variant="link" size="inline" onClick={retry} className="text-primary">
            {t("chat.retry")}
          </Button>
          <Button variant="link" size="inline" onClick={onDiscard} className="text-black/60">
            {t("chat.discard")}
          </Button>
        </div>
      ) : (
        <span className="mt-0.5 px-1 text-[11px] text-black/45">{t("chat.sending")}</span>
      )}
      {refusal?.needsCredits ? (
        <Button to={withBack("/credits", action)} size="sm" className="mt-2" data-testid="chat-buy-credits">
          {t("chat.buyCredits")}
        </Button>
      ) : null}
    </div>
  );
}

function EmptyThread({ screen, canWrite, onPick }: { screen: ThreadScreen; canWrite: boolean; onPick: (line: string) => void }) {
  const { t } = useTranslation();
  const p = screen.partner;
  return (
    <div className="mx-auto my-auto flex w-full max-w-md flex-col items-center py-6 text-center" data-testid="chat-empty">
      <Avatar src={p.card.thumb} name={p.name} size={96} online={p.card.online} />
      <h1 className="mt-4 text-xl font-bold">{t("chat.startTitle", { name: p.name })}</h1>
      <p className="mt-1 text-sm text-black/60">{t("chat.startBody")}</p>
      {canWrite ? <IcebreakerList partner={p} onPick={onPick} className="mt-5 w-full" /> : null}
    </div>
  );
}

/** "You're blocked by {name}. You do not have access to this page." (403) */
export function BlockedScreen({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="text-xl font-semibold" data-testid="blocked-message">
        {t("profileView.blockedBy", { name })}
      </p>
      <Button to="/chats">{t("chat.back")}</Button>
    </main>
  );
}
