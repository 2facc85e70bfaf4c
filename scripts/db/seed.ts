// `npm run db:seed`: migrates DATABASE_URL (or the embedded database) and seeds the demo data.
import { getEnv } from "#app/utils/env.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { prepareDatabase } from "#server/database/prepare.ts";

const env = getEnv();
const database = await prepareDatabase({ ...env, SEED_DEMO: true });
await getDb().$disconnect();
await database.embedded?.stop();
process.exit(0);
