// A conversation's messages, a page at a time: the newest THREAD_PAGE_SIZE, then older pages on
// demand. Keyset paging on (conversation_id, created_at, id), which the messages index holds in
// that order, so any page costs one index range of page-size entries however long the thread is
// (scripts/bench/chat-thread.ts).
import { Prisma } from "#app/generated/prisma/client.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { readRows } from "#app/utils/db.server.ts";
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

interface MessageRow {
  id: number;
  senderId: number;
  body: string | null;
  imageId: number | null;
  clientKey: string;
  createdAt: Date;
  imageWidth: number | null;
  imageHeight: number | null;
  giftKey: string | null;
}

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
  // (created_at, id) < (before.at, before.id), written so that created_at bounds the index range
  const older = before ? Prisma.sql`AND m.created_at <= ${before.at} AND (m.created_at < ${before.at} OR m.id < ${before.id}::int)` : Prisma.empty;
  const rows = await readRows<MessageRow>(Prisma.sql`
    SELECT m.id, m.sender_id AS "senderId", m.body, m.image_id AS "imageId", m.client_key AS "clientKey", m.created_at AS "createdAt",
      i.width AS "imageWidth", i.height AS "imageHeight", g.key AS "giftKey"
    FROM messages m LEFT JOIN chat_images i ON i.id = m.image_id LEFT JOIN gifts g ON g.id = m.gift_id
    WHERE m.conversation_id = ${conversationId}::int ${older}
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT ${pageSize + 1}`);
  const page = rows.slice(0, pageSize);
  return {
    older: rows.length > pageSize ? cursorOf(page[page.length - 1]!) : null,
    messages: page.reverse().map((m) => ({
      id: m.id,
      mine: m.senderId === viewer,
      kind: kindOf({ imageId: m.imageId, body: m.body, gift: m.giftKey }),
      body: m.body,
      image: m.imageId && m.imageWidth !== null ? { ...chatImageUrls(site, viewer, m.imageId), width: m.imageWidth, height: m.imageHeight! } : null,
      gift: m.giftKey,
      at: m.createdAt.toISOString(),
      clientKey: m.senderId === viewer ? m.clientKey : null,
    })),
  };
}
