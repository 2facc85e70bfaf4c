// The one Prisma client of the process, on DATABASE_URL or the embedded PostgreSQL that the
// server entry started before the first query.
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { PrismaClient, type Prisma } from "#app/generated/prisma/client.ts";
import { markVisibleWrite, writeSite, type WriteSites } from "./cache.server.ts";
import { getDatabaseUrl, getEnv } from "./env.server.ts";
import { getLogger } from "./logger.server.ts";
import { singleton } from "./singleton.ts";

export type Db = PrismaClient;

/** SQL statements sent so far (counted only with BENCH_SQL_COUNT=1, for `npm run bench:http`). */
export const sqlCount = singleton("sqlCount", () => ({ statements: 0 }));

/**
 * Tables no page shows (sessions, tokens, rate limits, visits, mail and push bookkeeping, staff
 * records): their writes leave the caches alone (app/utils/cache.server.ts). Every other write
 * through the ORM empties them.
 */
const INVISIBLE_MODELS = new Set([
  "Session",
  "UserToken",
  "LoginAttempt",
  "RateLimit",
  "Tracking",
  "MailDelivery",
  "MailOutbox",
  "NotificationSend",
  "PushSubscription",
  "AlertDismissal",
  "StaffSession",
  "StaffAuditEntry",
  "DataExport",
]);
const WRITES = new Set(["create", "createMany", "createManyAndReturn", "update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany"]);

/** A write's rows changed: an updateMany, deleteMany or createMany counts them (an update or delete of no row throws). */
const changedRows = (result: unknown) =>
  Array.isArray(result) ? result.length > 0 : !(result && typeof result === "object" && "count" in result && result.count === 0);

const siteKeyOf = (value: unknown): string | null => {
  if (!value || typeof value !== "object") return null;
  const key = (value as { siteKey?: unknown }).siteKey;
  return typeof key === "string" ? key : null;
};

/**
 * The sites a write belongs to, for the caches of those sites only (cache.server.ts): the
 * siteKey its data, filter or returned rows name (users, profiles, packages and every table with
 * a site_key), else the site of the request under way; unknown (a job, a script, the staff
 * console, a table without the column): every site.
 */
function writeSites(args: unknown, result: unknown): WriteSites {
  const { data, create, where } = (args ?? {}) as { data?: unknown; create?: unknown; where?: unknown };
  const named = new Set<string>();
  for (const row of [data, create, where, result].flatMap((v) => (Array.isArray(v) ? v : [v]))) {
    const key = siteKeyOf(row);
    if (key) named.add(key);
  }
  return named.size ? [...named] : writeSite();
}

/** Each client's connection pool, which its driver adapter and `readRows` share (one map for the server bundle and the app build). */
const pools = singleton("dbPools", () => new WeakMap<PrismaClient, pg.Pool>());

export function createDb(connectionString: string) {
  const env = getEnv();
  const pool = new pg.Pool({
    connectionString,
    max: env.DATABASE_POOL_MAX,
    // pg's connectionTimeoutMillis also bounds the wait for a free connection of a full pool
    connectionTimeoutMillis: env.DATABASE_POOL_TIMEOUT_MS,
    // pg closes a connection idle for 10 s; the next burst of pages then waits for new server
    // processes with cold catalogue caches and statements to prepare again (p99 of a 3 s burst
    // of /members after 15 s of quiet: 260 to 320 ms against 95 to 140 ms). Kept for 5 minutes.
    idleTimeoutMillis: 5 * 60_000,
    // idle connections do not keep a script or a test process alive; a server closes the pool with closeDb
    allowExitOnIdle: true,
  });
  // An idle connection the server ends (a restart, a dropped database) is an event on the pool;
  // without a listener it would end the process. The pool opens a new one on the next query.
  // pg hangs the whole client on the error (several KB in a log line): the code and message say
  // it. A pool being closed (a stopping server, then its embedded database) expects to lose them.
  pool.on("error", (error: Error & { code?: string }) => {
    if (!pool.ending) getLogger().warn({ code: error.code, reason: error.message }, "database connection lost while idle");
  });
  const adapter: SqlDriverAdapterFactory = new PrismaPg(pool);
  const count = Boolean(env.BENCH_SQL_COUNT);
  const client = new PrismaClient({ adapter, ...(count ? { log: [{ emit: "event" as const, level: "query" as const }] } : {}) });
  if (count) client.$on("query" as never, () => void sqlCount.statements++);
  const marked = client.$extends({
    name: "cache-freshness",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          if (!WRITES.has(operation) || INVISIBLE_MODELS.has(model)) return query(args);
          // after the statement: a page whose render overlapped it read its generation before
          // and is dropped; one that changed no row (a count of 0) leaves every cache alone
          const result = await query(args);
          if (changedRows(result)) markVisibleWrite(writeSites(args, result));
          return result;
        },
      },
    },
  });
  // A query extension leaves the client's API as it is; only its static type is a new one.
  const db = marked as unknown as PrismaClient;
  pools.set(db, pool);
  return db;
}

