// Starts one BullMQ worker per queue and the schedules of recurring jobs. Used in-process by
// `npm start` and alone by `npm run worker`.
import { createWorker, getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import type { MailJob } from "#app/mail/mail-queue.server.ts";
import { startMailOutboxRelay } from "#app/mail/outbox-relay.server.ts";
import { getEnv, type Env } from "#app/utils/env.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { sendMailJob } from "./mail.ts";
import { MAINTENANCE_SCHEDULES, maintenanceJob } from "./maintenance.ts";
import { PAYMENTS_SCHEDULES, paymentsJob } from "./payments.ts";
import { NOTIFICATION_SCHEDULES, notificationsJob, weeklySchedule } from "./notifications.ts";
import { pushJob } from "./push.ts";
import { privacyJob, type PrivacyJob } from "./privacy.ts";
import { CAMPAIGN_SCHEDULES, campaignsJob } from "./campaigns.ts";

/**
 * How soon a job whose worker died (kill -9, a lost machine) runs again: its lock lapses
 * lockDuration after the last renewal (BullMQ renews it every lockDuration / 2 while the job
 * runs), and some worker's stalled-job check, every stalledInterval, moves it back to waiting:
 * at most 5 + 3 = 8 s instead of BullMQ's 30 + 30 s. A job whose process blocks its event loop
 * longer than lockDuration would be taken for stalled and run twice, so the data export, which
 * deflates a member's whole data in one go, keeps a longer lock (at most 20 + 3 s). The mail job
 * may run twice anyway: its delivery record sends nothing twice (app/mail/transport.server.ts).
 */
export const STALLED_JOB_OPTIONS = { lockDuration: 5_000, stalledInterval: 3_000, maxStalledCount: 1 } as const;
const LONG_JOB_OPTIONS = { ...STALLED_JOB_OPTIONS, lockDuration: 20_000 } as const;

export async function startWorkers(env: Pick<Env, "WEEKLY_UPDATE_SCHEDULE"> = getEnv()) {
  const workers = [
    createWorker<MailJob>(QUEUE_NAMES.mail, sendMailJob, { ...STALLED_JOB_OPTIONS, concurrency: 4 }),
    createWorker(QUEUE_NAMES.maintenance, maintenanceJob, { ...STALLED_JOB_OPTIONS, concurrency: 1 }),
    createWorker(QUEUE_NAMES.payments, paymentsJob, { ...STALLED_JOB_OPTIONS, concurrency: 4 }),
    createWorker(QUEUE_NAMES.notifications, notificationsJob, { ...STALLED_JOB_OPTIONS, concurrency: 4 }),
    // web push: one fan-out job per notification, one delivery job per device (network bound)
    createWorker(QUEUE_NAMES.push, pushJob, { ...STALLED_JOB_OPTIONS, concurrency: 8 }),
    // data exports: a member's whole data in memory while zipped, so one at a time
    createWorker<PrivacyJob>(QUEUE_NAMES.privacy, privacyJob, { ...LONG_JOB_OPTIONS, concurrency: 1 }),
    // news and promotion campaigns: batches under row locks, so parallel workers are safe
    createWorker(QUEUE_NAMES.campaigns, campaignsJob, { ...STALLED_JOB_OPTIONS, concurrency: 1 }),
  ];
  for (const w of workers) {
    w.on("failed", (job, error) => getLogger().error({ queue: w.name, jobId: job?.id, err: error }, `job ${job?.id} failed: ${error.message}`));
  }
  // the mails requests wrote to the outbox table go to the mail queue from here
  const relay = startMailOutboxRelay();
  const close = () => Promise.all([relay.close(), ...workers.map((w) => w.close())]).then(() => undefined);
  try {
    await schedule(env, workers);
  } catch (error) {
    await close().catch(() => {}); // a worker that did not start must not keep its connections
    throw error;
  }
  return { close };
}

async function schedule(env: Pick<Env, "WEEKLY_UPDATE_SCHEDULE">, workers: { waitUntilReady(): Promise<unknown> }[]) {
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  const maintenance = getQueue(QUEUE_NAMES.maintenance);
  const notifications = getQueue(QUEUE_NAMES.notifications);
  const payments = getQueue(QUEUE_NAMES.payments);
  const campaigns = getQueue(QUEUE_NAMES.campaigns);
  const weekly = weeklySchedule(env.WEEKLY_UPDATE_SCHEDULE ?? getEnv().WEEKLY_UPDATE_SCHEDULE);
  // each schedule has its own id: they are written side by side
  await Promise.all([
    ...MAINTENANCE_SCHEDULES.map((s) => maintenance.upsertJobScheduler(s.id, { every: s.every }, { name: s.job })),
    ...PAYMENTS_SCHEDULES.map((s) => payments.upsertJobScheduler(s.id, { every: s.every }, { name: s.job })),
    ...CAMPAIGN_SCHEDULES.map((s) => campaigns.upsertJobScheduler(s.id, { every: s.every }, { name: s.job })),
    ...NOTIFICATION_SCHEDULES.map((s) => notifications.upsertJobScheduler(s.id, { every: s.every }, { name: s.job, data: s.data })),
    ...weekly.map((s) => notifications.upsertJobScheduler(s.id, { pattern: s.pattern, tz: "UTC" }, { name: s.job, data: s.data })),
    weekly.length ? null : notifications.removeJobScheduler("weekly-updates"),
  ]);
}
