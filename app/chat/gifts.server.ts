// The gift catalogue: rows in `gifts` (key, price, active, order); each key has an image at
// /gifts/<key>.svg and a name under chat.gifts.<key> in every locale.
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { messageCost } from "./costs.server.ts";

/** The catalogue the demo seed writes; `credits: null` takes the sender site's gift_credits. */
export const GIFT_CATALOGUE = [
  { key: "rose", credits: null },
  { key: "heart", credits: null },
  { key: "chocolates", credits: null },
  { key: "coffee", credits: null },
  { key: "cocktail", credits: null },
  { key: "champagne", credits: null },
  { key: "teddy", credits: null },
  { key: "ring", credits: null },
] as const satisfies readonly { key: string; credits: number | null }[];

export interface GiftOption {
  id: number;
  key: string;
  credits: number;
  image: string;
}

const giftImage = (key: string) => `/gifts/${key}.svg`;

/** Active gifts with their price for a sender of `site`. */
export async function giftOptions(site: Pick<Site, "message_credits" | "photo_credits" | "gift_credits">): Promise<GiftOption[]> {
  const gifts = await getDb().gift.findMany({
    where: { active: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, key: true, credits: true },
  });
  return gifts.map((g) => ({ id: g.id, key: g.key, credits: messageCost(site, "gift", g), image: giftImage(g.key) }));
}
