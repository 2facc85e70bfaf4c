// The time bonus as the pages show it: loaded with the member (on login and every page load),
// absent when logged out. The countdown starts from the server's remainder; the client clock
// decides nothing about the price (the checkout asks discountForOrder again).
import type { CurrentUser } from "#app/auth/user-context.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { timeBonus } from "./discounts.server.ts";

export const TIME_BONUS_POPUP_ALERT = "time_bonus_popup";

export async function timeBonusState(site: Site, user: Pick<CurrentUser, "id" | "paidUser" | "signupDate"> & Partial<Pick<CurrentUser, "alertDismissals">> | null, now = new Date()) {
  if (!user || user.paidUser) return null;
  const db = getDb();
  const bonus = await timeBonus(db, site, user, now);
  if (!bonus) return null;
  // the request's member carries their dismissals (user-context.server.ts)
  const dismissed = user.alertDismissals
    ? user.alertDismissals.some((d) => d.alert === TIME_BONUS_POPUP_ALERT)
    : await db.alertDismissal.findUnique({ where: { userId_alert: { userId: user.id, alert: TIME_BONUS_POPUP_ALERT } }, select: { userId: true } });
  return { secondsLeft: bonus.secondsLeft, percentage: bonus.percentage, popupDismissed: !!dismissed };
}
