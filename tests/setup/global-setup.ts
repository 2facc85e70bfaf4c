// Once per `npm test`: a real PostgreSQL (DATABASE_URL's server, or an embedded one on a
// machine without PostgreSQL), a fresh test database migrated and seeded, and a fresh
// production build for the HTTP tests.
import { execFileSync } from "node:child_process";
import pg from "pg";
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { recreateDatabase } from "#server/database/databases.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "#server/database/embedded-postgres.ts";

let embedded: EmbeddedDatabase | undefined;
let turn: pg.Client | undefined;
/** True when vitest was given no file filter (`npm test`, not `npx vitest run some.test.ts`). */
const wholeSuite = () => process.argv.slice(process.argv.indexOf("run") + 1).every((arg) => arg.startsWith("-"));
/** Whole-suite runs of several checkouts on one server take turns: side by side on a two-core machine their HTTP tests timed out. */
const TURN_LOCK = 7_270_001;
export const TEST_SECRET = "test-secret-for-signed-links-0123456789";

export default async function setup(project: TestProject) {
  const started = Date.now();
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = path.resolve(".data/test");
    rmSync(dataDir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres(dataDir, 54330, "postgres");
    serverUrl = embedded.url;
  } else if (wholeSuite()) {
    // a session lock: released when this run ends, or when its connection dies with it
    turn = new pg.Client({ connectionString: serverUrl });
    await turn.connect();
    const [{ free }] = (await turn.query("SELECT pg_try_advisory_lock($1) AS free", [TURN_LOCK])).rows;
    if (!free) {
      console.log("waiting for another checkout's whole-suite run on this database server to end …");
      await turn.query("SELECT pg_advisory_lock($1)", [TURN_LOCK]);
    }
  }
  const url = await recreateDatabase(serverUrl, `rendezvous_test_${process.pid}`);
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR = path.resolve(".data/test-files");
  process.env.NODE_ENV = "test";
  process.env.APP_SECRET = TEST_SECRET;
  // the test provider's webhooks go through the shared queue; tests that want them queue their own
  process.env.TEST_PAY_WEBHOOK_COPIES ??= "0";
  rmSync(process.env.DATA_DIR, { recursive: true, force: true });

  const { prepareDatabase } = await import("#server/database/prepare.ts");
  const { parseEnv } = await import("#app/utils/env.server.ts");
  // the demo portraits are drawn by the test servers when a test asks for one (server/app.ts)
  await prepareDatabase(parseEnv({ ...process.env, SEED_DEMO: "1" }), { log: () => {}, drawLater: true });
  const { getDb } = await import("#app/utils/db.server.ts");
  await getDb().$disconnect();

  // the same build as `npm run build`, with its stamp: `npm start` in production-start.test.ts
  // finds it current and does not build again under the other test files. Skipped when the
  // stamp says the build is of the current sources (a second run of one test file).
  execFileSync(process.execPath, ["scripts/build-if-changed.mjs"], { stdio: "ignore" });
  project.provide("databaseUrl", url);
  project.provide("appSecret", TEST_SECRET);
  console.log(`test database ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${embedded ? "embedded" : "server"} PostgreSQL)`);

  return async () => {
    const { dropDatabase } = await import("#server/database/databases.ts");
    await dropDatabase(serverUrl, `rendezvous_test_${process.pid}`).catch(() => {});
    await embedded?.stop();
    await turn?.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    appSecret: string;
  }
}
