// The server behind server/main.ts: migrations and seed, queue worker, web server, and the
// shutdown that stops them in order. With several web processes (WEB_CONCURRENCY, node:cluster)
// this process keeps the database, migrations, seed and queue worker and forks the web processes
// (serveWeb), which share its port; what they share between them lives in PostgreSQL or Redis.
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { setDatabaseUrl, type Env } from "#app/utils/env.server.ts";
import { adoptSiteRegistry } from "#app/tenancy/sites.server.ts";
import { SiteConfigError, type SiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { paymentConfigProblems } from "#app/payments/payment-config.server.ts";
import { startSiteReloads } from "#app/tenancy/site-reload.server.ts";
import { closeDb, getDb } from "#app/utils/db.server.ts";
import { getLogger, startLogger } from "#app/utils/logger.server.ts";
import { closeQueues } from "#app/queue/queues.server.ts";
import { getLiveBus, shareVisibleWrites } from "#app/live/bus.server.ts";
import { closeEventStreams } from "#app/live/event-stream.server.ts";
import { startWorkers } from "#workers/index.ts";
import { drawDemoPortraits, migrateDatabase, seedDatabase } from "./database/prepare.ts";
import { embeddedDatabaseUrl, type EmbeddedDatabase } from "./database/embedded-postgres.ts";
import { createApp } from "./app.ts";
import { answerPrimaryForMetrics, serveClusterMetrics, webProcessRestarted } from "./metrics.ts";
import { drainable } from "./drain.ts";
import { markDraining } from "./health.ts";

/** After the drain (SHUTDOWN_TIMEOUT_MS), what closing the queues, the bus and the database may take before the process exits anyway. */
const CLOSE_MARGIN_MS = 5_000;

/** A crashing embedded database is restarted this often per minute before the server gives up. */
const EMBEDDED_RESTARTS_PER_MINUTE = 3;

interface ServeOptions {
  env: Env;
  /** tenants/, read and validated by server/main.ts. */
  sites: SiteRegistry;
  /** The embedded PostgreSQL being started, or null with DATABASE_URL. */
  database: Promise<EmbeddedDatabase | null>;
  development: boolean;
  releaseLock: () => void;
  /** Web processes to fork; 1: this process serves. */
  webProcesses: number;
}

export async function serve({ env, sites, database, development, releaseLock, webProcesses }: ServeOptions) {
  // a site that cannot take payments with this process's providers (or only with the test
  // provider where it is off) stops the start, before the database is touched
  const paymentProblems = paymentConfigProblems(sites);
  if (paymentProblems.length) {
    await database.then((embedded) => embedded?.stop()).catch(() => {});
    releaseLock();
    throw new SiteConfigError(paymentProblems.join("\n"));
  }
  logPaymentProviders(env);
  adoptSiteRegistry(sites);
  const forking = webProcesses > 1 && !development;
  // the 1 MB server build compiles while the database starts and migrates (in the web processes when forking)
  const serverBuild = development || forking ? null : loadProductionBuild();
  serverBuild?.catch(() => {}); // awaited below; a failure is reported there
  // Prisma's query compiler (a 4.5 MB module and its WebAssembly) loads while the database starts:
  // $connect() does not open a connection (the pool connects on the first query)
  if (!env.DATABASE_URL) setDatabaseUrl(embeddedDatabaseUrl(env.EMBEDDED_PG_PORT));
  getDb()
    .$connect()
    .catch(() => {}); // a database that does not answer fails the migrations below
  const embedded = await database;
  await migrateDatabase(env, { embedded });

  const seeded = seedDatabase(env, { drawLater: true });
  const [, , app] = await Promise.all([
    seeded,
    // the pool's first connection: here, not in a visitor's request
    getDb().$queryRaw`SELECT 1`,
    // `npm run dev` serves through Vite with hot reload; everything else serves the build, warmed
    // up once the seed is in: the home page's member count is kept for a minute, and one counted
    // before the demo members were written said "0 members found" on a fresh folder's first minute
    forking
      ? null
      : serverBuild
        ? serverBuild
            .then((build) => productionApp(env, build))
            .then(async (built) => {
              await seeded;
              return warmedUp(built);
            })
        : developmentApp(env),
  ]);
  shareVisibleWrites();
  const siteReloads = startSiteReloads({ dir: env.tenantsDir, watchFiles: env.watchTenants });
  const mode = env.NODE_ENV === "production" ? "production build" : "development";
  const ready = (port: number, processes = "") => {
    const log = startLogger();
    log.info(`Rendezvous on http://localhost:${port} (${mode}${processes}), ready ${process.uptime().toFixed(1)} s after the process started`);
    for (const site of sites.sites) log.info({ site: site.key, url: `http://${site.domains[0]}:${port}` }, `${site.name}: http://${site.domains[0]}:${port}`);
  };
  if (forking) serveClusterMetrics();
  const web = forking ? forkWebProcesses(webProcesses, { ready: (port) => ready(port, `, ${webProcesses} web processes`), giveUp: () => stop(1) }) : null;
  const server = app?.listen(env.PORT, env.HOST, () => ready((server!.address() as { port: number }).port)) ?? null;
  const requests = server && drainable(server);
  const listening = web ? web.listening : new Promise((resolve) => server!.once("listening", resolve));
  // the queue worker starts a second after the server listens: loading BullMQ (over 200 modules,
  // on first use) and opening its connections held up the first pages after a start by about 0.3 s
  // (jobs wait in the queue until it runs, /healthz says whether the queue answers)
  const workers = env.workerInProcess ? listening.then(() => sleep(WORKER_START_DELAY_MS)).then(() => (stopping ? null : startWorkers(env))) : null;
  workers?.catch(() => {}); // reported below

  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    exitAnywayAfter(env.SHUTDOWN_TIMEOUT_MS + 2 * CLOSE_MARGIN_MS);
    markDraining();
    closeEventStreams();
    siteReloads.close();
    // the requests in flight (here or in the web processes) and the running jobs finish side by side
    await Promise.all([
      requests?.drain(env.SHUTDOWN_TIMEOUT_MS).then(logDrained),
      web?.stop(env.SHUTDOWN_TIMEOUT_MS + CLOSE_MARGIN_MS),
      workers?.then(
        (w) => w?.close(),
        () => {},
      ),
    ]);
    await closeQueues();
    await getLiveBus().close();
    await closeDb();
    await embedded?.stop();
    releaseLock();
    process.exit(code);
  };
  // embedded-postgres registers its own exit hook that stops the database at once, under the
  // web server and the workers still using it; we own the order: server, workers, queues,
  // client, then the database
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop());
  }
  workers?.then(
    (w) => w && startLogger().info(`queue worker running in-process (${env.REDIS_URL ? "Redis" : "PostgreSQL"} backend)`),
    (error: unknown) => {
      if (stopping) return; // stopped while it was starting
      getLogger().fatal({ err: error }, "the in-process queue worker did not start: stopping the server");
      void stop(1);
    },
  );
  // SIGHUP (reload the site files) reaches this process: its web processes reload theirs too
  if (web) process.on("SIGHUP", () => web.signal("SIGHUP"));
  // the demo portraits are drawn once the server answers; one asked for before is drawn then
  void listening.then(() => drawDemoPortraits(env).catch((error: unknown) => getLogger().error({ err: error }, "the demo portraits could not be drawn")));
  superviseEmbedded(embedded, { stopping: () => stopping, giveUp: () => stop(1) });
}

