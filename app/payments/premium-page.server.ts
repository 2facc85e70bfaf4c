// What /premium and /pricing show: what credits buy on this site, the free and premium rules
// (spec section 6), the refund days and, for a signed-in member who has not paid yet, the active
// discount (time bonus, otherwise welcome) with its end.
import type { CurrentUser } from "#app/auth/user-context.server.ts";
import { LIMITS } from "#app/limits/rate-limits.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { activeDiscount } from "./discounts.server.ts";

/** Spec section 9: premium raises match chances by 46 percent. */
const PREMIUM_MATCH_CLAIM_PERCENT = 46;

export async function premiumFacts(site: Site, user: CurrentUser | null, now = new Date()) {
  const discount = user && !user.paidUser ? await activeDiscount(getDb(), site, user, {}, now) : null;
  return {
    costs: { message: site.message_credits, photo: site.photo_credits, gift: site.gift_credits },
    signupCredits: site.signup_credits,
    refundDays: site.refund_days,
    limits: { freeConversations: LIMITS.conversationStarts.free, freePhotos: LIMITS.photos.free, premiumPhotos: LIMITS.photos.premium },
    claimPercent: PREMIUM_MATCH_CLAIM_PERCENT,
    member: user ? { paidUser: user.paidUser, credits: user.credits } : null,
    discount: discount && {
      percentage: discount.percentage,
      kind: discount.kind ?? "code",
      secondsLeft: discount.endsAt ? Math.max(0, Math.floor((discount.endsAt.getTime() - now.getTime()) / 1000)) : null,
    },
  };
}
