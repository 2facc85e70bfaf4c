// The queue on PostgreSQL (the embedded default) when the database ends its connections, as it
// does when the server or an operator stops it: one log line and a queue that reconnects, not
// BullMQ's dump of the error and pg's whole client on stderr (which the test setup turns into a
// failure: console.error throws).
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { recreateDatabase } from "#server/database/databases.ts";

delete process.env.REDIS_URL; // this file's queues are on PostgreSQL, whatever the run has
const database = `queue_connection_${process.pid}`;
let url: string;
let queues: typeof import("#app/queue/queues.server.ts");

beforeAll(async () => {
  url = await recreateDatabase(process.env.DATABASE_URL!, database);
  const { setDatabaseUrl } = await import("#app/utils/env.server.ts");
  setDatabaseUrl(url);
  queues = await import("#app/queue/queues.server.ts");
  await queues.migrateQueueSchema(url);
});

afterAll(async () => {
  await queues?.closeQueues();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
});

it("a queue whose connections the database ended reports it quietly and answers again", async () => {
  const mail = queues.getQueue(queues.QUEUE_NAMES.mail);
  expect(await mail.getJobCounts("wait")).toEqual({ wait: 0 });

  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rowCount } = await admin.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  await admin.end();
  expect(rowCount).toBeGreaterThan(0);

  // the pool drops the ended clients and opens new ones
  await expect.poll(() => mail.getJobCounts("wait").catch(() => null), { timeout: 10_000 }).toEqual({ wait: 0 });
});
