// A conversation's messages, a page at a time: the newest THREAD_PAGE_SIZE, then older pages on
// demand. Keyset paging on (conversation_id, created_at, id), which the messages index holds in
// that order, so any page costs one index range of page-size entries however long the thread is
// (scripts/bench/chat-thread.ts).
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseId } from "#app/utils/request.server.ts";
import { THREAD_PAGE_SIZE, type MessageKind } from "./chat-rules.ts";
import { kindOf } from "./conversations.server.ts";
import { chatImageUrls } from "./images.server.ts";

export interface ThreadMessage {
  id: number;
  mine: boolean;
  kind: MessageKind;
  body: string | null;
  image: { thumb: string; full: string; width: number; height: number } | null;
  gift: string | null;
  at: string;
  /** the sender's idempotency key, for the sender only: the browser matches its optimistic copy by it */
  clientKey: string | null;
}

export interface Cursor {
  at: Date;
  id: number;
}

/** "<created_at ms>.<id>" of the oldest message shown; anything else is no cursor. */
export function parseCursor(value: string | null): Cursor | null {
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(value ?? "");
  const id = match ? parseId(match[2]) : null;
  if (!match || id === null) return null;
  const at = new Date(Number(match[1]));
  return Number.isNaN(at.getTime()) ? null : { at, id };
}

const cursorOf = (m: { createdAt: Date; id: number }) => `${m.createdAt.getTime()}.${m.id}`;

export interface ThreadPage {
  /** oldest first */
  messages: ThreadMessage[];
  /** the cursor of the next older page, or null at the start of the conversation */
  older: string | null;
}

/** A page of the thread ending before `before` (the newest page without it). The caller checked access. */
export async function loadThread(
  site: Pick<Site, "key">,
  viewer: number,
  conversationId: number,
  before: Cursor | null,
  pageSize = THREAD_PAGE_SIZE,
): Promise<ThreadPage> {
  const rows = await getDb().message.findMany({
    where: {
      conversationId,
      // (created_at, id) < (before.at, before.id), written so that created_at bounds the index range
      ...(before ? { createdAt: { lte: before.at }, OR: [{ createdAt: { lt: before.at } }, { id: { lt: before.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageSize + 1,
    select: {
      id: true,
      senderId: true,
      body: true,
      imageId: true,
      clientKey: true,
      createdAt: true,
      image: { select: { width: true, height: true } },
      gift: { select: { key: true } },
    },
  });
  const page = rows.slice(0, pageSize);
  return {
    older: rows.length > pageSize ? cursorOf(page[page.length - 1]!) : null,
    messages: page.reverse().map((m) => ({
      id: m.id,
      mine: m.senderId === viewer,
      kind: kindOf(m),
      body: m.body,
      image: m.imageId && m.image ? { ...chatImageUrls(site, viewer, m.imageId), width: m.image.width, height: m.image.height } : null,
      gift: m.gift?.key ?? null,
      at: m.createdAt.toISOString(),
      clientKey: m.senderId === viewer ? m.clientKey : null,
    })),
  };
}
