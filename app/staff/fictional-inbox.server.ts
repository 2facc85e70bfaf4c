// The fictional inbox: the site's team operates its fictional profiles (the footer says some
// profiles are operated for entertainment), so a member's paid message to one is read and
// answered here. Support and admins see the conversations of one site's fictional profiles with
// real members, those waiting for an answer (the member wrote last) first; a thread opens
// read-only with a reply box that sends as the fictional profile through the chat's one send
// path, free (the fictional side never pays), announced live and notified like any message,
// with its audit entry in the send's transaction. A real member's conversation, or another
// site's, is never listed and never opens.
import { Prisma } from "#app/generated/prisma/client.ts";
import { sendMessage, type SendResult } from "#app/chat/send.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { audit } from "./audit.server.ts";
import type { FictionalReplyInput } from "./fictional-reply-schema.ts";
import type { StaffUser } from "./session.server.ts";

const INBOX_PAGE = 100;
const THREAD_LIMIT = 500;

interface Row {
  id: number;
  lastMessageAt: Date;
  fictionalId: number;
  fictionalUserId: number;
  fictionalName: string;
  memberId: number;
  memberUserId: number;
  memberName: string;
  memberSite: string;
  waiting: boolean;
  lastBody: string | null;
}

/** A conversation of a fictional profile of `siteKey` with a real member; `only` narrows to one conversation. */
function inboxRows(siteKey: string, only: number | null, limit: number) {
  return getDb().$queryRaw<Row[]>`
    SELECT c.id, c.last_message_at AS "lastMessageAt",
      f.id AS "fictionalId", f.user_id AS "fictionalUserId", f.name AS "fictionalName",
      m.id AS "memberId", m.user_id AS "memberUserId", m.name AS "memberName", m.site_key AS "memberSite",
      coalesce(lm.sender_id = m.id, false) AS waiting, lm.body AS "lastBody"
    FROM conversations c
    JOIN conversation_participants fp ON fp.conversation_id = c.id
    JOIN profiles f ON f.id = fp.profile_id AND f.fictional AND f.site_key = ${siteKey}
    JOIN conversation_participants mp ON mp.conversation_id = c.id AND mp.profile_id <> f.id
    JOIN profiles m ON m.id = mp.profile_id AND NOT m.fictional
    LEFT JOIN messages lm ON lm.id = c.last_message_id
    WHERE ${only === null ? Prisma.sql`TRUE` : Prisma.sql`c.id = ${only}`}
    ORDER BY waiting DESC, c.last_message_at DESC, c.id DESC
    LIMIT ${limit}`;
}

/** The site's fictional conversations: waiting for an answer first, then the newest. */
export async function fictionalInbox(site: Pick<Site, "key">) {
  return (await inboxRows(site.key, null, INBOX_PAGE)).map((r) => ({
    id: r.id,
    lastMessageAt: r.lastMessageAt,
    waiting: r.waiting,
    fictional: { id: r.fictionalId, name: r.fictionalName },
    member: { id: r.memberId, userId: r.memberUserId, name: r.memberName, site: r.memberSite },
    lastBody: r.lastBody?.slice(0, 120) ?? null,
  }));
}

async function inboxConversation(site: Pick<Site, "key">, id: number) {
  const [row] = await inboxRows(site.key, id, 1);
  return row ?? null;
}

/** One fictional conversation of the site with its whole thread (its newest 500 messages), or null. */
export async function fictionalConversation(site: Pick<Site, "key">, id: number) {
  const row = await inboxConversation(site, id);
  if (!row) return null;
  const messages = (
    await getDb().message.findMany({
      where: { conversationId: id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: THREAD_LIMIT,
      select: { id: true, senderId: true, body: true, imageId: true, giftId: true, creditsCost: true, createdAt: true },
    })
  ).reverse();
  return {
    id: row.id,
    waiting: row.waiting,
    fictional: { id: row.fictionalId, name: row.fictionalName },
    member: { id: row.memberId, userId: row.memberUserId, name: row.memberName, site: row.memberSite },
    messages: messages.map((m) => ({ ...m, fromFictional: m.senderId === row.fictionalId })),
  };
}

/**
 * Staff answer as the fictional profile: the chat's send (its checks, live event and
 * notification), free, the audit entry in the send's transaction. A retry with the same key
 * stores, and audits, nothing again.
 */
export async function replyAsFictional(staff: StaffUser, site: Site, id: number, input: FictionalReplyInput): Promise<SendResult> {
  const row = await inboxConversation(site, id);
  if (!row) return { ok: false, status: 404, error: "staff.fictional.notFound" };
  return sendMessage(
    site,
    { userId: row.fictionalUserId, profileId: row.fictionalId, paidUser: true },
    { conversationId: id },
    { kind: "text", body: input.body },
    input.clientKey,
    {
      free: true,
      onStored: async (tx, sent) => {
        // answering reads the conversation: the member's messages up to now show "Seen"
        await tx.conversationParticipant.updateMany({
          where: { conversationId: id, profileId: row.fictionalId },
          data: { unreadCount: 0, lastReadAt: new Date() },
        });
        await audit(
          staff,
          {
            action: "fictional.reply",
            siteKey: site.key,
            userId: row.memberUserId,
            after: { conversationId: id, messageId: sent.messageId, fictionalProfileId: row.fictionalId, memberProfileId: row.memberId },
          },
          tx,
        );
      },
    },
  );
}
