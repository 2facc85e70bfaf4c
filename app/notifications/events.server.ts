// What happened, handed to the notifications queue once it is committed: a new message, a like
// or a match. The job id is the event's, so the same event is queued (and mailed) once.
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";

export type NotificationJob = (
  | { kind: "message"; messageId: number }
  | { kind: "like"; likerId: number; likedId: number; match: boolean }
  | { kind: "unread-reminder"; userId: number; newestMessageId: number }
  | { kind: "unread-scan" }
  | { kind: "activation-reminder"; userId: number }
  | { kind: "activation-scan" }
  | { kind: "weekly-update"; userId: number; week: string }
  | { kind: "weekly-scan"; afterId?: number }
) & {
  /** queued again after the recipient's quiet hours: sent now */
  afterQuiet?: boolean;
};

const NOTIFICATION_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: "exponential" as const, delay: 10_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: false,
};

export const jobIdOf = (job: NotificationJob) =>
  job.kind === "message"
    ? `message-${job.messageId}`
    : job.kind === "like"
      ? `like-${job.likerId}-${job.likedId}-${job.match ? "match" : "like"}`
      : job.kind === "unread-reminder"
        ? `unread-${job.userId}-${job.newestMessageId}`
        : job.kind === "activation-reminder"
          ? `activation-${job.userId}`
          : job.kind === "weekly-update"
            ? `weekly-${job.userId}-${job.week}`
            : job.kind === "weekly-scan" && job.afterId
              ? `weekly-scan-after-${job.afterId}-${Date.now()}`
              : `${job.kind}-${Date.now()}`;

export async function enqueueNotification(job: NotificationJob, options: { delay?: number; jobId?: string } = {}) {
  await getQueue(QUEUE_NAMES.notifications).add(job.kind, job, { ...NOTIFICATION_JOB_OPTIONS, jobId: jobIdOf(job), ...options });
}

/** After the request's work is committed; a queue that fails must not fail the message or like. */
export function notifyLater(job: NotificationJob) {
  enqueueNotification(job).catch((error: Error) =>
    getLogger().warn({ err: error, jobId: jobIdOf(job) }, `notifications: could not queue ${jobIdOf(job)}: ${error.message}`),
  );
}
