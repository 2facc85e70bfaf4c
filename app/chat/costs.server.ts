// What sending costs. Every message is paid in credits by its sender, at the prices of the
// sender's site (the site the member belongs to and is signed in on): message_credits for a
// text, photo_credits for an image, gift_credits for a gift (or the gift's own price). Free and
// premium members pay alike; see docs/chat.md.
import type { MessagePrice } from "#app/payments/message-price.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { MessageKind } from "./chat-rules.ts";

export type CostSite = Pick<Site, "message_credits" | "photo_credits" | "gift_credits">;

export function messageCost(site: CostSite, kind: MessageKind, gift?: { credits: number | null } | null) {
  if (kind === "text") return site.message_credits;
  if (kind === "image") return site.photo_credits;
  return gift?.credits ?? site.gift_credits;
}

export interface PriceInfo {
  text: number;
  image: number;
  gift: number;
  /** the least one message can cost in money with the packages of the member's payment country, shown before sending */
  minimum: { costs: number; currency: string } | null;
}

export function priceInfo(site: CostSite, minimum: MessagePrice | null): PriceInfo {
  return {
    text: site.message_credits,
    image: site.photo_credits,
    gift: site.gift_credits,
    minimum: minimum && { costs: minimum.costs, currency: minimum.currency },
  };
}
