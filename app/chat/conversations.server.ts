// Conversations between two profiles, as one member on one site sees them.
//
// Who may see a conversation: its own two members, on their own sites; a partner whose site
// is not in the viewing site's pool (app/profiles/access.server.ts) makes it "not found". A
// conversation is started from a profile id, and that goes through profileAccess; afterwards
// the conversation id is the handle, so an invisible partner's conversation stays readable.
// Who may write: nobody to or from a member who blocked the other; nobody to an unconfirmed
// member (spec: "an unconfirmed user's chat partner cannot reply"), nor to a deleted, banned or
// disabled one.
import { Prisma } from "#app/generated/prisma/client.ts";
import { inPool, noBlockSql, poolSql, profileAccess } from "#app/profiles/access.server.ts";
import { cardColumnsSql, cardPhotoJoinSql, cardRowOf, cardSelect, toCard, type CardSqlRow } from "#app/profiles/cards.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb, readRows } from "#app/utils/db.server.ts";
import { canReceiveReplies, pairOf, type MessageKind } from "./chat-rules.ts";
import { announce } from "#app/live/bus.server.ts";

type Client = Prisma.TransactionClient;
type PoolSite = Pick<Site, "key" | "network" | "member_resell">;

/** Why the viewer cannot write in a conversation, or null when they can. */
export type WriteBlock = "blocked_by_them" | "i_blocked" | "unconfirmed" | "gone";

const partnerSelect = (viewer: number) =>
  ({
    ...cardSelect,
    siteKey: true,
    network: true,
    status: true,
    invisible: true,
    user: { select: { status: true } },
    blocksGiven: { where: { blockedId: viewer }, select: { blockedId: true } },
    blocksReceived: { where: { blockerId: viewer }, select: { blockerId: true } },
  }) satisfies Prisma.ProfileSelect;

type PartnerRow = Prisma.ProfileGetPayload<{ select: ReturnType<typeof partnerSelect> }>;

function writeBlock(partner: PartnerRow): WriteBlock | null {
  if (partner.blocksGiven.length) return "blocked_by_them";
  if (partner.blocksReceived.length) return "i_blocked";
  if (!canReceiveReplies(partner.user)) return partner.user.status === "not_confirmed" ? "unconfirmed" : "gone";
  if (partner.status !== "active") return "gone";
  return null;
}

export interface ChatPartner {
  id: number;
  name: string;
  /** `online` is false for a partner in invisible mode */
  card: ReturnType<typeof toCard>;
  /** when the partner was last active; null in invisible mode (they show neither online nor last seen) */
  lastSeen: string | null;
  /** the partner's profile page is open to the viewer (not invisible, active) */
  profileVisible: boolean;
}

function toPartner(row: PartnerRow, site: Site): ChatPartner {
  const card = toCard(row, site);
  return {
    id: row.id,
    name: row.name,
    card: row.invisible ? { ...card, online: false } : card,
    lastSeen: row.invisible ? null : row.lastActiveAt.toISOString(),
    profileVisible: row.status === "active" && !row.invisible,
  };
}

export type ChatAccess =
  | { kind: "none" }
  | { kind: "blocked_by_them"; name: string }
  /** partnerReadAt: when the partner last read the conversation (their "Seen") */
  | { kind: "ok"; conversationId: number; partner: ChatPartner; block: WriteBlock | null; unreadCount: number; partnerReadAt: Date | null };

interface PartnerSqlRow extends CardSqlRow {
  unreadCount: number;
  partnerReadAt: Date | null;
  siteKey: string;
  network: string;
  status: PartnerRow["status"];
  invisible: boolean;
  userStatus: PartnerRow["user"]["status"];
  blocksMe: boolean;
  iBlocked: boolean;
}

/**
 * Conversation `conversationId` as profile `viewer` sees it on `site` (every thread page and
 * every send asks: one statement, partnerSelect in SQL, with when the partner last read it).
 */
