// What every operator script (npm run staff:create, site:check, site:new, db:migrate, db:seed)
// shares: its options (node:util parseArgs, with --help), the database it works on, and how it
// answers a mistake: one line on stderr and a non-zero exit, never a stack trace.
//
// The database: DATABASE_URL when set; otherwise the embedded PostgreSQL a running `npm start`
// started from DATA_DIR (a second one on the same folder cannot start); otherwise the script
// starts the embedded PostgreSQL itself and stops it when done.
import { parseArgs, type ParseArgsConfig } from "node:util";
import pg from "pg";
import { EnvError, setDatabaseUrl, type Env } from "#app/utils/env.server.ts";
import { runningEmbeddedDatabase, startDatabase } from "#server/database/embedded-postgres.ts";

/** A mistake in the command line: exit code 2 and a pointer to --help. */
export class UsageError extends Error {}

/** A failure the script has phrased for the operator already: exit code 1. */
export class OperatorError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

interface Command<O extends Options> {
  /** the usage text --help prints; its first line is the synopsis */
  usage: string;
  options?: O;
  /** how many positional arguments it takes */
  positionals?: number;
}

/** Parses the command line; --help prints the usage and ends the process. */
export function parseCommandLine<O extends Options>(command: Command<O>, args = process.argv.slice(2)) {
  const config = {
    args,
    options: { ...command.options, help: { type: "boolean", short: "h" } } as O & { help: { type: "boolean"; short: "h" } },
    allowPositionals: true,
    strict: true as const,
  };
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    // node's messages go on with advice about "--" that fits no script here: the first sentence says it
    const first = (error as Error).message.split(/\.( |$)/)[0]!;
    throw new UsageError(first.charAt(0).toLowerCase() + first.slice(1));
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(command.usage.trim());
    process.exit(0);
  }
  if (parsed.positionals.length > (command.positionals ?? 0)) throw new UsageError(`unexpected argument '${parsed.positionals[command.positionals ?? 0]}'`);
  return parsed;
}

/** The one line an error becomes: its message's first line, or what a Node or PostgreSQL error code says. */
function oneLine(error: unknown): string {
  if (error instanceof EnvError)
    return error.message
      .split("\n")
      .slice(1)
      .map((l) => l.trim())
      .join("; ");
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split("\n").find((l) => l.trim()) ?? "";
  return first.trim() || (error instanceof Error ? error.name : "failed");
}

/**
 * Runs a script's body: a mistake becomes one line on stderr ("staff:create: …") with exit code 2
 * (the command line) or 1 (anything else); whatever it opened is closed before the process exits.
 */
export async function runOperatorScript(name: string, main: () => Promise<number | void>) {
  let code: number;
  try {
    code = (await main()) ?? 0;
  } catch (error) {
    const hint = error instanceof UsageError ? ` (npm run ${name} -- --help)` : "";
    console.error(`${name}: ${oneLine(error)}${hint}`);
    code = error instanceof UsageError ? 2 : 1;
  }
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  process.exit(code);
}

const closers: (() => Promise<unknown>)[] = [];

/** Something to close before the script exits (a database client, the embedded PostgreSQL it started). */
const closeAtExit = (close: () => Promise<unknown>) => void closers.push(close);

export interface OperatorDatabase {
  url: string;
  /** where it is: "DATABASE_URL", "the running server's embedded PostgreSQL (port …)", "the embedded PostgreSQL in …" */
  where: string;
  /** started by this script (the embedded default with no server running) */
  startedHere: boolean;
  /** run by a live `npm start` from the same data folder */
  ofRunningServer: boolean;
}

interface DatabaseOptions {
  /** start the embedded PostgreSQL when no server runs (false: null instead) */
  start?: boolean;
}

/**
 * The database this script works on, reachable (else an OperatorError naming it), and the app's
 * client (getDb) pointed at it. Null only with `start: false` when nothing runs.
 */
export async function openDatabase(env: Env, { start = true }: DatabaseOptions = {}): Promise<OperatorDatabase | null> {
  let database: OperatorDatabase;
  if (env.DATABASE_URL) {
    database = { url: env.DATABASE_URL, where: `the database at ${displayUrl(env.DATABASE_URL)}`, startedHere: false, ofRunningServer: false };
  } else {
    const running = runningEmbeddedDatabase(env.dataDir);
    if (running) {
      database = { url: running.url, where: `the running server's embedded PostgreSQL (port ${running.port})`, startedHere: false, ofRunningServer: true };
    } else if (!start) {
      return null;
    } else {
      const embedded = await startDatabase(env, () => {});
      if (!embedded) throw new OperatorError("no database to start");
      closeAtExit(() => embedded.stop());
      database = { url: embedded.url, where: `the embedded PostgreSQL in ${env.dataDir}`, startedHere: true, ofRunningServer: false };
    }
  }
  await assertReachable(database);
  setDatabaseUrl(database.url);
  closeAtExit(async () => (await import("#app/utils/db.server.ts")).getDb().$disconnect());
  return database;
}

/** The address without its password. */
const displayUrl = (url: string) => url.replace(/\/\/([^:@/]*)(:[^@/]*)?@/, "//$1@");

async function assertReachable(database: OperatorDatabase, startingFor = 20_000) {
  const since = Date.now();
  for (;;) {
    const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 10_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      // 57P03: the server's PostgreSQL is still starting (or recovering after a restart)
      if (code === "57P03" && Date.now() - since < startingFor) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      throw new OperatorError(`cannot reach ${database.where} (${message?.split("\n")[0] || code || "no answer"})`);
    } finally {
      await client.end().catch(() => {});
    }
  }
}
