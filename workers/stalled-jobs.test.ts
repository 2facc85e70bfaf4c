// A worker process killed by SIGKILL in the middle of a job: a new worker (the restarted
// process) runs the job again within 10 s, with the options every worker of workers/index.ts
// has, on both queue backends.
import { fork } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeQueues, createWorker, getQueue, type QueueName } from "#app/queue/queues.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { STALLED_JOB_OPTIONS } from "./index.ts";

const backends = [{ name: "PostgreSQL", redis: undefined }, ...(process.env.REDIS_URL ? [{ name: "Redis", redis: process.env.REDIS_URL }] : [])];
const savedRedis = process.env.REDIS_URL;
let q = 0;
const ownQueue = () => `stall-test-${process.pid}-${Date.now()}-${q++}` as QueueName;

afterEach(async () => {
  await closeQueues();
  if (savedRedis === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedRedis;
  resetSingleton("env");
});

function workerInChild(queue: QueueName) {
  const child = fork(path.resolve("tests/support/stall-crash-worker.ts"), [queue], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const said = (what: string) =>
    new Promise<void>((resolve, reject) => {
      child.on("message", (m) => m === what && resolve());
      child.once("exit", (code, signal) => reject(new Error(`worker exited before "${what}" (${code ?? signal})`)));
    });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  return { ready: said("ready"), started: said("started"), kill: () => child.kill("SIGKILL"), exited };
}

describe.each(backends)("a job on the $name queue whose worker was killed", ({ redis }) => {
  it("runs again on a new worker within 10 s of the kill", async () => {
    if (redis) process.env.REDIS_URL = redis;
    else delete process.env.REDIS_URL;
    resetSingleton("env");
    const name = ownQueue();
    const child = workerInChild(name);
    await child.ready;
    const queue = getQueue(name);
    const job = await queue.add("long", { n: 1 });
    await child.started;
    child.kill();
    const killedAt = Date.now();
    expect(await child.exited).toBe("SIGKILL");

    // the restarted process: a worker with the same options
    let pickedUpAt = 0;
    const worker = createWorker(
      name,
      async () => {
        pickedUpAt = Date.now();
        return "done";
      },
      STALLED_JOB_OPTIONS,
    );
    try {
      await expect.poll(async () => (await queue.getJob(job.id!))?.finishedOn ?? null, { timeout: 70_000, interval: 200 }).not.toBeNull();
    } finally {
      await worker.close();
    }
    const seconds = (pickedUpAt - killedAt) / 1000;
    console.info(`job ${job.id} ran again ${seconds.toFixed(1)} s after the kill`);
    expect(seconds).toBeLessThan(10);
    expect((await queue.getJob(job.id!))!.attemptsStarted).toBe(2);
  }, 90_000);
});
