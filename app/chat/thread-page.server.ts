// What the thread screens (/chats/{id}, /members/{id}/chat) load and how they take a send: shared
// by both route modules, which only say which conversation or profile is meant.
import { data, type RouterContextProvider } from "react-router";
import type { CurrentUser } from "#app/auth/user-context.server.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { readUploadForm } from "#app/media/upload.server.ts";
import { messagePrice } from "#app/payments/message-price.server.ts";
import { paymentCountry } from "#app/payments/packages.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { sharedResults, siteObjectId } from "#app/utils/cache.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { assertCleanForm, formFields, parseId, readForm } from "#app/utils/request.server.ts";
import { newClientKey } from "./chat-rules.ts";
import type { ChatPartner, WriteBlock } from "./conversations.server.ts";
import { markRead } from "./conversations.server.ts";
import { priceInfo, type PriceInfo } from "./costs.server.ts";
import { giftOptions, type GiftOption } from "./gifts.server.ts";
import { mayStart, sendMessage, type ChatTarget, type Content, type SendResult } from "./send.server.ts";
import { loadThread, parseCursor, type ThreadPage } from "./thread.server.ts";

export interface ThreadScreen {
  conversationId: number | null;
  partner: ChatPartner;
  block: WriteBlock | null;
  /** a free member who started their 2 conversations, on a profile they have none with yet */
  startLimited: boolean;
  page: ThreadPage;
  /** when the partner last read the conversation: the viewer's messages up to then show "Seen" */
  seenAt: string | null;
  /** the cursor this page was asked for (no JavaScript: older pages are pages of their own) */
  before: string | null;
  prices: PriceInfo;
  gifts: GiftOption[];
  messageLength: number;
  /** the idempotency key of the next send, for browsers without JavaScript */
  clientKey: string;
  /** where the send footer posts */
  action: string;
  /** the member and partner: the tab keeps an unsent message under it (app/components/chat/draft.ts) */
  draftKey: string;
}

type Member = Pick<CurrentUser, "paidUser"> & { profile: { id: number; country: string } };

export async function threadScreen(
  request: Request,
  site: Site,
  user: Member,
  found: { conversationId: number | null; partner: ChatPartner; block: WriteBlock | null; unreadCount?: number; partnerReadAt?: Date | null },
  action: string,
): Promise<ThreadScreen> {
  const me = user.profile.id;
  const beforeParam = new URL(request.url).searchParams.get("before");
  const before = parseCursor(beforeParam);
  const country = paymentCountry(site, user.profile.country);
  // the gift list and the price line are the same for every member of the site and country (docs/cache.md)
  const [page, gifts, startLimited, minimum] = await Promise.all([
    found.conversationId ? loadThread(site, me, found.conversationId, before) : Promise.resolve({ messages: [], older: null }),
    sharedResults([site.key], `gift-options:${siteObjectId(site)}`, () => giftOptions(site)),
    found.conversationId ? Promise.resolve(false) : mayStart(getDb(), { profileId: me, paidUser: user.paidUser }).then((ok) => !ok),
    sharedResults([site.key], `message-price:${siteObjectId(site)}:${country}`, () => messagePrice(getDb(), site, country)),
  ]);
  const seenAt = found.partnerReadAt ?? null;
  // opening a conversation reads it
  if (found.conversationId && found.unreadCount) await markRead(found.conversationId, me, found.partner.id);
  return {
    conversationId: found.conversationId,
    partner: found.partner,
    block: found.block,
    startLimited,
    page,
    seenAt: seenAt?.toISOString() ?? null,
    before: before ? beforeParam : null,
    prices: priceInfo(site, minimum),
    gifts,
    messageLength: site.message_length,
    clientKey: newClientKey(),
    action,
    draftKey: `${me}-${found.partner.id}`,
  };
}

/** `error: null`: the answer never arrived (the browser lost the connection; app/components/chat/send-client.ts). */
export type SendAnswer =
  | { ok: true; clientKey: string; conversationId: number }
  /** needsCredits: refused for want of credits (the page offers to buy and come back) */
  | { ok: false; error: string | null; clientKey: string | null; body?: string; needsCredits?: boolean };

/**
 * Reads a send from the footer form (multipart with an image, or a plain form) and sends it.
 * Refusals come back as data with their status and the message in the member's language.
 */
export async function handleSend(request: Request, context: Readonly<RouterContextProvider>, site: Site, user: CurrentUser, target: ChatTarget) {
  const { t } = context.get(localeContext);
  const refuse = (status: number, key: string, params?: Record<string, unknown>, extra: Partial<SendAnswer> = {}) =>
    data<SendAnswer>({ ok: false, error: t(key, params), clientKey: null, ...extra } as SendAnswer, { status });
  if (!user.profile) return refuse(404, "chat.errors.notFound");

  let form: FormData;
  if (/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
    const read = await readUploadForm(request);
    if (!read.ok) return refuse(read.error === "photo.tooLarge" ? 413 : 400, read.error);
    form = read.form;
    assertCleanForm(form, context);
  } else {
    form = await readForm(request, context);
  }
  const fields = formFields(form);
  const clientKey = (fields.clientKey ?? "").slice(0, 100);
  const typed = (fields.body ?? "").slice(0, 20_000);
  let content: Content;
  if (fields.gift !== undefined) content = { kind: "gift", giftId: parseId(fields.gift) };
  else if (fields.intent === "image") {
    const file = form.get("image");
    content = { kind: "image", file: file instanceof File ? file : new File([], "none") };
  } else content = { kind: "text", body: fields.icebreaker ?? typed };

  const sent: SendResult = await sendMessage(site, { userId: user.id, profileId: user.profile.id, paidUser: user.paidUser }, target, content, clientKey);
  if (!sent.ok)
    return refuse(sent.status, sent.error, sent.params, {
      clientKey,
      ...(content.kind === "text" ? { body: typed.slice(0, site.message_length * 2) } : {}),
      ...(sent.status === 402 ? { needsCredits: true } : {}),
    });
  return data<SendAnswer>({ ok: true, clientKey, conversationId: sent.conversationId });
}
