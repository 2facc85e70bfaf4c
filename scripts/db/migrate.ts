// `npm run db:migrate`: applies pending migrations (and the queue's tables when the queue runs on
// PostgreSQL) to DATABASE_URL, or to the embedded database: the running server's, or one this
// script starts (npm start migrates by itself).
import { getEnv } from "#app/utils/env.server.ts";
import { migrateDatabase } from "#server/database/prepare.ts";
import { openDatabase, parseCommandLine, runOperatorScript } from "../operator.ts";

const usage = `
Usage: npm run db:migrate

Applies the migrations in prisma/migrations that the database has not had yet: DATABASE_URL,
or the embedded PostgreSQL in DATA_DIR (the running npm start's, or started for this).

  --help    this text
`;

await runOperatorScript("db:migrate", async () => {
  parseCommandLine({ usage });
  const env = getEnv();
  const database = (await openDatabase(env))!;
  console.log(`db:migrate: ${database.where}`);
  await migrateDatabase(env, { url: database.url, log: (line) => console.log(`db:migrate: ${line}`) });
});