export async function chatAccess(site: Site, viewer: number, conversationId: number | null, db: Client = getDb()): Promise<ChatAccess> {
  if (conversationId === null) return { kind: "none" };
  const me = Prisma.sql`${viewer}::int`;
  const [row] = await readRows<PartnerSqlRow>(
    Prisma.sql`
    SELECT cp.unread_count AS "unreadCount", op.last_read_at AS "partnerReadAt", ${cardColumnsSql("o")},
      o.site_key AS "siteKey", o.network, o.status::text AS status, o.invisible, u.status::text AS "userStatus",
      EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = o.id AND b.blocked_id = ${me}) AS "blocksMe",
      EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${me} AND b.blocked_id = o.id) AS "iBlocked"
    FROM conversation_participants cp
    JOIN conversation_participants op ON op.conversation_id = cp.conversation_id AND op.profile_id <> ${me}
    JOIN profiles o ON o.id = op.profile_id
    JOIN users u ON u.id = o.user_id
    ${cardPhotoJoinSql("o")}
    WHERE cp.conversation_id = ${conversationId}::int AND cp.profile_id = ${me}
    LIMIT 1`,
    db,
  );
  if (!row || !inPool(site, row)) return { kind: "none" };
  const partner: PartnerRow = {
    ...cardRowOf(row),
    siteKey: row.siteKey,
    network: row.network,
    status: row.status,
    invisible: row.invisible,
    user: { status: row.userStatus },
    blocksGiven: row.blocksMe ? [{ blockedId: viewer }] : [],
    blocksReceived: row.iBlocked ? [{ blockerId: viewer }] : [],
  };
  if (partner.blocksGiven.length) return { kind: "blocked_by_them", name: partner.name };
  return {
    kind: "ok",
    conversationId,
    partner: toPartner(partner, site),
    block: writeBlock(partner),
    unreadCount: row.unreadCount,
    partnerReadAt: row.partnerReadAt,
  };
}

export type ChatWith =
  | { kind: "none" }
  | { kind: "blocked_by_them"; name: string }
  | { kind: "ok"; conversationId: number; partner: ChatPartner; block: WriteBlock | null; unreadCount: number; partnerReadAt: Date | null }
  /** no conversation yet: the first message starts one */
  | { kind: "new"; partner: ChatPartner; block: WriteBlock | null };

/** The conversation with profile `profileId` (members/{id}/chat): the profile must be one this site shows the viewer. */
export async function chatWith(site: Site, viewer: number, profileId: number | null, db: Client = getDb()): Promise<ChatWith> {
  const access = await profileAccess(site, viewer, profileId, db);
  if (access.kind === "none" || access.kind === "own") return { kind: "none" };
  if (access.kind === "blocked_by_them") return { kind: "blocked_by_them", name: access.name };
  const existing = await db.conversation.findUnique({ where: { lowProfileId_highProfileId: pairOf(viewer, access.id) }, select: { id: true } });
  if (existing) return chatAccess(site, viewer, existing.id, db);
  const partner = await db.profile.findUniqueOrThrow({ where: { id: access.id }, select: partnerSelect(viewer) });
  return { kind: "new", partner: toPartner(partner, site), block: writeBlock(partner) };
}

export interface ChatEntry {
  conversation: { id: number };
  profile: ReturnType<typeof toCard>;
  num_unread_messages: number;
  last_message: { mine: boolean; kind: MessageKind; text: string | null; gift: string | null; at: string } | null;
}

const PREVIEW_LENGTH = 120;

interface ChatListRow extends CardSqlRow {
  conversationId: number;
  unreadCount: number;
  invisible: boolean;
  messageId: number | null;
  senderId: number | null;
  body: string | null;
  imageId: number | null;
  giftKey: string | null;
  messageAt: Date | null;
}

/**
 * The conversation list (spec: chats): newest first. Also the data of GET /api/chats.php.
 * Listed: not removed, the partner in the pool, no block either way (every chat page reads it, without the ORM).
 */
