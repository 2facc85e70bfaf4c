// Child process of workers/stalled-jobs.test.ts: a worker with the options `npm start`'s workers
// have (workers/index.ts) takes one job from the queue named in argv[2], says so, and keeps
// working on it until the test kills the process with SIGKILL.
import type { QueueName } from "#app/queue/queues.server.ts";
import { createWorker } from "#app/queue/queues.server.ts";
import { STALLED_JOB_OPTIONS } from "#workers/index.ts";

const worker = createWorker(
  process.argv[2] as QueueName,
  async () => {
    process.send?.("started");
    await new Promise(() => {}); // a long job, still running when the process is killed
  },
  STALLED_JOB_OPTIONS,
);
await worker.waitUntilReady();
process.send?.("ready");
