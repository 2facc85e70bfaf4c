// The time bonus as the pages show it: loaded with the member (on login and every page load),
// absent when logged out. The countdown starts from the server's remainder; the client clock
// decides nothing about the price (the checkout asks discountForOrder again).
import type { CurrentUser } from "#app/auth/user-context.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { automaticRows, timeBonus } from "./discounts.server.ts";

const TIME_BONUS_POPUP_ALERT = "time_bonus_popup";

const ROWS_TTL_MS = 60_000;

/**
 * The site's time-bonus rows, read once a minute rather than on every page: they are the same
 * for every member and change only when an operator edits them. A minute's staleness shows at
 * most a countdown; the price is decided by the checkout, which reads the rows itself.
 */
const rowsCache = () => singleton("timeBonusRows", () => new Map<string, { at: number; rows: ReturnType<typeof automaticRows> }>());

/** After the offers console changed a site's time bonus: this process reads the rows again (others within ROWS_TTL_MS). */
export const forgetTimeBonusRows = (siteKey: string) => void rowsCache().delete(siteKey);

function cachedTimeBonusRows(site: Site) {
  const cache = rowsCache();
  const hit = cache.get(site.key);
  if (hit && Date.now() - hit.at < ROWS_TTL_MS) return hit.rows;
  const rows = automaticRows(getDb(), site, "time_bonus");
  rows.catch(() => cache.delete(site.key));
  cache.set(site.key, { at: Date.now(), rows });
  return rows;
}

export async function timeBonusState(
  site: Site,
  user: (Pick<CurrentUser, "id" | "paidUser" | "signupDate"> & Partial<Pick<CurrentUser, "alertDismissals">>) | null,
  now = new Date(),
) {
  if (!user || user.paidUser) return null;
  const db = getDb();
  const bonus = await timeBonus(db, site, user, now, cachedTimeBonusRows(site));
  if (!bonus) return null;
  // the request's member carries their dismissals (user-context.server.ts)
  const dismissed = user.alertDismissals
    ? user.alertDismissals.some((d) => d.alert === TIME_BONUS_POPUP_ALERT)
    : await db.alertDismissal.findUnique({ where: { userId_alert: { userId: user.id, alert: TIME_BONUS_POPUP_ALERT } }, select: { userId: true } });
  return { secondsLeft: bonus.secondsLeft, percentage: bonus.percentage, popupDismissed: !!dismissed };
}
