// Brings a database to the state the app needs: reachable, migrated, sites synchronised and,
// when asked, the demo data seeded. Idempotent: safe on every start.
import { syncSites } from "#app/tenancy/sites.server.ts";
import { setDatabaseUrl, type Env } from "#app/utils/env.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { seedCompanies, seedDemo } from "#prisma/seed/index.ts";
import { seedDemoChats } from "#prisma/seed/demo-chats.ts";
import { seedCreditPackages } from "#prisma/seed/credit-packages.ts";
import { seedDemoStaff } from "#prisma/seed/staff.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres.ts";
import { applyMigrations } from "./schema-engine.ts";

export interface PreparedDatabase {
  url: string;
  embedded: EmbeddedDatabase | null;
}

export async function prepareDatabase(env: Env, log = (m: string) => console.log(m)): Promise<PreparedDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let url = env.DATABASE_URL;
  let since = performance.now();
  const took = () => {
    const seconds = (performance.now() - since) / 1000;
    since = performance.now();
    return `${seconds.toFixed(1)} s`;
  };
  if (!url) {
    embedded = await startEmbeddedPostgres(env.dataDir, env.EMBEDDED_PG_PORT);
    url = embedded.url;
    log(`embedded PostgreSQL on port ${env.EMBEDDED_PG_PORT} (data in ${env.dataDir}/postgres) in ${took()}`);
  }
  setDatabaseUrl(url);

  const applied = await applyMigrations(url);
  log(applied.length ? `applied migrations: ${applied.join(", ")} in ${took()}` : `migrations up to date (${took()})`);

  const db = getDb();
  const seed = env.SEED_DEMO ?? !env.DATABASE_URL;
  if (seed) await seedCompanies(db);
  await syncSites(db);
  if (seed) {
    const created = await seedDemo(db, { mediaDir: `${env.dataDir}/media` });
    await seedDemoChats(db);
    await seedCreditPackages(db);
    await seedDemoStaff(db);
    if (created) log(`seeded ${created} demo profiles in ${took()}`);
  }
  return { url, embedded };
}
