// The conversation list of /chats. Removing a chat takes it off the list at once and asks
// DELETE /api/chat.php; when that fails, an alert says why and the list is loaded again
// (spec sections 4 and 8). Without JavaScript the remove button posts to /chats.
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, useRevalidator } from "react-router";
import type { ChatEntry } from "#app/chat/conversations.server.ts";
import { Avatar, useTimeFormat } from "./bits.tsx";
import { Badge, Button, Card } from "../ui/index.ts";
import { CameraIcon, ChatIcon, GiftIcon, TrashIcon } from "./icons.tsx";

export function ChatList({ entries }: { entries: ChatEntry[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [removed, setRemoved] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const shown = entries.filter((e) => !removed.includes(e.conversation.id));

  async function remove(id: number) {
    setError(null);
    setRemoved((r) => [...r, id]);
    let message: string | null = null;
    try {
      const res = await fetch("/api/chat.php", {
        method: "DELETE",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ conversation: id }),
      });
      if (!res.ok) message = ((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? t("messages.genericError");
    } catch {
      message = t("messages.genericError");
    }
    if (message === null) return;
    setError(t("chat.removeFailed", { error: message }));
    // the server has the truth: load the list again and show what it says
    setRemoved((r) => r.filter((x) => x !== id));
    await revalidator.revalidate();
  }

  return (
    <main className="container-site max-w-2xl py-6" data-testid="chat-list-page">
      <h1 className="mb-4 text-2xl font-bold text-dark">{t("chat.title")}</h1>
      {error ? (
        <div role="alert" className="mb-4 flex items-start justify-between gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
          <span>{error}</span>
          <Button variant="subtle" size="inline" onClick={() => setError(null)} className="h-7 w-7 shrink-0 text-lg" aria-label={t("signup.close")}>
            ×
          </Button>
        </div>
      ) : null}
      {shown.length ? (
        <Card as="ul" padding="none" className="divide-y divide-black/5 overflow-hidden" data-testid="chat-list">
          {shown.map((entry) => (
            <ChatRow key={entry.conversation.id} entry={entry} onRemove={remove} />
          ))}
        </Card>
      ) : (
        <EmptyInbox />
      )}
    </main>
  );
}

function ChatRow({ entry, onRemove }: { entry: ChatEntry; onRemove: (id: number) => void }) {
  const { t } = useTranslation();
  const when = useTimeFormat();
  const p = entry.profile;
  const unread = entry.num_unread_messages;
  const last = entry.last_message;
  // the app's own icons: an emoji is an empty box where the device has no emoji font
  const icon = "mr-1 inline h-4 w-4 align-[-3px]";
  const preview = !last ? (
    ""
  ) : last.kind === "image" ? (
    <>
      <CameraIcon className={icon} />
      {t("chat.preview.image")}
    </>
  ) : last.kind === "gift" ? (
    <>
      <GiftIcon className={icon} />
      {t(`chat.gifts.${last.gift}`)}
    </>
  ) : (
    (last.text ?? "")
  );
  return (
    <li className="flex items-center gap-1 pr-2 transition-colors hover:bg-accent/40" data-conversation-id={entry.conversation.id}>
      <Link to={`/chats/${entry.conversation.id}`} className="flex min-w-0 flex-1 items-center gap-3 py-3 pl-4" prefetch="intent">
        <Avatar src={p.thumb} name={p.name} size={56} online={p.online} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate ${unread ? "font-bold" : "font-semibold"}`}>
              {p.name}, {p.age}
            </span>
            {last ? (
              <time dateTime={last.at} className={`shrink-0 text-xs ${unread ? "font-semibold text-primary" : "text-black/60"}`} suppressHydrationWarning>
                {when.short(last.at)}
              </time>
            ) : null}
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={`truncate text-sm ${unread ? "font-semibold text-dark" : "text-black/60"}`}>
              {last?.mine ? <span className="text-black/60">{t("chat.youPrefix")} </span> : null}
              {preview}
            </span>
            {unread ? (
              <Badge tone="unread" className="ml-auto shrink-0" data-testid="chat-unread" aria-label={t("chat.unread", { count: unread })}>
                {unread > 99 ? "99+" : unread}
              </Badge>
            ) : null}
          </span>
        </span>
      </Link>
      <Form
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          onRemove(entry.conversation.id);
        }}
      >
        <input type="hidden" name="conversation" value={entry.conversation.id} />
        <Button type="submit" name="intent" value="remove" variant="subtle" size="inline" className="h-9 w-9" aria-label={t("chat.remove", { name: p.name })}>
          <TrashIcon className="h-5 w-5" />
        </Button>
      </Form>
    </li>
  );
}

function EmptyInbox() {
  const { t } = useTranslation();
  return (
    <Card padding="none" className="flex flex-col items-center px-6 py-14 text-center" data-testid="chat-list-empty">
      <span className="flex h-20 w-20 items-center justify-center rounded-full bg-accent text-primary">
        <ChatIcon className="h-10 w-10" />
      </span>
      <h2 className="mt-5 text-xl font-bold">{t("chat.emptyTitle")}</h2>
      <p className="mt-2 max-w-sm text-black/60">{t("chat.emptyBody")}</p>
      <Button to="/members" className="mt-6">
        {t("chat.emptyCta")}
      </Button>
    </Card>
  );
}
