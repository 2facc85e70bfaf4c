// Whether and when a member gets a notification e-mail. One function decides it for every kind:
// the member is active (never a deleted, pending-deletion, banned or unconfirmed account, except
// for the activation reminder, which only an unconfirmed one gets) and
// real (not a fictional profile), mail is not disabled for the address (bounce, spam mark,
// unsubscribe), the type is switched on, it is not night in the member's country (the job then
// waits until morning), and the member got fewer than DAILY_CAP notification mails in the last
// 24 hours. The cap and "each notification once" are decided under a per-member advisory lock,
// so parallel events cannot overshoot it.
import type { Prisma } from "#app/generated/prisma/client.ts";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { canonicalDomain, type Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import type { NotificationTypeName } from "./notification-types.ts";
import { sendNotificationMail, type MailProfile, type NotificationMailKind } from "./notification-mails.server.ts";
import { parseQuietHours, quietDelayMs } from "./quiet-hours.ts";

/** Notification e-mails per member in any 24 hours. */
export const DAILY_CAP = 5;
/** Advisory lock namespace of the per-member cap (negative: never a profile id of lockPair). */
const CAP_LOCK = -10;

export interface Notification {
  /** unique per notification: `message:<id>`, `like:<liker>:<liked>`, `unread:<user>:<message>` */
  key: string;
  userId: number;
  type: NotificationTypeName;
  kind: NotificationMailKind;
  name?: string;
  path: string;
  /** the other member's profile (liker), where a push links to it */
  profileId?: number;
  /** the button's link when it must be made once the mail is claimed (a one-time token); `path` otherwise */
  link?: () => Promise<string>;
  /** members listed in the mail (weekly update) */
  profiles?: MailProfile[];
}

export type Outcome = { sent: true } | { sent: false; reason: "not_eligible" | "switched_off" | "capped" } | { sent: false; reason: "quiet"; delayMs: number };

/** The public origin of a site for links in mails sent outside a request: its canonical domain. */
export function siteOrigin(site: Site) {
  const env = getEnv();
  const port = env.PUBLIC_PORT ?? (env.HTTPS ? undefined : env.PORT);
  const defaultPort = env.HTTPS ? 443 : 80;
  return `${env.HTTPS ? "https" : "http"}://${canonicalDomain(site)}${port && port !== defaultPort ? `:${port}` : ""}`;
}

export const mailLocale = (site: Site, language: string | null): Locale =>
  language && isLocale(language) && site.locales.includes(language) ? language : site.locales[0]!;

/** What a mail's recipient is judged by and addressed with (notifications and campaigns alike). */
export const MAIL_RECIPIENT = {
  id: true,
  siteKey: true,
  email: true,
  status: true,
  language: true,
  notificationsOff: true,
  notificationsDisabled: true,
  profile: { select: { name: true, fictional: true, country: true } },
} satisfies Prisma.UserSelect;
type MailRecipient = Prisma.UserGetPayload<{ select: typeof MAIL_RECIPIENT }>;

/**
 * Why this member gets no mail of this type, or null when they may: an account in `status`
 * (active, but for the activation reminder) with a real profile, mail not disabled for the
 * address, the type switched on. Night and the daily cap only delay.
 */
export function mailRefusal(user: MailRecipient | null, type: NotificationTypeName, status: "active" | "not_confirmed" = "active") {
  if (!user?.profile || user.profile.fictional || user.status !== status || user.notificationsDisabled.length) return "not_eligible";
  if (user.notificationsOff.includes(type)) return "switched_off";
  return null;
}

/**
 * One notification mail counted against the member's daily cap, in the caller's transaction:
 * under the member's advisory lock, "again" when the key was claimed before, "capped" when the
 * member had DAILY_CAP mails in the last 24 hours, "claimed" otherwise (the send is recorded).
 * Every notification mail (events, reminders, campaigns) claims through here.
 */
export async function claimNotificationMail(
  tx: Prisma.TransactionClient,
  send: { key: string; userId: number; type: NotificationTypeName },
  now: Date,
): Promise<"again" | "capped" | "claimed"> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CAP_LOCK}::int, ${send.userId}::int)`;
  if (await tx.notificationSend.findUnique({ where: { key: send.key }, select: { key: true } })) return "again";
  const recent = await tx.notificationSend.count({ where: { userId: send.userId, createdAt: { gt: new Date(now.getTime() - 24 * 3600_000) } } });
  if (recent >= DAILY_CAP) return "capped";
  await tx.notificationSend.create({ data: { key: send.key, userId: send.userId, type: send.type, createdAt: now } });
  return "claimed";
}

export async function deliverNotification(n: Notification, { now = new Date(), skipQuiet = false } = {}): Promise<Outcome> {
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: n.userId }, select: MAIL_RECIPIENT });
  const site = user && getSiteRegistry().byKey.get(user.siteKey);
  // the activation reminder is the one mail for an account that is not active yet
  const refusal = mailRefusal(user, n.type, n.kind === "activationReminder" ? "not_confirmed" : "active");
  if (refusal) return { sent: false, reason: refusal };
  if (!user?.profile || !site) return { sent: false, reason: "not_eligible" };
  const delayMs = skipQuiet ? 0 : quietDelayMs(parseQuietHours(getEnv().NOTIFICATION_QUIET_HOURS), user.profile.country, now);
  if (delayMs > 0) return { sent: false, reason: "quiet", delayMs };

  const claim = await db.$transaction((tx) => claimNotificationMail(tx, { key: n.key, userId: user.id, type: n.type }, now));
  if (claim === "capped") return { sent: false, reason: "capped" };
  // claimed now, or by an earlier run of this job that may have died before queueing the mail:
  // the mail id is the notification's, so queueing it again sends it at most once
  await sendNotificationMail(
    {
      kind: n.kind,
      type: n.type,
      site,
      origin: siteOrigin(site),
      locale: mailLocale(site, user.language),
      userId: user.id,
      to: user.email,
      recipientName: user.profile.name,
      name: n.name,
      path: n.link ? await n.link() : n.path,
      profiles: n.profiles,
    },
    `notify-${n.key.replace(/[^A-Za-z0-9_-]/g, "-")}`,
  );
  return { sent: true };
}
