// The scheduled mails that no member action triggers: the activation reminder (a member who
// signed up but never confirmed the address, once, a day after signup) and the weekly update
// (new members with a photo from the member's pool, once per ISO week). The scans pick who is
// due; each member's mail then goes through deliverNotification like every other notification
// (switches, disabled addresses, quiet hours, the daily cap, once per key).
import { issueToken } from "#app/auth/tokens.server.ts";
import { ageFrom } from "#app/profiles/age.ts";
import { searchDefaults } from "#app/search/search-params.ts";
import { searchWhere } from "#app/search/search.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import type { Notification } from "./delivery.server.ts";

/** The activation reminder goes this long after signup, and not to signups older than a week. */
export const ACTIVATION_REMINDER_AFTER_MS = 24 * 3600_000;
const ACTIVATION_REMINDER_UNTIL_MS = 7 * 24 * 3600_000;
/** New members shown in a weekly update. */
const WEEKLY_FACES = 6;
const WEEK_MS = 7 * 24 * 3600_000;
const SCAN_BATCH = 5_000;
export const WEEKLY_SCAN_BATCH = 5_000;

/** "2026-W48": the ISO week of `date` (UTC), the weekly update's once-per-week key. */
export function isoWeek(date: Date) {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

export async function dueActivationReminders(now = new Date()) {
  const latest = new Date(now.getTime() - ACTIVATION_REMINDER_AFTER_MS);
  const earliest = new Date(now.getTime() - ACTIVATION_REMINDER_UNTIL_MS);
  return getDb().$queryRaw<{ userId: number }[]>`
    SELECT u.id AS "userId" FROM users u
    WHERE u.status = 'not_confirmed' AND u.signup_date BETWEEN ${earliest} AND ${latest}
      AND coalesce(cardinality(u.notifications_disabled), 0) = 0
      AND NOT ('reminders' = ANY(coalesce(u.notifications_off, '{}')))
      AND NOT EXISTS (SELECT 1 FROM notification_sends s WHERE s.key = 'activation:' || u.id)
    LIMIT ${SCAN_BATCH}`;
}

export function activationReminder(userId: number): Notification {
  return {
    key: `activation:${userId}`,
    userId,
    type: "reminders",
    kind: "activationReminder",
    path: "/activate",
    // a fresh link, made only once the mail is claimed (a reminder that is not sent issues no token)
    link: async () => `/activate?token=${await issueToken(userId, "activation")}`,
  };
}

/** One batch of members due this week's update, by id after `afterId`; a full batch means the scan goes on from its last id. */
export async function dueWeeklyUpdates(now = new Date(), afterId = 0) {
  const week = isoWeek(now);
  const rows = await getDb().$queryRaw<{ userId: number }[]>`
    SELECT u.id AS "userId" FROM users u JOIN profiles p ON p.user_id = u.id
    WHERE u.id > ${afterId} AND u.status = 'active' AND NOT p.fictional AND coalesce(cardinality(u.notifications_disabled), 0) = 0
      AND NOT ('weekly_updates' = ANY(coalesce(u.notifications_off, '{}')))
      AND NOT EXISTS (SELECT 1 FROM notification_sends s WHERE s.key = 'weekly:' || u.id || ':' || ${week})
    ORDER BY u.id
    LIMIT ${WEEKLY_SCAN_BATCH}`;
  return { week, due: rows.map((r) => r.userId), next: rows.length === WEEKLY_SCAN_BATCH ? rows.at(-1)!.userId : null };
}

/** The weekly update of one member: the newest members with a photo who joined in the last 7 days and whom the member's search would show; null when there are none. */
export async function weeklyUpdate(userId: number, week: string, now = new Date()): Promise<Notification | null> {
  const member = await getDb().user.findUnique({ where: { id: userId }, select: { siteKey: true, profile: { select: { id: true, seeking: true } } } });
  const site = member && getSiteRegistry().byKey.get(member.siteKey);
  if (!member?.profile || !site) return null;
  const wanted = searchDefaults(site, member.profile.seeking);
  const faces = await getDb().profile.findMany({
    where: {
      ...searchWhere(site, member.profile.id, { ...wanted, country: null, region: null }),
      createdAt: { gte: new Date(now.getTime() - WEEK_MS) },
      mainPhotoId: { not: null },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: WEEKLY_FACES,
    select: { id: true, name: true, dateOfBirth: true, city: true },
  });
  if (!faces.length) return null;
  return {
    key: `weekly:${userId}:${week}`,
    userId,
    type: "weekly_updates",
    kind: "weeklyUpdate",
    path: "/members",
    profiles: faces.map((f) => ({ name: f.name, age: ageFrom(f.dateOfBirth), city: f.city, path: `/members/${f.id}` })),
  };
}
