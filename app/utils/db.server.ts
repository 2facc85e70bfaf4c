// The one Prisma client of the process, on DATABASE_URL or the embedded PostgreSQL that the
// server entry started before the first query.
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "#app/generated/prisma/client.ts";
import { markVisibleWrite } from "./cache.server.ts";
import { getDatabaseUrl, getEnv } from "./env.server.ts";
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
  "NotificationSend",
  "PushSubscription",
  "AlertDismissal",
  "StaffSession",
  "StaffAuditEntry",
  "DataExport",
]);
const WRITES = new Set(["create", "createMany", "createManyAndReturn", "update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany"]);

export function createDb(connectionString: string) {
  const env = getEnv();
  const adapter: SqlDriverAdapterFactory = new PrismaPg({
    connectionString,
    max: env.DATABASE_POOL_MAX,
    // pg's connectionTimeoutMillis also bounds the wait for a free connection of a full pool
    connectionTimeoutMillis: env.DATABASE_POOL_TIMEOUT_MS,
  });
  const count = Boolean(env.BENCH_SQL_COUNT);
  const client = new PrismaClient({ adapter, ...(count ? { log: [{ emit: "event" as const, level: "query" as const }] } : {}) });
  if (count) client.$on("query" as never, () => void sqlCount.statements++);
  const marked = client.$extends({
    name: "cache-freshness",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          if (!WRITES.has(operation) || INVISIBLE_MODELS.has(model)) return query(args);
          // before and after: a page rendered while the write runs is not kept past it
          markVisibleWrite();
          try {
            return await query(args);
          } finally {
            markVisibleWrite();
          }
        },
      },
    },
  });
  // A query extension leaves the client's API as it is; only its static type is a new one.
  return marked as unknown as PrismaClient;
}

export function getDb(): Db {
  return singleton("db", () => {
    return createDb(getDatabaseUrl());
  });
}
