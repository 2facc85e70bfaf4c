// The one Prisma client of the process, on DATABASE_URL or the embedded PostgreSQL that the
// server entry started before the first query.
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "#app/generated/prisma/client.ts";
import { getDatabaseUrl, getEnv } from "./env.server.ts";
import { singleton } from "./singleton.ts";

export type Db = PrismaClient;

/** SQL statements sent so far (counted only with BENCH_SQL_COUNT=1, for `npm run bench:http`). */
export const sqlCount = singleton("sqlCount", () => ({ statements: 0 }));

/**
 * Goes up with every statement of this process that may change what a visitor sees: any write
 * except to the tables below, which no public page shows (sessions, tokens, rate limits, visits,
 * mail and push bookkeeping, staff records). The anonymous page cache (server/page-cache.ts)
 * drops its pages when it moves, so a page is never older than this process's last such write.
 */
export const visibleWrites = singleton("visibleWrites", () => ({ generation: 0 }));

const INVISIBLE_TABLES = new Set([
  "sessions",
  "user_tokens",
  "login_attempts",
  "rate_limits",
  "trackings",
  "mail_deliveries",
  "notification_sends",
  "push_subscriptions",
  "alert_dismissals",
  "staff_sessions",
  "staff_audit_log",
  "data_exports",
]);
const WRITE_TARGET = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:"[^"]+"\.)?"([^"]+)"/i;
// reads and transaction control (BEGIN, COMMIT, … go through the adapter too)
const NOT_A_WRITE = /^\s*(?:SELECT|BEGIN|START|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET|SHOW)\b/i;

function noteStatement(sql: string) {
  if (NOT_A_WRITE.test(sql)) return;
  if (/^\s*WITH\b/i.test(sql) && !/\b(?:INSERT|UPDATE|DELETE|MERGE)\b/i.test(sql)) return;
  const table = WRITE_TARGET.exec(sql)?.[1];
  // a statement of another shape (WITH …, a script) counts as a write: better a cache dropped too often
  if (!table || !INVISIBLE_TABLES.has(table)) visibleWrites.generation++;
}

/** Wraps a driver adapter (and its transactions) so every statement it runs is seen (and, for the bench, counted). */
function watched<T extends object>(target: T, count: boolean): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "queryRaw" || property === "executeRaw" || property === "executeScript") {
        return (...args: unknown[]) => {
          if (count) sqlCount.statements++;
          const query = args[0] as { sql?: string } | string;
          noteStatement(typeof query === "string" ? query : (query?.sql ?? ""));
          return value.apply(object, args);
        };
      }
      if (property === "startTransaction" || property === "connect") {
        return async (...args: unknown[]) => watched(await value.apply(object, args), count);
      }
      return value.bind(object);
    },
  });
}

export function createDb(connectionString: string) {
  const env = getEnv();
  const adapter: SqlDriverAdapterFactory = new PrismaPg({
    connectionString,
    max: env.DATABASE_POOL_MAX,
    // pg's connectionTimeoutMillis also bounds the wait for a free connection of a full pool
    connectionTimeoutMillis: env.DATABASE_POOL_TIMEOUT_MS,
  });
  return new PrismaClient({ adapter: watched(adapter, Boolean(env.BENCH_SQL_COUNT)) });
}

export function getDb(): Db {
  return singleton("db", () => {
    return createDb(getDatabaseUrl());
  });
}
