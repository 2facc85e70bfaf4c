// `npm start` / `npm run start:prod` / `npm run dev`: database, queue worker and web server in
// one process; with WEB_CONCURRENCY above 1 (`start:prod`: one per core unless set) this process
// forks that many web processes (node:cluster) and keeps the rest. With DATABASE_URL, REDIS_URL
// and SMTP_URL unset everything runs embedded.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
// This entry imports little: the embedded PostgreSQL (a child process) starts while the rest of
// the server (./serve.ts, a chunk of its own in the bundle) and the React Router build load.
import { EnvError, getEnv } from "#app/utils/env.server.ts";
import { loadSiteRegistry, SiteConfigError } from "#app/tenancy/site-registry.server.ts";
import { startDatabase } from "./database/embedded-postgres.ts";
import { acquireInstanceLock, InstanceRunning } from "./instance-lock.ts";

async function main() {
  const env = getEnv();
  const sites = loadSiteRegistry(env.tenantsDir); // fails fast on a broken tenants/ file, before anything starts
  if (cluster.isWorker) {
    const { serveWeb } = await import("./serve.ts");
    return serveWeb({ env, sites });
  }
  const releaseLock = acquireInstanceLock(env.dataDir, env.PORT);
  const development = process.argv.includes("--vite");
  const webProcesses = development ? 1 : (env.WEB_CONCURRENCY ?? (process.argv.includes("--per-core") ? availableParallelism() : 1));
  const database = startDatabase(env);
  database.catch(() => {}); // awaited in serve(); a failure is reported there
  const { serve } = await import("./serve.ts");
  await serve({ env, sites, database, development, releaseLock, webProcesses });
}

main().catch(async (error: unknown) => {
  // the logger (pino) loads only now: this entry starts the database before loading much else
  const { logStartFailure } = await import("#app/utils/logger.server.ts");
  if (error instanceof SiteConfigError) logStartFailure(`Invalid site configuration:\n${error.message}`);
  else if (error instanceof InstanceRunning || error instanceof EnvError) logStartFailure(error.message);
  else logStartFailure(error instanceof Error ? (error.stack ?? error.message) : `start failed: ${String(error)}`);
  process.exit(1);
});
