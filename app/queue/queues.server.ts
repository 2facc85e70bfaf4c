// BullMQ queues on PostgreSQL by default and on Redis when REDIS_URL is set: one code path,
// the backend chosen from configuration (see docs/decisions/003-queue-backend.md).
import type { Processor, Queue, Worker, WorkerOptions } from "bullmq";
import type { Redis } from "ioredis";
import pg from "pg";
import { getDatabaseUrl, getEnv } from "#app/utils/env.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { lazyRequire } from "#app/utils/lazy-require.server.ts";
import { carryRequestId, inRequestContext } from "./job-context.server.ts";

const bullmq = lazyRequire<typeof import("bullmq")>("bullmq");
const ioredis = lazyRequire<typeof import("ioredis")>("ioredis");
// the schema migration runs before the server answers: BullMQ's migrator alone (one module and its
// migrations), not the whole package; a BullMQ that moves it fails every start and every test loudly
const bullmqMigrator = lazyRequire<Pick<typeof import("bullmq"), "runMigrations">>("bullmq/dist/cjs/postgres/migrator.js");

export const QUEUE_NAMES = {
  mail: "mail",
  maintenance: "maintenance",
  payments: "payments",
  notifications: "notifications",
  push: "push",
  privacy: "privacy",
  campaigns: "campaigns",
} as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/**
 * How long adding a job may take before the caller gets an error (QueueUnavailable): a request
 * that queues something never waits longer on a queue backend that is down or frozen.
 */
export const QUEUE_ADD_TIMEOUT_MS = 1_500;

export class QueueUnavailable extends Error {}

type Connection = "producer" | "worker";
type Backend =
  | { kind: "redis"; connection: (use: Connection) => Redis }
  | { kind: "postgres"; connection: (use: Connection) => { connectionString: string; migrate?: true } };

function backend(): Backend {
  const { REDIS_URL } = getEnv();
  if (REDIS_URL) {
    // A worker's connection waits for Redis as long as it takes (BullMQ requires it of blocking
    // connections). The connection that adds jobs fails fast instead: no command waits in an
    // offline queue while Redis is away, and none waits for an answer longer than the timeout
    // (a frozen Redis keeps the socket open and answers nothing).
    const options = (use: Connection) =>
      use === "worker" ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: QUEUE_ADD_TIMEOUT_MS };
    return { kind: "redis", connection: (use) => new (ioredis().Redis)(REDIS_URL, options(use)) };
  }
  const connectionString = getDatabaseUrl();
  // each queue and worker has a connection of its own; once the schema is known to be current,
  // they only read its version instead of each taking the migration lock in turn
  return { kind: "postgres", connection: () => ({ connectionString, ...(queueSchema().current ? {} : { migrate: true as const }) }) };
}

const queueSchema = () => singleton("queueSchema", () => ({ current: false }));

/** Brings BullMQ's PostgreSQL schema up to date once, before the queues and workers connect. */
export async function migrateQueueSchema(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await bullmqMigrator().runMigrations(client);
  } finally {
    await client.end();
  }
  queueSchema().current = true;
}

export const queueBackendKind = () => backend().kind;

/** The queue's name on the backend: QUEUE_NAMESPACE keeps processes that share one database or
 * Redis apart (each test process has its own, so no other file's worker takes its jobs). */
export const physicalQueueName = (name: QueueName) => {
  const ns = getEnv().QUEUE_NAMESPACE;
  return ns ? `${name}-${ns}` : name;
};
const physical = physicalQueueName;

const openQueues = () => singleton("queues", () => new Map<QueueName, Queue>());

export function getQueue(name: QueueName): Queue {
  const queues = openQueues();
  let queue = queues.get(name);
  if (!queue) {
    const b = backend();
    const { Queue: BullQueue, createPostgresBackend } = bullmq();
    queue =
      b.kind === "redis"
        ? new BullQueue(physical(name), { connection: b.connection("producer") })
        : (new BullQueue(physical(name), { connection: b.connection("producer") }, createPostgresBackend) as unknown as Queue);
    queue.on("error", reportConnectionError(`queue ${name}`));
    boundAdds(queue, name);
    queues.set(name, carryRequestId(queue));
  }
  return queue;
}

/**
 * A queue's add and addBulk answer within QUEUE_ADD_TIMEOUT_MS or throw QueueUnavailable, on
 * either backend and also before the first connection is up (which the Redis options above do
 * not bound). An add that timed out may still land later: every job that matters has its own id,
 * so adding it again creates nothing twice.
 */
function boundAdds(queue: Queue, name: QueueName) {
  const add = queue.add.bind(queue);
  const addBulk = queue.addBulk.bind(queue);
  queue.add = (...args) => withinTimeout(add(...args), `adding ${args[0]} to queue ${name}`);
  queue.addBulk = (...args) => withinTimeout(addBulk(...args), `adding ${args[0].length} jobs to queue ${name}`);
}

function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueueUnavailable(`${what}: no answer within ${QUEUE_ADD_TIMEOUT_MS} ms`)), QUEUE_ADD_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * BullMQ prints an error event nobody listens to as a whole object dump (pg's client included).
 * A connection the database ends while it shuts down (57P01: the server's own stop, or an
 * operator's) is one line; anything else is a warning with its cause.
 */
function reportConnectionError(what: string) {
  return (error: Error & { code?: string }) => {
    if (error.code === "57P01") getLogger().info(`${what}: the database closed its connection (shutting down)`);
    else getLogger().warn({ err: error }, `${what}: ${error.message}`);
  };
}

export function createWorker<T>(name: QueueName, jobProcessor: Processor<T>, options: Partial<WorkerOptions> = {}) {
  const processor = inRequestContext(jobProcessor);
  const b = backend();
  const { Worker: BullWorker, createPostgresBackend } = bullmq();
  const worker =
    b.kind === "redis"
      ? new BullWorker<T>(physical(name), processor, { ...options, connection: b.connection("worker") })
      : (new BullWorker(
          physical(name),
          processor as Processor,
          { ...options, connection: b.connection("worker") },
          createPostgresBackend,
        ) as unknown as Worker<T>);
  worker.on("error", reportConnectionError(`worker ${name}`));
  return worker;
}

export async function closeQueues() {
  const queues = openQueues();
  await Promise.all([...queues.values()].map((q) => q.close()));
  queues.clear();
}
