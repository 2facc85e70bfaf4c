// Sending a message: the one way a message comes into being (the chat pages and signup's
// message-or-create both call it).
//
// Money: the sender's credits are debited through the ledger (applyCredits) in the same
// transaction that stores the message, after a lock on the sender's user row; so parallel sends
// of one member queue up, a balance for one send stores exactly one message, and nothing is
// stored without being paid or paid without being stored. The client's key makes it
// idempotent: a retry with the same key finds the message and is neither stored nor charged again.
// The one message that costs nothing: the site's team answering as a fictional profile
// (`free`, from the staff console's fictional inbox).
//
// Starting: a free member may start LIMITS.conversationStarts.free conversations, counted from
// the conversations they started, under the same lock; premium members have no limit.
// Replying to a conversation someone else started is not a start.
import { Prisma } from "#app/generated/prisma/client.ts";
import { applyCredits, InsufficientCredits } from "#app/credits/ledger.server.ts";
import { LIMITS } from "#app/limits/rate-limits.server.ts";
import type { PhotoError } from "#app/profiles/photos.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { hasNul } from "#app/utils/request.server.ts";
import { CLIENT_KEY, pairOf, type MessageKind } from "./chat-rules.ts";
import { chatAccess, chatWith, type WriteBlock } from "./conversations.server.ts";
import { messageCost } from "./costs.server.ts";
import { removeChatImageFiles, storeChatImage, type StoredChatImage } from "./images.server.ts";
import { announce } from "#app/live/bus.server.ts";
import { notifyLater } from "#app/notifications/events.server.ts";

type Tx = Prisma.TransactionClient;

export interface Sender {
  userId: number;
  profileId: number;
  paidUser: boolean;
}

export type ChatTarget = { conversationId: number | null } | { profileId: number | null };

export type Content = { kind: "text"; body: string } | { kind: "gift"; giftId: number | null } | { kind: "image"; file: File };

type SendOk = { ok: true; conversationId: number; messageId: number; balance: number; repeated: boolean; partnerId?: number };
export type SendRefused = { ok: false; status: number; error: string; params?: Record<string, unknown> };
export type SendResult = SendOk | SendRefused;

class Refused extends Error {
  constructor(readonly refusal: SendRefused) {
    super(refusal.error);
  }
}

const refused = (status: number, error: string, params?: Record<string, unknown>): SendRefused => ({ ok: false, status, error, ...(params ? { params } : {}) });
const NOT_FOUND = refused(404, "chat.errors.notFound");

const BLOCK_ERRORS: Record<WriteBlock, string> = {
  blocked_by_them: "profileView.blockedBy",
  i_blocked: "chat.errors.youBlocked",
  unconfirmed: "chat.errors.partnerUnconfirmed",
  gone: "chat.errors.partnerGone",
};
const blockRefusal = (block: WriteBlock, name: string) => refused(403, BLOCK_ERRORS[block], { name });

/** Control characters other than line breaks and tabs, and the replacement character of undecodable bytes. */
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;

/** A text message as typed: trimmed, not empty, at most the sender site's message_length, no binary. */
export function checkText(site: Pick<Site, "message_length">, raw: string): { ok: true; body: string } | SendRefused {
  const body = raw.replace(/\r\n?/g, "\n").trim();
  if (hasNul(body) || BINARY.test(body)) return refused(400, "messages.invalidInput");
  if (!body) return refused(400, "chat.errors.empty");
  if ([...body].length > site.message_length) return refused(400, "chat.errors.tooLong", { max: site.message_length });
  return { ok: true, body };
}

const PHOTO_STATUS: Record<PhotoError["error"], number> = { "photo.tooLarge": 413, "photo.invalid": 400, "photo.tooManyPixels": 400, "photo.limit": 400 };

/**
 * One member's sends take turns within this process: a burst waits here, in memory, rather than
 * on the member's row lock while holding connections of the pool (docs/decisions/007). The row
 * lock alone keeps sends exact across processes; `queue: false` leaves the turn out (tests
 * stand in for several processes with it).
 */
const turns = new Map<number, Promise<unknown>>();
function inTurn<T>(userId: number, fn: () => Promise<T>, queue = true): Promise<T> {
  if (!queue) return fn();
  const run = (turns.get(userId) ?? Promise.resolve()).then(fn);
  const done = run.catch(() => undefined);
  turns.set(userId, done);
  void done.then(() => {
    if (turns.get(userId) === done) turns.delete(userId);
  });
  return run;
}

interface SendOptions {
  /** false leaves the in-process turn out (tests stand in for several processes with it) */
  queue?: boolean;
  /**
   * The message costs nothing: only for the site's team answering as a fictional profile
   * (app/staff/fictional-inbox.server.ts); the fictional side never pays.
   */
  free?: boolean;
  /** Runs in the send's transaction after a new message is stored (not for a repeat): the staff audit entry. */
  onStored?: (tx: Tx, sent: SendOk) => Promise<unknown>;
}

