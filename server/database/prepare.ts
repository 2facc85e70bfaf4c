// Brings a database to the state the app needs: reachable, migrated, sites synchronised and,
// when asked, the demo data seeded. Idempotent: safe on every start.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createMediaStorage } from "#app/media/storage.server.ts";
import { syncSites } from "#app/tenancy/sites.server.ts";
import { setDatabaseUrl, type Env } from "#app/utils/env.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { startLogger } from "#app/utils/logger.server.ts";
import { migrateQueueSchema } from "#app/queue/queues.server.ts";
import { seedCompanies, seedDemo } from "#prisma/seed/index.ts";
import { drawPendingPortraits } from "#prisma/seed/portrait-files.ts";
import { seedDemoChats } from "#prisma/seed/demo-chats.ts";
import { seedCreditPackages } from "#prisma/seed/credit-packages.ts";
import { seedDemoStaff } from "#prisma/seed/staff.ts";
import { startDatabase, type EmbeddedDatabase } from "./embedded-postgres.ts";
import { applyMigrations, seedDir } from "./schema-engine.ts";

export interface PreparedDatabase {
  url: string;
  embedded: EmbeddedDatabase | null;
}

/** A progress line of the server's start, as JSON through the app's logger. */
const startLine = (message: string) => startLogger().info(message);

interface PrepareOptions {
  /** Progress lines; the server's log unless given (the operator scripts print theirs). */
  log?: (message: string) => void;
  /** The embedded PostgreSQL the caller started already (server/main.ts); started here otherwise. */
  embedded?: EmbeddedDatabase | null;
  /** A database the caller found running (an operator script beside the server): nothing is started. */
  url?: string;
}

export async function prepareDatabase(env: Env, options: PrepareOptions & { drawLater?: boolean } = {}): Promise<PreparedDatabase> {
  const prepared = await migrateDatabase(env, options);
  await seedDatabase(env, options);
  return prepared;
}

/** Reachable and migrated; the client (getDb) points at it afterwards. */
export async function migrateDatabase(env: Env, { log = startLine, ...options }: PrepareOptions = {}): Promise<PreparedDatabase> {
  const embedded = options.url || options.embedded !== undefined ? (options.embedded ?? null) : await startDatabase(env, log);
  const url = options.url ?? embedded?.url ?? env.DATABASE_URL;
  if (!url) throw new Error("migrateDatabase: DATABASE_URL is unset and no embedded PostgreSQL was started");
  setDatabaseUrl(url);
  const started = performance.now();
  const [applied] = await Promise.all([applyMigrations(url), env.REDIS_URL ? null : migrateQueueSchema(url)]);
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  log(applied.length ? `applied migrations: ${applied.join(", ")} in ${took}` : `migrations up to date (${took})`);
  return { url, embedded };
}

/**
 * The sites table matching tenants/, and the demo data when asked for (SEED_DEMO, or the embedded
 * default). With `drawLater` it returns before the demo portraits are drawn: the server draws
 * them in the background once it answers (drawDemoPortraits), and draws any asked for before.
 */
export async function seedDatabase(
  env: Env,
  {
    log = startLine,
    drawLater = false,
    recheck = false,
  }: Pick<PrepareOptions, "log"> & { drawLater?: boolean; /** ignore the seed stamp (npm run db:seed) */ recheck?: boolean } = {},
) {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const db = getDb();
  const media = createMediaStorage(env);
  const seed = env.SEED_DEMO ?? !env.DATABASE_URL;
  const stamp = seed && !env.DATABASE_URL ? seedStamp(env) : null;
  if (stamp?.current && !recheck) {
    log("demo data in place (the seed and tenants/ unchanged since it was written)");
    return;
  }
  if (seed) await seedCompanies(db);
  await syncSites(db);
  if (!seed) return;
  const { created } = await seedDemo(db, { media, drawLater });
  await Promise.all([seedDemoChats(db), seedCreditPackages(db), seedDemoStaff(db)]);
  stamp?.write();
  log(created ? `seeded ${created} demo profiles in ${seconds()} s` : `demo data checked (${seconds()} s)`);
}

/** The demo portraits not drawn yet (none once all are), drawn in the background; settles with how many. */
export async function drawDemoPortraits(env: Env, { log = startLine } = {}) {
  const started = performance.now();
  const drawn = await drawPendingPortraits(createMediaStorage(env));
  if (drawn) log(`drew ${drawn} demo portraits in the background in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return drawn;
}

/**
 * The embedded database lives in the data folder, so a file beside it can say what was seeded:
 * a hash of the seed code and of tenants/. While both are unchanged a start skips the seed's
 * queries (about a second of a second start).
 */
function seedStamp(env: Env) {
  const file = path.join(env.dataDir, "seed-stamp");
  const hash = createHash("sha256");
  for (const dir of [seedDir, env.tenantsDir]) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort()) {
      hash.update(entry).update(readFileSync(entry));
    }
  }
  const value = hash.digest("hex");
  const current = existsSync(file) && readFileSync(file, "utf8") === value;
  return { current, write: () => writeFileSync(file, value) };
}
