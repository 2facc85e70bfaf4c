// `npm run db:seed`: migrates DATABASE_URL (or the embedded database: the running server's, or
// one this script starts) and seeds the demo data; idempotent.
import { getEnv } from "#app/utils/env.server.ts";
import { migrateDatabase, seedDatabase } from "#server/database/prepare.ts";
import { openDatabase, parseCommandLine, runOperatorScript } from "../operator.ts";

const usage = `
Usage: npm run db:seed

Migrates the database and writes the demo data (companies, the sites in TENANTS_DIR, demo
members, chats, credit packages, staff); running it again changes nothing. The database:
DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (the running npm start's, or started for this).

  --help    this text
`;

await runOperatorScript("db:seed", async () => {
  parseCommandLine({ usage });
  const env = { ...getEnv(), SEED_DEMO: true };
  const database = (await openDatabase(env))!;
  const log = (line: string) => console.log(`db:seed: ${line}`);
  await migrateDatabase(env, { url: database.url, log });
  // beside a running server its portraits are drawn by that server, when asked for or in the background
  await seedDatabase(env, { log, recheck: true, drawLater: database.ofRunningServer });
});