export async function sendMessage(
  site: Site,
  sender: Sender,
  target: ChatTarget,
  content: Content,
  clientKey: string,
  { queue = true, free = false, onStored }: SendOptions = {},
): Promise<SendResult> {
  if (!CLIENT_KEY.test(clientKey)) return refused(400, "messages.invalidInput");
  const db = getDb();
  // a retry of a message that is stored already: answered before any upload is processed
  const repeat = await db.message.findUnique({
    where: { senderId_clientKey: { senderId: sender.profileId, clientKey } },
    select: { id: true, conversationId: true },
  });
  if (repeat)
    return {
      ok: true,
      repeated: true,
      conversationId: repeat.conversationId,
      messageId: repeat.id,
      balance: (await db.user.findUniqueOrThrow({ where: { id: sender.userId }, select: { credits: true } })).credits,
    };

  let body: string | null = null;
  let gift: { id: number; credits: number | null } | null = null;
  let image: StoredChatImage | null = null;
  if (content.kind === "text") {
    const text = checkText(site, content.body);
    if (!text.ok) return text;
    body = text.body;
  } else if (content.kind === "gift") {
    gift = content.giftId === null ? null : await db.gift.findFirst({ where: { id: content.giftId, active: true }, select: { id: true, credits: true } });
    if (!gift) return refused(400, "chat.errors.unknownGift");
  }
  // a quick look first, so that a send that cannot go through costs no image decode (the transaction decides)
  const pre = await checkTarget(site, sender, target, db);
  if (!pre.ok) return pre;
  const { credits } = await db.user.findUniqueOrThrow({ where: { id: sender.userId }, select: { credits: true } });
  if (!free && credits < messageCost(site, content.kind, gift)) return refused(402, "messages.notEnoughCredits");
  if (content.kind === "image") {
    if (content.file.size === 0) return refused(400, "photo.invalid");
    const stored = await storeChatImage(content.file);
    if ("error" in stored) return refused(PHOTO_STATUS[stored.error], stored.error);
    image = stored;
  }

  try {
    const result = await inTurn(
      sender.userId,
      () =>
        db.$transaction(
          async (tx) => {
            const sent = await store(tx, site, sender, target, { kind: content.kind, body, gift, image }, clientKey, free);
            if (!sent.repeated) await onStored?.(tx, sent);
            return sent;
          },
          { maxWait: 10_000, timeout: 20_000 },
        ),
      queue,
    );
    if (result.repeated && image) await removeChatImageFiles(image);
    // the partner's pages; not the sender's: its page revalidates after its own send, and a
    // second revalidation started by the event would cancel that one (the balance shown stays stale)
    if (!result.repeated && result.partnerId) announce([result.partnerId], { type: "message", conversationId: result.conversationId });
    // the recipient's e-mail notification (the queue decides whether and when)
    if (!result.repeated && result.partnerId) notifyLater({ kind: "message", messageId: result.messageId });
    return result;
  } catch (error) {
    if (image) await removeChatImageFiles(image);
    if (error instanceof Refused) return error.refusal;
    if (error instanceof InsufficientCredits) return refused(402, "messages.notEnoughCredits");
    throw error;
  }
}

/** A quick look whether the send could go through at all (the transaction decides). */
async function checkTarget(site: Site, sender: Sender, target: ChatTarget, db: Tx): Promise<{ ok: true } | SendRefused> {
  if ("conversationId" in target) {
    const access = await chatAccess(site, sender.profileId, target.conversationId, db);
    if (access.kind === "none") return NOT_FOUND;
    if (access.kind === "blocked_by_them") return blockRefusal("blocked_by_them", access.name);
    return access.block ? blockRefusal(access.block, access.partner.name) : { ok: true };
  }
  const access = await chatWith(site, sender.profileId, target.profileId, db);
  if (access.kind === "none") return NOT_FOUND;
  if (access.kind === "blocked_by_them") return blockRefusal("blocked_by_them", access.name);
  if (access.block) return blockRefusal(access.block, access.partner.name);
  if (access.kind === "new" && !(await mayStart(db, sender))) return refused(403, "messages.premiumOnly");
  return { ok: true };
}

/** Free members start at most LIMITS.conversationStarts.free conversations; premium members any number. */
export async function mayStart(db: Pick<Tx, "conversation">, sender: Pick<Sender, "profileId" | "paidUser">) {
  return sender.paidUser || (await db.conversation.count({ where: { startedById: sender.profileId } })) < LIMITS.conversationStarts.free;
}

interface Prepared {
  kind: MessageKind;
  body: string | null;
  gift: { id: number; credits: number | null } | null;
  image: StoredChatImage | null;
}

