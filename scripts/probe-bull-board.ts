// One-off check: does bull-board's BullMQAdapter read and retry jobs of a queue on
// bullmq's PostgreSQL backend as on Redis? `npx tsx scripts/probe-bull-board.ts`
// (DATABASE_URL for PostgreSQL; REDIS_URL_PROBE for Redis, optional).
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { Queue, Worker, createPostgresBackend } from "bullmq";
import { Redis } from "ioredis";

async function probe(kind: "postgres" | "redis") {
  const name = `probe-${kind}-${process.pid}`;
  const connection = () =>
    kind === "redis" ? new Redis(process.env.REDIS_URL_PROBE!, { maxRetriesPerRequest: null }) : { connectionString: process.env.DATABASE_URL!, migrate: true };
  const queue =
    kind === "redis"
      ? new Queue(name, { connection: connection() as Redis })
      : (new Queue(name, { connection: connection() } as never, createPostgresBackend) as unknown as Queue);
  const adapter = new BullMQAdapter(queue);
  const results: Record<string, unknown> = {};
  const step = async (label: string, fn: () => Promise<unknown>) => {
    try {
      results[label] = await fn();
    } catch (e) {
      results[label] = `ERROR ${(e as Error).message}`;
    }
  };
  await queue.add("fails", { n: 1 }, { attempts: 1 });
  await queue.add("later", { n: 2 }, { delay: 60_000 });
  let fail = true;
  const worker =
    kind === "redis"
      ? new Worker(
          name,
          async (job) => {
            if (job.name === "fails" && fail) throw new Error("boom");
            return "ok";
          },
          { connection: connection() as Redis },
        )
      : (new Worker(
          name,
          async (job) => {
            if (job.name === "fails" && fail) throw new Error("boom");
            return "ok";
          },
          { connection: connection() } as never,
          createPostgresBackend,
        ) as unknown as Worker);
  await new Promise((r) => setTimeout(r, 2000));
  await step("counts", () => adapter.getJobCounts());
  await step("failed", async () => (await adapter.getJobs(["failed"], 0, 10)).map((j) => ({ id: j.id, name: j.name, reason: j.failedReason })));
  await step("delayed", async () => (await adapter.getJobs(["delayed"], 0, 10)).map((j) => j.id));
  await step("isPaused", () => adapter.isPaused());
  await step("workers", async () => (await adapter.getWorkers())?.length);
  await step("redisInfo/datastore", async () => (kind === "redis" ? typeof (await adapter.getRedisInfo()) : await adapter.getDatastoreStats()));
  await step("logs", async () => {
    const [j] = await adapter.getJobs(["failed"], 0, 1);
    return j ? adapter.getJobLogs(String(j.id)) : "no job";
  });
  await step("metrics", () => adapter.getMetrics("completed", 0, 10));
  fail = false;
  await step("retry", async () => {
    const [j] = await adapter.getJobs(["failed"], 0, 1);
    await j!.retry("failed");
    return "ok";
  });
  await new Promise((r) => setTimeout(r, 2000));
  await step("countsAfterRetry", () => adapter.getJobCounts());
  await step("promoteAll", () => adapter.promoteAll());
  await step("clean", () => adapter.clean("completed", 0));
  await step("countsAfterClean", () => adapter.getJobCounts());
  console.log(kind, JSON.stringify(results, null, 1));
  await worker.close();
  await queue.obliterate({ force: true }).catch(() => {});
  await queue.close();
}

await probe("postgres");
if (process.env.REDIS_URL_PROBE) await probe("redis");
process.exit(0);