/** A web process forked by serve(): the production build on the shared port, nothing else. */
export async function serveWeb({ env, sites }: { env: Env; sites: SiteRegistry }) {
  adoptSiteRegistry(sites);
  if (!env.DATABASE_URL) setDatabaseUrl(embeddedDatabaseUrl(env.EMBEDDED_PG_PORT));
  const app = await warmedUp(productionApp(env, await loadProductionBuild()));
  answerPrimaryForMetrics();
  shareVisibleWrites();
  const siteReloads = startSiteReloads({ dir: env.tenantsDir, watchFiles: env.watchTenants });
  const server = app.listen(env.PORT, env.HOST);
  const requests = drainable(server);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    exitAnywayAfter(env.SHUTDOWN_TIMEOUT_MS + CLOSE_MARGIN_MS);
    markDraining();
    closeEventStreams();
    siteReloads.close();
    logDrained(await requests.drain(env.SHUTDOWN_TIMEOUT_MS));
    await closeQueues();
    await getLiveBus().close();
    await closeDb();
    process.exit(0);
  };
  // the primary stops its web processes with SIGTERM; Ctrl-C in a terminal reaches all of them
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void (signal === "SIGTERM" ? stop() : undefined));
  }
}

/** A web process that dies is started again, up to this many times a minute. */
const WEB_RESTARTS_PER_MINUTE = 5;