/** The send itself, inside the caller's transaction (also signup's). Throws Refused or InsufficientCredits. */
async function store(tx: Tx, site: Site, sender: Sender, target: ChatTarget, content: Prepared, clientKey: string, free = false): Promise<SendOk> {
  // one member's sends, starts and credit changes queue up here
  const [me] = await tx.$queryRaw<{ credits: number }[]>`SELECT credits FROM users WHERE id = ${sender.userId} FOR UPDATE`;
  if (!me) throw new Refused(NOT_FOUND);
  const repeat = await tx.message.findUnique({
    where: { senderId_clientKey: { senderId: sender.profileId, clientKey } },
    select: { id: true, conversationId: true },
  });
  if (repeat) return { ok: true, repeated: true, conversationId: repeat.conversationId, messageId: repeat.id, balance: me.credits };

  const { conversationId, partnerId } = await resolveConversation(tx, site, sender, target);
  const cost = free ? 0 : messageCost(site, content.kind, content.gift);
  const image = content.image
    ? await tx.chatImage.create({ data: { conversationId, uploaderId: sender.profileId, ...content.image }, select: { id: true } })
    : null;
  const message = await tx.message.create({
    data: {
      conversationId,
      senderId: sender.profileId,
      body: content.body,
      imageId: image?.id ?? null,
      giftId: content.gift?.id ?? null,
      creditsCost: cost,
      clientKey,
    },
    select: { id: true, createdAt: true },
  });
  const balance =
    cost > 0
      ? await applyCredits(tx, {
          userId: sender.userId,
          delta: -cost,
          reason: content.kind === "text" ? "message" : content.kind === "image" ? "photo" : "gift",
          idempotencyKey: `chat:${sender.profileId}:${clientKey}`,
          reference: { type: "message", id: String(message.id) },
        })
      : me.credits;
  await tx.conversation.update({ where: { id: conversationId }, data: { lastMessageId: message.id, lastMessageAt: message.createdAt } });
  // the partner gets an unread message, and the chat comes back to both lists if it was removed
  await tx.conversationParticipant.update({
    where: { conversationId_profileId: { conversationId, profileId: partnerId } },
    data: { unreadCount: { increment: 1 }, removedAt: null },
  });
  await tx.conversationParticipant.updateMany({ where: { conversationId, profileId: sender.profileId, removedAt: { not: null } }, data: { removedAt: null } });
  return { ok: true, repeated: false, conversationId, messageId: message.id, balance, partnerId };
}

async function resolveConversation(tx: Tx, site: Site, sender: Sender, target: ChatTarget): Promise<{ conversationId: number; partnerId: number }> {
  if ("conversationId" in target) {
    const access = await chatAccess(site, sender.profileId, target.conversationId, tx);
    if (access.kind === "none") throw new Refused(NOT_FOUND);
    if (access.kind === "blocked_by_them") throw new Refused(blockRefusal("blocked_by_them", access.name));
    if (access.block) throw new Refused(blockRefusal(access.block, access.partner.name));
    return { conversationId: access.conversationId, partnerId: access.partner.id };
  }
  const access = await chatWith(site, sender.profileId, target.profileId, tx);
  if (access.kind === "none") throw new Refused(NOT_FOUND);
  if (access.kind === "blocked_by_them") throw new Refused(blockRefusal("blocked_by_them", access.name));
  if (access.block) throw new Refused(blockRefusal(access.block, access.partner.name));
  if (access.kind === "ok") return { conversationId: access.conversationId, partnerId: access.partner.id };

  // a new conversation: the start limit, counted under the sender's lock
  if (!(await mayStart(tx, sender))) throw new Refused(refused(403, "messages.premiumOnly"));
  const pair = pairOf(sender.profileId, access.partner.id);
  // the partner may be starting the same conversation right now: one row per pair, whoever is first
  await tx.conversation.createMany({ data: [{ ...pair, startedById: sender.profileId }], skipDuplicates: true });
  const conversation = await tx.conversation.findUniqueOrThrow({ where: { lowProfileId_highProfileId: pair }, select: { id: true } });
  await tx.conversationParticipant.createMany({
    data: [
      { conversationId: conversation.id, profileId: sender.profileId },
      { conversationId: conversation.id, profileId: access.partner.id },
    ],
    skipDuplicates: true,
  });
  return { conversationId: conversation.id, partnerId: access.partner.id };
}

/**
 * Signup's message or create: the first message to the profile the visitor signed up for,
 * inside signup's transaction, paid like any message (from the signup credits). When the site
 * no longer shows the profile, or the credits do not cover it, the account is still created and
 * the message is not sent; the result says why.
 */
export async function sendSignupMessage(tx: Tx, site: Site, sender: Sender, profileId: number, text: string): Promise<SendResult> {
  const checked = checkText(site, text);
  if (!checked.ok) return checked;
  try {
    // a savepoint: a refused send leaves the account's transaction usable
    await tx.$executeRaw`SAVEPOINT signup_message`;
    const sent = await store(tx, site, sender, { profileId }, { kind: "text", body: checked.body, gift: null, image: null }, "signup-message");
    await tx.$executeRaw`RELEASE SAVEPOINT signup_message`;
    return sent;
  } catch (error) {
    if (!(error instanceof Refused) && !(error instanceof InsufficientCredits)) throw error;
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT signup_message`;
    return error instanceof Refused ? error.refusal : refused(402, "messages.notEnoughCredits");
  }
}