export function getDb(): Db {
  return singleton("db", () => {
    const db = createDb(getDatabaseUrl());
    processPool().pool = pools.get(db) ?? null;
    return db;
  });
}

const processPool = () => singleton("dbProcessPool", () => ({ pool: null as pg.Pool | null }));

/** The process's pool (getDb's) as GET /metrics shows it; null before its first use. */
export function dbPoolCounts(): { total: number; idle: number; waiting: number } | null {
  const { pool } = processPool();
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** Ends the ORM's connections and the pool under them (a stopping server). */
export async function closeDb(db: Db = getDb()) {
  await db.$disconnect();
  await pools.get(db)?.end();
}

// Reading rows straight from the pool. The ORM costs about 0.3 ms of CPU a statement on top of
// pg (its query pipeline, the cache extension, result mapping), a tenth of a member page; the
// statements every member page runs read through here (docs/database.md). Reads only: a write
// goes through the ORM, whose cache extension sees it.
const TIMESTAMP = 1114;
const INT8 = 20;
const DATE = 1082;
const utcTimestamp = (value: string) => new Date(`${value.replace(" ", "T")}Z`);
const readTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    // Prisma's DateTime columns are `timestamp(3)` in UTC; pg alone would read them in the process's zone
    if (oid === TIMESTAMP) return utcTimestamp;
    if (oid === DATE) return (value: string) => new Date(`${value}T00:00:00Z`);
    // as the ORM's $queryRaw answers a bigint
    if (oid === INT8) return (value: string) => BigInt(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;
/** A Date as the ORM sends it: its UTC time (the columns are UTC timestamps without a zone). */
const toParam = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * The rows of one read statement written with Prisma.sql (so the rules written as SQL in the
 * domain modules, such as visibleSql, compose as they do for $queryRaw). Outside a transaction
 * straight from the pool; given a transaction's client, through it (a transaction never waits
 * for a second connection). Columns come back as $queryRaw gives them: Date for timestamps,
 * bigint for int8, strings for enums (cast them to text).
 */
export async function readRows<Row>(query: Prisma.Sql, client: Pick<Prisma.TransactionClient, "$queryRaw"> = getDb()): Promise<Row[]> {
  const pool = pools.get(client as PrismaClient);
  if (!pool) return client.$queryRaw<Row[]>(query);
  if (getEnv().BENCH_SQL_COUNT) sqlCount.statements++;
  const result = await pool.query<Row & pg.QueryResultRow>({
    name: statementName(query.text),
    text: query.text,
    values: query.values.map(toParam),
    types: readTypes,
  });
  return result.rows;
}

// Each readRows statement is prepared once per connection under a name of its text, so that
// PostgreSQL parses it once and, after five runs, keeps a plan for it: planning the member
// pages' joins cost 1.5 to 2 ms of the database's CPU a statement, four times their execution
// (pg_stat_statements, docs/database.md). The texts are the domain modules' few statements; a
// text never seen before beyond the cap runs unprepared, so no connection collects statements.
const MAX_PREPARED = 500;
const statementNames = singleton("readRowsStatements", () => new Map<string, string>());
function statementName(text: string) {
  const known = statementNames.get(text);
  if (known || statementNames.size >= MAX_PREPARED) return known;
  const name = `rows_${statementNames.size + 1}`;
  statementNames.set(text, name);
  return name;
}
