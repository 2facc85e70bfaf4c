// Child process of workers/mail.test.ts: takes one job from the mail queue named in argv[2],
// delivers it like the real worker, then dies by SIGKILL before BullMQ can mark the job done:
// the crash window of a `kill -9` between delivery and completion.
import type { QueueName } from "#app/queue/queues.server.ts";
import { createWorker } from "#app/queue/queues.server.ts";
import type { MailJob } from "#app/mail/mail-queue.server.ts";
import { sendMailJob } from "#workers/mail.ts";

const worker = createWorker<MailJob>(
  process.argv[2] as QueueName,
  async (job) => {
    await sendMailJob(job);
    process.kill(process.pid, "SIGKILL");
  },
  { lockDuration: 1_000, stalledInterval: 300 },
); // on Redis the last stalled-check interval throttles the next worker's check
await worker.waitUntilReady();
process.send?.("ready");
