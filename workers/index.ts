// Starts one BullMQ worker per queue. Used in-process by `npm start` and alone by `npm run worker`.
import { createWorker, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import type { MailJob } from "#app/mail/mail-queue.server.ts";
import type { Env } from "#app/utils/env.server.ts";
import { sendMailJob } from "./mail.ts";

export async function startWorkers(_env: Env) {
  const workers = [createWorker<MailJob>(QUEUE_NAMES.mail, sendMailJob, { concurrency: 4 })];
  for (const w of workers) {
    w.on("failed", (job, error) => console.error(`[worker:${w.name}] job ${job?.id} failed: ${error.message}`));
  }
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  return { close: () => Promise.all(workers.map((w) => w.close())).then(() => undefined) };
}
