// Readiness: the app can serve pages only when its database answers and its queue accepts
// work. Each check has a short deadline so a dead dependency answers 503 quickly.
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getDb } from "#app/utils/db.server.ts";

const DEADLINE_MS = 2_000;

function within<T>(work: Promise<T>, ms = DEADLINE_MS): Promise<T> {
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

const check = (work: () => Promise<unknown>) =>
  within(work()).then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

/** `state` is public (any host may ask); `problems` names the failures for the log only. */
export async function readiness() {
  const [database, queue] = await Promise.all([check(() => getDb().$queryRaw`SELECT 1`), check(() => getQueue(QUEUE_NAMES.mail).getJobCounts("wait"))]);
  const state = { ok: !database && !queue, database: database ? "unavailable" : "ok", queue: queue ? "unavailable" : "ok" };
  return { state, problems: { database, queue } };
}
