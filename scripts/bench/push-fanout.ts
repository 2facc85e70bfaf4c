// `npm run bench:push-fanout`: web push through the real push queue and worker.
// One member with BENCH_DEVICES (5) subscribed devices on a local Web Push service
// (tests/support/push-service.ts: HTTPS, checks VAPID, decrypts every message), a database of its
// own (rendezvous_push_bench on DATABASE_URL's server, default the local PostgreSQL), the queue on
// that database (the default backend; REDIS_URL is ignored here) and the push worker as
// workers/index.ts starts it (concurrency 8). Each notification is one fan-out job and one
// delivery job per device (encrypt, sign, POST to the push service). Measures:
//   - one notification at a time: from queueing the fan-out to the last device's push arriving,
//   - BENCH_NOTIFICATIONS (200) queued at once: jobs/s of the worker and ms per notification.
// Options: BENCH_DEVICES, BENCH_NOTIFICATIONS, BENCH_SAMPLES (30).
import os from "node:os";
import webPush from "web-push";
import { getSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { closeQueues, createWorker, getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { enqueuePush, type PushJob } from "#app/notifications/push.server.ts";
import { pushJob } from "#workers/push.ts";
import { seedCompanies } from "#prisma/seed/index.ts";
import { withDatabaseName } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";
import { startPushService } from "#tests/support/push-service.ts";
import { sql } from "./support/sql.ts";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 5);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 200);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const NAME = "rendezvous_push_bench";
const url = withDatabaseName(serverUrl, NAME);

const push = await startPushService();
const vapid = webPush.generateVAPIDKeys();
Object.assign(process.env, {
  LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
  APP_SECRET: process.env.APP_SECRET ?? "bench-secret-bench-secret-bench-secret-0123",
  DATABASE_URL: url,
  REDIS_URL: "",
  QUEUE_NAMESPACE: `pushbench${process.pid}`,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: "mailto:bench@example.test",
  // the local push service stands in for the browsers' ones
  PUSH_ENDPOINT_HOSTS: "127.0.0.1",
});
resetSingleton("env");

await sql(serverUrl, `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await sql(serverUrl, `CREATE DATABASE ${NAME}`);
await applyMigrations(url);
const db = getDb();
await seedCompanies(db);
await syncSites(db);
// the factories read the site files themselves: imported once the environment points here
const { createMember } = await import("#tests/support/factories.ts");

// away from the site for an hour, so every notification is pushed
const member = await createMember({ lastActiveAt: new Date(Date.now() - 3600_000) });
for (let i = 0; i < DEVICES; i++) {
  const s = push.subscribe();
  await db.pushSubscription.create({ data: { userId: member.user.id, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth } });
}
const site = getSiteRegistry().byKey.get(member.site.key)!;

const worker = createWorker(QUEUE_NAMES.push, pushJob, { concurrency: 8 });
worker.on("failed", (job, error) => console.error(`push job ${job?.id} failed: ${error.message}`));
await worker.waitUntilReady();

let n = 0;
const notify = (): PushJob => ({ kind: "notify", key: `bench:${n++}`, userId: member.user.id, push: "like", name: "Bench", path: "/likes" });
async function arrived(total: number, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (push.received.length < total) {
    if (push.errors.length) throw new Error(`the push service refused: ${push.errors.join("; ")}`);
    if (Date.now() > until) throw new Error(`${push.received.length} of ${total} pushes arrived`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

// warm up: connections, the worker's first polls, TLS sessions
for (let i = 0; i < 3; i++) {
  await enqueuePush(notify());
  await arrived(push.received.length + DEVICES);
}

const single: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const t = performance.now();
  const expected = push.received.length + DEVICES;
  await enqueuePush(notify());
  await arrived(expected);
  single.push(performance.now() - t);
}
single.sort((a, b) => a - b);
const pct = (p: number) => single[Math.min(single.length - 1, Math.floor((p / 100) * single.length))]!;

const before = push.received.length;
const loadBefore = os.loadavg()[0]!;
const t0 = performance.now();
for (let i = 0; i < NOTIFICATIONS; i++) await enqueuePush(notify());
const queued = performance.now() - t0;
await arrived(before + NOTIFICATIONS * DEVICES, 600_000);
const seconds = (performance.now() - t0) / 1000;
const jobs = NOTIFICATIONS * (1 + DEVICES);

console.log(
  `site ${site.key}, one member with ${DEVICES} devices; push worker concurrency 8, queue on PostgreSQL; ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `one notification at a time (${SAMPLES} samples), queueing → last device's push received: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms`,
);
console.log(
  `${NOTIFICATIONS} notifications queued at once (queueing took ${queued.toFixed(0)} ms): ${jobs} jobs (${NOTIFICATIONS} fan-out + ${NOTIFICATIONS * DEVICES} deliveries) in ${seconds.toFixed(2)} s = ${(jobs / seconds).toFixed(0)} jobs/s, ${((seconds * 1000) / NOTIFICATIONS).toFixed(1)} ms per notification, ${((NOTIFICATIONS * DEVICES) / seconds).toFixed(0)} pushes/s`,
);

await worker.close();
await getQueue(QUEUE_NAMES.push)
  .obliterate({ force: true })
  .catch(() => {});
await closeQueues();
await push.close();
await db.$disconnect();
await sql(serverUrl, `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`).catch(() => {});
process.exit(0);
