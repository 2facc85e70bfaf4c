// The notifications queue: e-mails about new messages, likes and matches, and the scheduled
// unread-message reminders (app/notifications/jobs.server.ts decides who gets what).
import type { Job } from "bullmq";
import type { NotificationJob } from "#app/notifications/events.server.ts";
import { runNotificationJob } from "#app/notifications/jobs.server.ts";

const QUARTER_HOUR_MS = 15 * 60_000;

export const NOTIFICATION_SCHEDULES = [
  { id: "unread-message-reminders", every: QUARTER_HOUR_MS, job: "unread-scan", data: { kind: "unread-scan" } as NotificationJob },
] as const;

export const notificationsJob = (job: Job<NotificationJob>) => runNotificationJob(job.data);
