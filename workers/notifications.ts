// The notifications queue: e-mails about new messages, likes and matches, and the scheduled
// unread-message reminders, activation reminders and weekly updates (app/notifications/jobs.server.ts
// decides who gets what).
import type { Job } from "bullmq";
import type { NotificationJob } from "#app/notifications/events.server.ts";
import { runNotificationJob } from "#app/notifications/jobs.server.ts";

const QUARTER_HOUR_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;

export const NOTIFICATION_SCHEDULES = [
  { id: "unread-message-reminders", every: QUARTER_HOUR_MS, job: "unread-scan", data: { kind: "unread-scan" } as NotificationJob },
  { id: "activation-reminders", every: HOUR_MS, job: "activation-scan", data: { kind: "activation-scan" } as NotificationJob },
] as const;

/** The weekly update's scan: a cron pattern (UTC) from WEEKLY_UPDATE_SCHEDULE, Mondays 09:00 by default; none when "off". */
export function weeklySchedule(pattern: string) {
  return pattern === "off" ? [] : [{ id: "weekly-updates", pattern, job: "weekly-scan", data: { kind: "weekly-scan" } as NotificationJob }];
}

export const notificationsJob = (job: Job<NotificationJob>) => runNotificationJob(job.data);
