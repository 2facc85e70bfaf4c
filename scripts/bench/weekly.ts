// `npm run bench:weekly`: the weekly update mail at scale, in one process.
// Builds (once) a database rendezvous_weekly_bench on DATABASE_URL's server (default: the local
// PostgreSQL) with BENCH_MEMBERS (100,000) active members on one site, half women seeking men and
// half men seeking women, of whom BENCH_NEW (2,000) joined in the last 7 days with a photo (the
// faces a weekly update shows). Then measures:
//   - the weekly-update scan (dueWeeklyUpdates): every keyset batch of 5,000 from the first id to
//     the last, at the database: per batch and per member;
//   - BENCH_JOBS (1,000) weekly-update jobs (runNotificationJob kind "weekly-update": the member,
//     up to six new faces from their pool, the switches, the cap under the member's lock, rendering,
//     queueing the mail on PostgreSQL) through the real notifications queue and worker
//     (concurrency 4, as workers/index.ts): jobs/s of the one worker process, and the time the
//     statements of these jobs spent at the database (summed, divided by the members);
//   - BENCH_SEQUENTIAL (300) other members' jobs one after the other in this process, without the
//     queue: ms per member and the database's share of it.
// Options: BENCH_MEMBERS, BENCH_NEW, BENCH_JOBS, BENCH_SEQUENTIAL, BENCH_REBUILD=1, BENCH_STATEMENTS=1
// (print the sequential part's database time per statement).
import os from "node:os";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "#app/generated/prisma/client.ts";
import { getSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { closeQueues, createWorker, getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { dueWeeklyUpdates, WEEKLY_SCAN_BATCH } from "#app/notifications/reminders.server.ts";
import { enqueueNotification } from "#app/notifications/events.server.ts";
import { runNotificationJob } from "#app/notifications/jobs.server.ts";
import { notificationsJob } from "#workers/notifications.ts";
import { seedCompanies } from "#prisma/seed/index.ts";
import { withDatabaseName } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";
import { sql } from "./support/sql.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const NEW = Number(process.env.BENCH_NEW ?? 2_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const NAME = "rendezvous_weekly_bench";
const url = withDatabaseName(serverUrl, NAME);
Object.assign(process.env, {
  LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
  APP_SECRET: process.env.APP_SECRET ?? "bench-secret-bench-secret-bench-secret-0123",
  NOTIFICATION_QUIET_HOURS: "0-0",
  DATABASE_URL: url,
  REDIS_URL: "",
  QUEUE_NAMESPACE: `weeklybench${process.pid}`,
});

/** Time spent in the database by every statement the app's Prisma client sends (round trip included). */
const dbTime = { ms: 0, statements: 0 };
/** BENCH_STATEMENTS=1: the database time per statement text, for the sequential part */
const byStatement = new Map<string, { ms: number; n: number }>();
let recordStatements = false;
function timed<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "queryRaw" || property === "executeRaw") {
        return async (...args: unknown[]) => {
          const t = performance.now();
          try {
            return await value.apply(object, args);
          } finally {
            const ms = performance.now() - t;
            dbTime.ms += ms;
            dbTime.statements++;
            if (recordStatements) {
              const text = String((args[0] as { sql?: string } | undefined)?.sql ?? "")
                .replace(/\s+/g, " ")
                .slice(0, 110);
              const entry = byStatement.get(text) ?? { ms: 0, n: 0 };
              entry.ms += ms;
              entry.n++;
              byStatement.set(text, entry);
            }
          }
        };
      }
      if (property === "startTransaction" || property === "connect") return async (...args: unknown[]) => timed(await value.apply(object, args));
      return value.bind(object);
    },
  });
}
// the app's one client (getDb), timed: stored where getDb looks for it before anything asks
const store = globalThis as unknown as { __rendezvous?: Map<string, unknown> };
store.__rendezvous ??= new Map();
store.__rendezvous.set("db", new PrismaClient({ adapter: timed(new PrismaPg({ connectionString: url, max: 10 })) }));

