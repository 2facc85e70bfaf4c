// The match moment's first message: what the "It's a match" screen needs to let the member write
// to their match right there (both photos, the price of a message before sending, whether they
// may write at all). The message itself goes through the chat's own send (handleSend, sendMessage):
// the same price, checks, idempotency key and refusals as in the chat.
import type { CurrentUser } from "#app/auth/user-context.server.ts";
import { messagePrice } from "#app/payments/message-price.server.ts";
import { paymentCountry } from "#app/payments/packages.server.ts";
import { cardSelect, toCard } from "#app/profiles/cards.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { newClientKey } from "./chat-rules.ts";
import { chatWith } from "./conversations.server.ts";
import { priceInfo } from "./costs.server.ts";
import { mayStart } from "./send.server.ts";

type Member = Pick<CurrentUser, "paidUser"> & { profile: { id: number; country: string } };

/** null: no profile this site shows the member (or one that blocked them). */
export async function firstMessageScreen(site: Site, user: Member, profileId: number | null) {
  const me = user.profile.id;
  const found = await chatWith(site, me, profileId);
  if (found.kind === "none" || found.kind === "blocked_by_them") return null;
  const conversationId = found.kind === "ok" ? found.conversationId : null;
  const db = getDb();
  const [minimum, startLimited, own] = await Promise.all([
    messagePrice(db, site, paymentCountry(site, user.profile.country)),
    conversationId ? Promise.resolve(false) : mayStart(db, { profileId: me, paidUser: user.paidUser }).then((ok) => !ok),
    db.profile.findUniqueOrThrow({ where: { id: me }, select: cardSelect }),
  ]);
  const mine = toCard(own, site);
  return {
    me: { name: mine.name, photo: mine.display?.url ?? mine.thumb },
    partner: { id: found.partner.id, name: found.partner.name, photo: found.partner.card.display?.url ?? found.partner.card.thumb },
    conversationId,
    /** the member may write (no block either way, not a free member past their conversation starts) */
    canWrite: !found.block && !startLimited,
    prices: priceInfo(site, minimum),
    messageLength: site.message_length,
    clientKey: newClientKey(),
    /** the chat's key for an unsent message (app/components/chat/draft.ts) */
    draftKey: `${me}-${found.partner.id}`,
  };
}

export type FirstMessageScreen = NonNullable<Awaited<ReturnType<typeof firstMessageScreen>>>;
