// Liveness and readiness, apart. Live: the process answers (no dependency is asked, so a slow
// database never gets a healthy process restarted). Ready: it can serve members: not draining
// (server/drain.ts) and the database answers within a short deadline. The queue is reported,
// never decisive: pages work through a Redis outage (jobs wait), and a proxy that took every
// machine out for it would turn a degraded queue into a dead site.
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getDb } from "#app/utils/db.server.ts";

const DATABASE_DEADLINE_MS = 2_000;
/** Redis and the PostgreSQL queue answer a count in milliseconds; longer is degraded. */
const QUEUE_DEADLINE_MS = 500;

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

// One queue count at a time: BullMQ's Redis connection queues commands while Redis is away
// (maxRetriesPerRequest: null), so a probe every few seconds would pile up counts that never end.
let queueCheck: Promise<string | null> | null = null;
function checkQueue() {
  queueCheck ??= getQueue(QUEUE_NAMES.mail)
    .getJobCounts("wait")
    .then(
      () => null,
      (error: unknown) => problemOf(error),
    )
    .finally(() => (queueCheck = null));
  return within(queueCheck, QUEUE_DEADLINE_MS).catch(problemOf);
}

const checkDatabase = () =>
  within(getDb().$queryRaw`SELECT 1`, DATABASE_DEADLINE_MS).then(
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
