// `npm run worker`: the queue workers on their own, for production next to `npm run start:prod`.
import { shareVisibleWrites } from "#app/live/bus.server.ts";
import { setMissingFileSource } from "#app/media/storage.server.ts";
import { closeQueues } from "#app/queue/queues.server.ts";
import { drawListedPortrait } from "#prisma/seed/portrait-files.ts";
import { startSiteReloads } from "#app/tenancy/site-reload.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { getLogger, logStartFailure, startLogger } from "#app/utils/logger.server.ts";
import { startWorkers } from "./index.ts";

const env = getEnv();
if (!env.DATABASE_URL) {
  logStartFailure("npm run worker needs DATABASE_URL (and REDIS_URL for the Redis backend)");
  process.exit(1);
}
// a data export asks for demo portraits like a page does: one not drawn yet is drawn then
setMissingFileSource(drawListedPortrait);
// a job's write a page shows (a photo approved, a profile erased) drops the pages the web processes keep for visitors
shareVisibleWrites();
const workers = await startWorkers(env);
// jobs look sites up by key (mail, push): the worker follows the site files as the web server does
const siteReloads = startSiteReloads({ dir: env.tenantsDir, watchFiles: env.watchTenants });
startLogger().info(`workers running (${env.REDIS_URL ? "Redis" : "PostgreSQL"} backend)`);
// SIGTERM (a deploy, docker stop): no new job is taken, the running ones finish (BullMQ's close
// waits for them); one still running after SHUTDOWN_TIMEOUT_MS is left to the queue, which hands
// it to another worker once its lock expires
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  setTimeout(() => {
    getLogger().error(`workers: jobs still running ${env.SHUTDOWN_TIMEOUT_MS} ms after the signal: exiting`);
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS).unref();
  siteReloads.close();
  await workers.close();
  await closeQueues();
  getLogger().info(`workers stopped, running jobs finished, in ${Date.now() - started} ms`);
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
