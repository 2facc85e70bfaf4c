// The notification jobs as plain functions of their payload (workers/notifications.ts runs them):
// who is told about a message or like, the unread-message reminders of members who stayed away
// for UNREAD_REMINDER_AFTER_MS after their newest unread message, and the activation reminders
// and weekly updates (reminders.server.ts).
import { getDb } from "#app/utils/db.server.ts";
import { deliverNotification, type Notification, type Outcome } from "./delivery.server.ts";
import { enqueueNotification, jobIdOf, type NotificationJob } from "./events.server.ts";
import { enqueuePush, pushOf } from "./push.server.ts";
import { activationReminder, dueActivationReminders, dueWeeklyUpdates, weeklyUpdate } from "./reminders.server.ts";

/** An unread message is reminded of after this long without the member coming back. */
export const UNREAD_REMINDER_AFTER_MS = 6 * 3600_000;
/** Reminders looked at per scan (the next scan takes the rest). */
const SCAN_BATCH = 5_000;

async function messageNotification(messageId: number): Promise<Notification | null> {
  const db = getDb();
  const message = await db.message.findUnique({
    where: { id: messageId },
    select: {
      id: true,
      senderId: true,
      conversationId: true,
      sender: { select: { name: true } },
      conversation: { select: { participants: { select: { profileId: true, profile: { select: { userId: true } } } } } },
    },
  });
  const recipient = message?.conversation.participants.find((p) => p.profileId !== message.senderId);
  if (!message || !recipient) return null;
  const first = (await db.message.count({ where: { conversationId: message.conversationId, id: { lt: message.id } } })) === 0;
  return {
    key: `message:${message.id}`,
    userId: recipient.profile.userId,
    name: message.sender.name,
    type: first ? "new_conversations" : "new_messages",
    kind: first ? "newConversation" : "newMessage",
    path: `/chats/${message.conversationId}`,
  };
}

async function likeNotification(likerId: number, likedId: number, match: boolean): Promise<Notification | null> {
  const [liker, liked] = await Promise.all([
    getDb().profile.findUnique({ where: { id: likerId }, select: { name: true } }),
    getDb().profile.findUnique({ where: { id: likedId }, select: { userId: true } }),
  ]);
  if (!liker || !liked) return null;
  // the like must still be there (taken back before the job ran: nothing to tell)
  if (!(await getDb().like.findUnique({ where: { likerId_likedId: { likerId, likedId } }, select: { id: true } }))) return null;
  return {
    key: `like:${likerId}:${likedId}${match ? ":match" : ""}`,
    userId: liked.userId,
    name: liker.name,
    type: "like",
    kind: match ? "match" : "like",
    path: match ? `/members/${likerId}/chat` : "/likes",
    profileId: likerId,
  };
}

/** Members due an unread-message reminder: unread messages, the newest older than the quiet period, not back since. */
export async function dueUnreadReminders(now = new Date()) {
  const before = new Date(now.getTime() - UNREAD_REMINDER_AFTER_MS);
  return getDb().$queryRaw<{ userId: number; newestMessageId: number }[]>`
    SELECT u.id AS "userId", max(c.last_message_id) AS "newestMessageId"
    FROM conversation_participants cp
    JOIN conversations c ON c.id = cp.conversation_id
    JOIN profiles p ON p.id = cp.profile_id
    JOIN users u ON u.id = p.user_id
    WHERE cp.unread_count > 0 AND cp.removed_at IS NULL AND c.last_message_id IS NOT NULL
      AND u.status = 'active' AND NOT p.fictional AND coalesce(cardinality(u.notifications_disabled), 0) = 0
      AND NOT ('unread_message_reminders' = ANY(coalesce(u.notifications_off, '{}')))
    GROUP BY u.id, p.last_active_at, u.last_seen_at
    HAVING max(c.last_message_at) < ${before}
      AND p.last_active_at < max(c.last_message_at)
      AND (u.last_seen_at IS NULL OR u.last_seen_at < max(c.last_message_at))
      AND NOT EXISTS (SELECT 1 FROM notification_sends s WHERE s.key = 'unread:' || u.id || ':' || max(c.last_message_id))
    LIMIT ${SCAN_BATCH}`;
}

export interface JobResult {
  outcome: Outcome | "nothing";
  requeued?: number;
}

/** Runs one notification job; a job held back by quiet hours is queued again for the morning. */
export async function runNotificationJob(job: NotificationJob, now = new Date()): Promise<JobResult | { queued: number }> {
  if (job.kind === "unread-scan") {
    const due = await dueUnreadReminders(now);
    for (const d of due) await enqueueNotification({ kind: "unread-reminder", userId: d.userId, newestMessageId: Number(d.newestMessageId) });
    return { queued: due.length };
  }
  if (job.kind === "activation-scan") {
    const due = await dueActivationReminders(now);
    for (const d of due) await enqueueNotification({ kind: "activation-reminder", userId: d.userId });
    return { queued: due.length };
  }
  if (job.kind === "weekly-scan") {
    const { week, due, next } = await dueWeeklyUpdates(now, job.afterId);
    for (const userId of due) await enqueueNotification({ kind: "weekly-update", userId, week });
    if (next) await enqueueNotification({ kind: "weekly-scan", afterId: next });
    return { queued: due.length };
  }
  const notification: Notification | null =
    job.kind === "message"
      ? await messageNotification(job.messageId)
      : job.kind === "like"
        ? await likeNotification(job.likerId, job.likedId, job.match)
        : job.kind === "activation-reminder"
          ? activationReminder(job.userId)
          : job.kind === "weekly-update"
            ? await weeklyUpdate(job.userId, job.week, now)
            : {
                key: `unread:${job.userId}:${job.newestMessageId}`,
                userId: job.userId,
                type: "unread_message_reminders",
                kind: "unreadReminder",
                path: "/chats",
              };
  if (!notification) return { outcome: "nothing" };
  // the push goes out now, whatever the mail's quiet hours and cap say; its job id is the
  // notification's, so a retried or requeued mail job queues it once
  const push = pushOf(notification);
  if (push) await enqueuePush(push);
  const outcome = await deliverNotification(notification, { now, skipQuiet: !!job.afterQuiet });
  if (!outcome.sent && outcome.reason === "quiet") {
    await enqueueNotification({ ...job, afterQuiet: true }, { delay: outcome.delayMs, jobId: `${jobIdOf(job)}-morning` });
    return { outcome, requeued: outcome.delayMs };
  }
  return { outcome };
}
