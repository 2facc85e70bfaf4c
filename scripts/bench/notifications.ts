// `npm run bench:notifications`: what one process does for e-mail notifications.
// Builds (once) a database rendezvous_notify_bench on DATABASE_URL's server (default: the local
// PostgreSQL) with BENCH_MEMBERS (20,000) members who each have one unread message 7 hours old
// from one sender. Then measures:
//   - the unread-message reminder scan (dueUnreadReminders, one batch of 5,000) at the database,
//   - unread-reminder jobs run one after the other in this process (runNotificationJob: eligibility,
//     the per-member cap under its advisory lock, rendering, queueing the mail on PostgreSQL):
//     jobs/s and the time per member.
// Options: BENCH_MEMBERS, BENCH_JOBS (1,000), BENCH_REBUILD=1.
import { getSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { closeQueues } from "#app/queue/queues.server.ts";
import { dueUnreadReminders, runNotificationJob } from "#app/notifications/jobs.server.ts";
import { seedCompanies } from "#prisma/seed/index.ts";
import { withDatabaseName } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";
import { sql } from "./support/sql.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000);
process.env.LOG_LEVEL ??= "silent";
process.env.NOTIFICATION_QUIET_HOURS = "0-0";
process.env.APP_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const NAME = "rendezvous_notify_bench";
const url = withDatabaseName(serverUrl, NAME);

const exists = (await sql(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${NAME}'`)).length > 0;
const rebuild = !exists || !!process.env.BENCH_REBUILD;
if (rebuild) {
  await sql(serverUrl, `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await sql(serverUrl, `CREATE DATABASE ${NAME}`);
}
process.env.DATABASE_URL = url;
await applyMigrations(url);
const db = getDb();
await seedCompanies(db);
await syncSites(db);
const site = getSiteRegistry().byKey.get("lovely")!;

if (rebuild) {
  const started = Date.now();
  const then = new Date(Date.now() - 7 * 3600_000);
  await sql(
    url,
    `INSERT INTO users (site_key, network, email, status, language, updated_at)
    SELECT $1, $2, 'bench-' || g || '@bench.invalid', 'active', 'en', now() FROM generate_series(0, $3) g`,
    [site.key, site.network, MEMBERS],
  );
  await sql(
    url,
    `INSERT INTO profiles (user_id, site_key, network, name, status, country, date_of_birth, gender, seeking, last_active_at, updated_at)
    SELECT id, site_key, network, 'Bench' || id, 'active', 'NL', DATE '1990-01-01', 'female', 'male', $1::timestamp - interval '1 hour', now() FROM users`,
    [then],
  );
  const [sender] = await sql(url, `SELECT id FROM profiles ORDER BY id LIMIT 1`);
  await sql(
    url,
    `INSERT INTO conversations (low_profile_id, high_profile_id, started_by_id, last_message_at, created_at)
    SELECT $1, p.id, $1, $2, $2 FROM profiles p WHERE p.id <> $1`,
    [sender.id, then],
  );
  await sql(
    url,
    `INSERT INTO messages (conversation_id, sender_id, body, client_key, created_at)
    SELECT c.id, $1, 'Hello', 'bench-' || c.id, $2 FROM conversations c`,
    [sender.id, then],
  );
  await sql(url, `UPDATE conversations c SET last_message_id = m.id FROM messages m WHERE m.conversation_id = c.id`);
  await sql(
    url,
    `INSERT INTO conversation_participants (conversation_id, profile_id, unread_count)
    SELECT id, low_profile_id, 0 FROM conversations UNION ALL SELECT id, high_profile_id, 1 FROM conversations`,
  );
  await sql(url, "ANALYZE");
  console.log(`built ${MEMBERS.toLocaleString("en")} members with an unread message in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
// each run starts from no reminders sent
await sql(url, "TRUNCATE notification_sends");

const scanTimes: number[] = [];
let due: Awaited<ReturnType<typeof dueUnreadReminders>> = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  due = await dueUnreadReminders();
  scanTimes.push(performance.now() - t);
}
scanTimes.sort((a, b) => a - b);

const jobs = due.slice(0, JOBS);
const t0 = performance.now();
let sent = 0;
for (const d of jobs) {
  const r = await runNotificationJob({ kind: "unread-reminder", userId: d.userId, newestMessageId: Number(d.newestMessageId) });
  if ("outcome" in r && r.outcome !== "nothing" && r.outcome.sent) sent++;
}
const seconds = (performance.now() - t0) / 1000;
const [load] = (await import("node:os")).loadavg();
console.log(`members with an unread message: ${MEMBERS.toLocaleString("en")}; load average ${load!.toFixed(1)}`);
console.log(`unread-reminder scan (batch of ${due.length.toLocaleString("en")}): median ${scanTimes[2]!.toFixed(1)} ms, best ${scanTimes[0]!.toFixed(1)} ms`);
console.log(
  `reminder jobs, one process, sequential: ${jobs.length} in ${seconds.toFixed(2)} s = ${(jobs.length / seconds).toFixed(0)} jobs/s, ${((seconds * 1000) / jobs.length).toFixed(2)} ms per member (${sent} mails queued)`,
);
await closeQueues();
await db.$disconnect();
process.exit(0);
