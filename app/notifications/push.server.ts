// Web push of new messages, likes and matches. A notification the mail jobs computed
// (jobs.server.ts) is handed to the push queue once: one fan-out job per notification
// (`push-<key>`) decides whether the member gets a push and queues one delivery job per device
// (`push-<key>-d<subscription>`), so a retry after a push service error sends only to the device
// that failed, and the same notification never reaches a device twice. The text is in the
// recipient's language and site brand, the link on the recipient's site. A subscription the push
// service answers 404 or 410 is gone for good and deleted.
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { lazyRequire } from "#app/utils/lazy-require.server.ts";
import { mailLocale, siteOrigin, type Notification } from "./delivery.server.ts";
import { knownPushService } from "./push-subscriptions.server.ts";
import type { NotificationTypeName } from "./notification-types.ts";

const webPush = lazyRequire<typeof import("web-push")>("web-push");

/** A member counts as looking at the site when a request of theirs was recorded this recently
 * (profiles.last_active_at) and no page of theirs reported itself hidden since. */
const PAGE_ACTIVE_MS = 2 * 60_000;
/** How long a push service keeps an undelivered push (the member's device is offline). */
const PUSH_TTL_S = 24 * 3600;

type PushKind = "newMessage" | "newConversation" | "like" | "match";

export type PushJob =
  | { kind: "notify"; key: string; userId: number; push: PushKind; name?: string; path: string }
  | { kind: "device"; key: string; subscriptionId: number; payload: PushPayload };

interface PushPayload {
  title: string;
  body: string;
  icon: string;
  /** absolute URL on the recipient's site that a click opens */
  url: string;
  /** what happened, for the open pages: they reload chats and likes */
  kind: PushKind;
  /** one notification per conversation or profile on the device (a newer one replaces it) */
  tag: string;
}

const PUSH_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: "exponential" as const, delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: false,
};

const safeId = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, "-");
export const pushJobId = (job: PushJob) => (job.kind === "notify" ? `push-${safeId(job.key)}` : `push-${safeId(job.key)}-d${job.subscriptionId}`);

export async function enqueuePush(job: PushJob) {
  await getQueue(QUEUE_NAMES.push).add(job.kind, job, { ...PUSH_JOB_OPTIONS, jobId: pushJobId(job) });
}

/** The mail notification's push: messages, likes and matches (reminders are mail only). */
export function pushOf(n: Notification): PushJob | null {
  if (n.kind === "unreadReminder" || n.kind === "activationReminder" || n.kind === "weeklyUpdate") return null;
  // a match opens the other member's profile; a message its conversation; a like the likes page
  const path = n.kind === "match" && n.profileId ? `/members/${n.profileId}` : n.path;
  return { kind: "notify", key: n.key, userId: n.userId, push: n.kind, name: n.name, path };
}

function pushText(locale: Parameters<typeof getFixedT>[0], kind: PushKind, vars: { name: string; siteName: string }) {
  const t = getFixedT(locale, "mail");
  return { title: t(`push.${kind}.title`, vars), body: t(`push.${kind}.body`, vars) };
}

type Decision = { push: true; devices: number } | { push: false; reason: "no_key" | "not_eligible" | "switched_off" | "page_visible" | "no_devices" };

/** The notification type whose push switch (users.push_off) decides a push: a match is a like. */
const PUSH_TYPE: Record<PushKind, NotificationTypeName> = {
  newMessage: "new_messages",
  newConversation: "new_conversations",
  like: "like",
  match: "like",
};

/** Fan-out: is the member to be pushed, and to which devices. */
export async function runPushNotify(job: Extract<PushJob, { kind: "notify" }>, now = new Date()): Promise<Decision> {
  if (!getEnv().vapid) return { push: false, reason: "no_key" };
  const user = await getDb().user.findUnique({
    where: { id: job.userId },
    select: {
      id: true,
      siteKey: true,
      status: true,
      language: true,
      pageHiddenAt: true,
      pushOff: true,
      profile: { select: { fictional: true, lastActiveAt: true } },
      pushSubscriptions: { select: { id: true }, orderBy: { id: "asc" } },
    },
  });
  const site = user && getSiteRegistry().byKey.get(user.siteKey);
  if (!user || !site || !user.profile || user.profile.fictional || user.status !== "active") return { push: false, reason: "not_eligible" };
  if (user.pushOff.includes(PUSH_TYPE[job.push])) return { push: false, reason: "switched_off" };
  const active = now.getTime() - user.profile.lastActiveAt.getTime() < PAGE_ACTIVE_MS;
  const hiddenSince = user.pageHiddenAt && user.pageHiddenAt >= user.profile.lastActiveAt;
  if (active && !hiddenSince) return { push: false, reason: "page_visible" }; // the open page shows it (live events)
  if (!user.pushSubscriptions.length) return { push: false, reason: "no_devices" };

  const origin = siteOrigin(site);
  const locale = mailLocale(site, user.language);
  const url = new URL(job.path, origin).href;
  const payload: PushPayload = {
    ...pushText(locale, job.push, { name: job.name ?? "", siteName: site.name }),
    icon: new URL("/app-icon/192.png", origin).href,
    url,
    kind: job.push,
    tag: `${site.key}:${job.path}`,
  };
  for (const s of user.pushSubscriptions) await enqueuePush({ kind: "device", key: job.key, subscriptionId: s.id, payload });
  return { push: true, devices: user.pushSubscriptions.length };
}

export type DeviceOutcome = "sent" | "gone" | "no_subscription" | "no_key";

/** One device: encrypted with the subscription's keys (aes128gcm), signed with the VAPID key. A push
 * service error other than 404/410 throws, so the queue retries this device only. */
async function runPushDevice(job: Extract<PushJob, { kind: "device" }>): Promise<DeviceOutcome> {
  const vapid = getEnv().vapid;
  if (!vapid) return "no_key";
  const sub = await getDb().pushSubscription.findUnique({ where: { id: job.subscriptionId } });
  if (!sub) return "no_subscription"; // unsubscribed meanwhile
  // stored before PUSH_ENDPOINT_HOSTS changed: never post to a host that is not a push service
  if (!knownPushService(sub.endpoint)) return "no_subscription";
  try {
    await webPush().sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(job.payload), {
      vapidDetails: vapid,
      TTL: PUSH_TTL_S,
      contentEncoding: "aes128gcm",
      urgency: "high",
      timeout: 15_000,
    });
    return "sent";
  } catch (error) {
    if (error instanceof webPush().WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      await getDb().pushSubscription.deleteMany({ where: { id: sub.id, endpoint: sub.endpoint } });
      return "gone";
    }
    throw error;
  }
}

export const runPushJob = (job: PushJob, now = new Date()) => (job.kind === "notify" ? runPushNotify(job, now) : runPushDevice(job));

/** POST /api/page-hidden.php: a page of the member went out of sight; push until they come back. */
export async function recordPageHidden(userId: number, now = new Date()) {
  await getDb().user.update({ where: { id: userId }, data: { pageHiddenAt: now } });
}