const exists = (await sql(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${NAME}'`)).length > 0;
const rebuild = !exists || !!process.env.BENCH_REBUILD;
if (rebuild) {
  await sql(serverUrl, `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await sql(serverUrl, `CREATE DATABASE ${NAME}`);
}
await applyMigrations(url);
const db = getDb();
await seedCompanies(db);
await syncSites(db);
const site = getSiteRegistry().byKey.get("lovely")!;

if (rebuild) {
  const started = Date.now();
  await sql(
    url,
    `INSERT INTO users (site_key, network, email, status, language, confirmed_at, updated_at)
    SELECT $1, $2, 'weekly-' || g || '@bench.invalid', 'active', 'en', now(), now() FROM generate_series(1, $3) g`,
    [site.key, site.network, MEMBERS],
  );
  // the newest NEW members joined in the last 7 days; everyone else a month or more ago
  await sql(
    url,
    `INSERT INTO profiles (user_id, site_key, network, name, status, country, date_of_birth, gender, seeking, last_active_at, created_at, updated_at)
    SELECT id, site_key, network, 'Weekly' || id, 'active', 'NL', DATE '1985-01-01' + (id % 7000),
      CASE WHEN id % 2 = 0 THEN 'female' ELSE 'male' END::"Gender", CASE WHEN id % 2 = 0 THEN 'male' ELSE 'female' END::"Gender",
      now() - interval '3 days',
      CASE WHEN id > $1 THEN now() - (id % 6 + 1) * interval '1 day' ELSE now() - interval '40 days' - (id % 300) * interval '1 day' END, now()
    FROM users`,
    [MEMBERS - NEW],
  );
  await sql(
    url,
    `INSERT INTO photos (profile_id, filename, thumb_filename, status, position)
    SELECT p.id, 'bench/' || p.id || '.jpg', 'bench/' || p.id || '_thumb.jpg', 'active', 0 FROM profiles p WHERE p.created_at > now() - interval '7 days'`,
  );
  await sql(url, `UPDATE profiles p SET main_photo_id = ph.id FROM photos ph WHERE ph.profile_id = p.id`);
  await sql(url, "ANALYZE");
  console.log(
    `built ${MEMBERS.toLocaleString("en")} members (${NEW.toLocaleString("en")} new with a photo) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
// each run starts from no weekly update sent (nor any other notification counting towards the cap)
await sql(url, "TRUNCATE notification_sends");
const load = () => os.loadavg()[0]!.toFixed(1);
const loadAtStart = load();

// the scan: every batch, as the weekly-scan job chain walks them
const batchMs: number[] = [];
const ids: number[] = [];
const now = new Date();
let afterId = 0;
const scanStart = performance.now();
for (;;) {
  const t = performance.now();
  const { due, next } = await dueWeeklyUpdates(now, afterId);
  batchMs.push(performance.now() - t);
  ids.push(...due);
  if (!next) break;
  afterId = next;
}
const scanMs = performance.now() - scanStart;
const sortedBatches = [...batchMs].sort((a, b) => a - b);

// a sample of weekly-update jobs, spread over the members, through the queue and one worker
const step = Math.max(1, Math.floor(ids.length / JOBS));
const sample = ids.filter((_, i) => i % step === 0).slice(0, JOBS);
const { week } = await dueWeeklyUpdates(now, 0);
const worker = createWorker(QUEUE_NAMES.notifications, notificationsJob, { concurrency: 4, autorun: false });
let done = 0;
let failed = 0;
worker.on("completed", () => done++);
worker.on("failed", (job, error) => {
  failed++;
  if (failed <= 3) console.error(`weekly-update job ${job?.id} failed: ${error.message}`);
});
for (const userId of sample) await enqueueNotification({ kind: "weekly-update", userId, week });
dbTime.ms = 0;
dbTime.statements = 0;
const t0 = performance.now();
void worker.run();
while (done + failed < sample.length) await new Promise((r) => setTimeout(r, 20));
const seconds = (performance.now() - t0) / 1000;
const jobsDb = { ...dbTime };
// other members, one job after the other in this process: the database time of one member alone
const sequential = ids.filter((_, i) => i % step === Math.floor(step / 2)).slice(0, SEQUENTIAL);
dbTime.ms = 0;
dbTime.statements = 0;
recordStatements = !!process.env.BENCH_STATEMENTS;
const t1 = performance.now();
for (const userId of sequential) await runNotificationJob({ kind: "weekly-update", userId, week }, now);
const seqSeconds = (performance.now() - t1) / 1000;
const seqDb = { ...dbTime };
const sent = Number((await sql(url, "SELECT count(*) AS n FROM notification_sends WHERE key LIKE 'weekly:%'"))[0].n);

console.log(
  `${MEMBERS.toLocaleString("en")} members, ${NEW.toLocaleString("en")} of them new with a photo; ${os.cpus().length} cores, load average ${loadAtStart} at the start, ${load()} at the end`,
);
console.log(
  `weekly-update scan: ${batchMs.length} batches of up to ${WEEKLY_SCAN_BATCH.toLocaleString("en")}, ${ids.length.toLocaleString("en")} members due, ${scanMs.toFixed(0)} ms in all = ${(scanMs / ids.length).toFixed(4)} ms per member; batch median ${sortedBatches[Math.floor(sortedBatches.length / 2)]!.toFixed(1)} ms, slowest ${sortedBatches.at(-1)!.toFixed(1)} ms`,
);
console.log(
  `weekly-update jobs, one worker process (concurrency 4), queue on PostgreSQL: ${sample.length} in ${seconds.toFixed(2)} s = ${(sample.length / seconds).toFixed(1)} jobs/s, ${((seconds * 1000) / sample.length).toFixed(1)} ms per member wall (${failed} failed)`,
);
console.log(
  `  database time of those jobs (app statements summed over the 4 running at once, so above the wall time; round trip included, queue statements not counted): ${(jobsDb.ms / sample.length).toFixed(1)} ms per member, ${(jobsDb.statements / sample.length).toFixed(1)} statements per member`,
);
console.log(`  ${sent} weekly updates claimed and their mails queued in all`);
console.log(
  `weekly-update jobs one after the other in this process (no queue): ${sequential.length} in ${seqSeconds.toFixed(2)} s = ${(sequential.length / seqSeconds).toFixed(1)} jobs/s, ${((seqSeconds * 1000) / sequential.length).toFixed(1)} ms per member, of which database ${(seqDb.ms / sequential.length).toFixed(1)} ms (${(seqDb.statements / sequential.length).toFixed(1)} statements)`,
);

if (recordStatements) {
  console.log("database time per statement, sequential part (total ms / count):");
  for (const [text, e] of [...byStatement].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) console.log(`  ${e.ms.toFixed(0)} ms / ${e.n}: ${text}`);
}
await worker.close();
await getQueue(QUEUE_NAMES.notifications)
  .obliterate({ force: true })
  .catch(() => {});
await getQueue(QUEUE_NAMES.mail)
  .obliterate({ force: true })
  .catch(() => {});
await closeQueues();
await db.$disconnect();
process.exit(0);
