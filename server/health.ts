// Liveness and readiness, apart. Live: the process answers (no dependency is asked, so a slow
// database never gets a healthy process restarted). Ready: it can serve members: not draining
// (server/drain.ts) and the database answers within a short deadline. The queue is reported,
// never decisive: pages work through a Redis outage (jobs wait), and a proxy that took every
// machine out for it would turn a degraded queue into a dead site.
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getDb } from "#app/utils/db.server.ts";

const DEADLINE_MS = 2_000;
/** How long a probe waits for a queue check that is still running before it says what the last one found. */
const QUEUE_WAIT_MS = 500;

const state = { draining: false };

/** From now on this process says it is not ready (SIGTERM: it drains, then exits). */
export function markDraining() {
  state.draining = true;
}

export const isDraining = () => state.draining;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// One queue count at a time, with its own deadline: BullMQ's Redis connection queues commands
// while Redis is away (maxRetriesPerRequest: null), so a count per probe would pile up. A probe
// waits for the running count only a moment, then reports the last one's outcome: readiness
// answers as fast as the database does while the queue is slow or away.
let queueCheck: Promise<string | null> | null = null;
let lastQueueProblem: string | null | undefined;
function checkQueue() {
  queueCheck ??= within(getQueue(QUEUE_NAMES.mail).getJobCounts("wait"), DEADLINE_MS)
    .then(
      () => null,
      (error: unknown) => problemOf(error),
    )
    .then((problem) => (lastQueueProblem = problem))
    .finally(() => (queueCheck = null));
  if (lastQueueProblem === undefined) return queueCheck; // the first check: its own outcome
  return within(queueCheck, QUEUE_WAIT_MS).catch(() => lastQueueProblem ?? null);
}

const checkDatabase = () =>
  within(getDb().$queryRaw`SELECT 1`, DEADLINE_MS).then(
    () => null,
    (error: unknown) => problemOf(error),
  );

/** `state` is public (any host may ask); `problems` names the failures for the log only. */
export async function readiness() {
  if (state.draining) return { state: { ok: false, draining: true }, problems: { database: null, queue: null } };
  const [database, queue] = await Promise.all([checkDatabase(), checkQueue()]);
  return {
    state: { ok: !database, database: database ? "unavailable" : "ok", queue: queue ? "degraded" : "ok" },
    problems: { database, queue },
  };
}