/** Forks `count` web processes on this process's port (node:cluster hands out the connections). */
function forkWebProcesses(count: number, { ready, giveUp }: { ready: (port: number) => void; giveUp: () => Promise<void> }) {
  const log = getLogger();
  const workers = new Set<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let port = 0;
  let listeningCount = 0;
  let allListening!: () => void;
  const listening = new Promise<void>((resolve) => (allListening = resolve));
  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
    worker.once("listening", (address) => {
      port = address.port;
      if (++listeningCount === count) {
        ready(port);
        allListening();
      }
    });
    worker.once("exit", (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts[0]! < now - 60_000) restarts.shift();
      if (restarts.length > WEB_RESTARTS_PER_MINUTE) {
        log.fatal(`web processes stopped ${restarts.length} times within a minute (last: ${signal ?? `exit code ${code}`}): stopping the server`);
        void giveUp();
        return;
      }
      log.error(`a web process stopped (${signal ?? `exit code ${code}`}): starting another`);
      webProcessRestarted();
      fork();
    });
  };
  // the web processes run the server entry itself (not `npm start`'s build check before it)
  cluster.setupPrimary({ exec: path.join(buildDir, "server/main.js") });
  for (let i = 0; i < count; i++) fork();
  return {
    listening,
    signal: (signal: NodeJS.Signals) => {
      for (const worker of workers) worker.process.kill(signal);
    },
    /** SIGTERM to each (they drain, server/drain.ts); one still running after `killAfterMs` gets SIGKILL. */
    stop: async (killAfterMs: number) => {
      stopping = true;
      await Promise.all(
        [...workers].map((worker) => {
          const exited = new Promise((resolve) => worker.once("exit", resolve));
          worker.process.kill("SIGTERM");
          const kill = setTimeout(() => {
            log.error(`a web process did not stop within ${killAfterMs} ms of SIGTERM: killing it`);
            worker.process.kill("SIGKILL");
          }, killAfterMs);
          return exited.finally(() => clearTimeout(kill));
        }),
      );
    },
  };
}

/** A shutdown whose closing hangs (a dependency that does not answer) still ends the process. */
function exitAnywayAfter(ms: number) {
  setTimeout(() => {
    getLogger().error(`shutdown still not done ${ms} ms after the signal: exiting`);
    process.exit(1);
  }, ms).unref();
}

function logDrained({ cut, ms }: { cut: number; ms: number }) {
  if (cut) getLogger().warn(`shutdown: ${cut} requests still running after ${ms} ms were cut (SHUTDOWN_TIMEOUT_MS)`);
  else getLogger().info(`shutdown: every request answered, drained in ${ms} ms`);
}

/** Which providers take payments; the test provider is said loudly where it is not the embedded default. */
function logPaymentProviders(env: Env) {
  const log = getLogger();
  const keys = [env.payments.testProvider ? "test" : null, env.payments.mollie ? "mollie" : null].filter(Boolean);
  log.info(`payment providers: ${keys.join(", ") || "none"}`);
  if (env.payments.testProvider && !env.embedded && env.NODE_ENV !== "test")
    log.warn("payments: the test provider is on (PAYMENTS_TEST_PROVIDER=on): members get credits without paying. For a test deployment only");
}

/** The embedded PostgreSQL is our child: if it dies, say so and start it again, or stop. */
function superviseEmbedded(embedded: EmbeddedDatabase | null, { stopping, giveUp }: { stopping: () => boolean; giveUp: () => Promise<void> }) {
  if (!embedded) return;
  const log = getLogger();
  const restarts: number[] = [];
  embedded.onUnexpectedExit(async (code) => {
    if (stopping()) return; // our own shutdown (or the library's exit hook) stopped it
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > EMBEDDED_RESTARTS_PER_MINUTE) {
      log.fatal(`embedded PostgreSQL stopped (exit code ${code}) ${restarts.length} times within a minute: stopping the server`);
      return giveUp();
    }
    log.error(`embedded PostgreSQL stopped unexpectedly (exit code ${code}): restarting it`);
    try {
      await embedded.restart();
      log.info("embedded PostgreSQL is running again");
    } catch (error) {
      log.fatal(`embedded PostgreSQL could not be restarted: ${error instanceof Error ? error.message : String(error)}`);
      await giveUp();
    }
  });
}

const buildDir = path.resolve("build");
const WORKER_START_DELAY_MS = 1000;

async function loadProductionBuild() {
  return (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
}

/** The app once it has rendered a page for itself (see warmUp in ./app.ts); a failed warm-up is logged, not fatal. */
async function warmedUp(app: ReturnType<typeof createApp>) {
  await app.warmUp().catch((error: unknown) => getLogger().warn({ err: error }, "the warm-up render failed"));
  return app;
}

function productionApp(env: Env, build: ServerBuild) {
  return createApp({ env, build, clientDir: path.join(buildDir, "client") });
}

async function developmentApp(env: Env) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  return createApp({
    env,
    before: [devServer.middlewares],
    build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
}