export async function chatList(site: Site, viewer: number, { limit = 200 } = {}): Promise<ChatEntry[]> {
  const me = Prisma.sql`${viewer}::int`;
  const rows = await readRows<ChatListRow>(Prisma.sql`
    SELECT cp.conversation_id AS "conversationId", cp.unread_count AS "unreadCount", o.invisible, ${cardColumnsSql("o")},
      m.id AS "messageId", m.sender_id AS "senderId", m.body, m.image_id AS "imageId", g.key AS "giftKey", m.created_at AS "messageAt"
    FROM conversation_participants cp
    JOIN conversations c ON c.id = cp.conversation_id
    JOIN conversation_participants op ON op.conversation_id = cp.conversation_id AND op.profile_id <> ${me}
    JOIN profiles o ON o.id = op.profile_id
    ${cardPhotoJoinSql("o")}
    LEFT JOIN messages m ON m.id = c.last_message_id
    LEFT JOIN gifts g ON g.id = m.gift_id
    WHERE cp.profile_id = ${me} AND cp.removed_at IS NULL AND ${poolSql(site, Prisma.raw("o"))} AND ${noBlockSql(Prisma.raw("o"), me)}
    ORDER BY c.last_message_at DESC, cp.conversation_id DESC
    LIMIT ${limit}`);
  return rows.map((r) => ({
    conversation: { id: r.conversationId },
    profile: { ...toCard(cardRowOf(r), site), ...(r.invisible ? { online: false } : {}) },
    num_unread_messages: r.unreadCount,
    last_message:
      r.messageId !== null
        ? {
            mine: r.senderId === viewer,
            kind: kindOf({ imageId: r.imageId, body: r.body, gift: r.giftKey }),
            text: r.body ? r.body.slice(0, PREVIEW_LENGTH) : null,
            gift: r.giftKey,
            at: r.messageAt!.toISOString(),
          }
        : null,
  }));
}

/** A message without text, image or gift had an image that its sender's deleted account took along. */
export const kindOf = (m: { imageId: number | null; gift: unknown; body: string | null }): MessageKind =>
  m.imageId || (m.body === null && !m.gift) ? "image" : m.gift ? "gift" : "text";

/** Unread messages over the viewer's listed conversations (the top bar's badge), as an SQL expression: chatList's rule. */
export function unreadTotalSql(site: PoolSite, viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT COALESCE(SUM(cp.unread_count), 0)::int FROM conversation_participants cp
    WHERE cp.profile_id = ${viewer} AND cp.removed_at IS NULL AND cp.unread_count > 0
      AND EXISTS (SELECT 1 FROM conversation_participants op JOIN profiles o ON o.id = op.profile_id
        WHERE op.conversation_id = cp.conversation_id AND op.profile_id <> ${viewer} AND ${poolSql(site, Prisma.raw("o"))} AND ${noBlockSql(Prisma.raw("o"), viewer)}))`;
}

export async function unreadTotal(site: PoolSite, viewer: number): Promise<number> {
  const [row] = await getDb().$queryRaw<[{ unread: number }]>`SELECT ${unreadTotalSql(site, Prisma.sql`${viewer}::int`)} AS unread`;
  return row.unread;
}

/** Opening a conversation reads it: its unread count becomes zero, and the partner's page shows "Seen". */
export async function markRead(conversationId: number, viewer: number, partner: number) {
  const { count } = await getDb().conversationParticipant.updateMany({
    where: { conversationId, profileId: viewer, unreadCount: { gt: 0 } },
    data: { unreadCount: 0, lastReadAt: new Date() },
  });
  if (!count) return;
  announce([viewer], { type: "read", conversationId }); // the badge in the member's other tabs
  announce([partner], { type: "seen", conversationId });
}

/**
 * Removes the conversation from the viewer's list (DELETE /api/chat.php). It comes back when
 * either member writes in it again. False when the viewer may not see it (404).
 */
export async function removeChat(site: Site, viewer: number, conversationId: number | null): Promise<boolean> {
  const access = await chatAccess(site, viewer, conversationId);
  if (access.kind === "none") return false;
  await getDb().conversationParticipant.updateMany({
    where: { conversationId: conversationId!, profileId: viewer },
    data: { removedAt: new Date(), unreadCount: 0 },
  });
  return true;
}
