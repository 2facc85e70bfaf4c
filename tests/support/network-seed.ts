// Run as a child process by tests/integration/network.test.ts on the network's own database
// (DATABASE_URL): migrated and seeded with the demo sites, as global-setup does for the shared
// test database (the portraits are drawn later, by the instance a page asks).
import { parseEnv } from "#app/utils/env.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { prepareDatabase } from "#server/database/prepare.ts";

await prepareDatabase(parseEnv({ ...process.env, SEED_DEMO: "1" }), { log: () => {}, drawLater: true });
await getDb().$disconnect();
