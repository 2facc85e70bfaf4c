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

/** Wraps a driver adapter (and its transactions) so every statement it runs is counted. */
function counted<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "queryRaw" || property === "executeRaw" || property === "executeScript") {
        return (...args: unknown[]) => {
          sqlCount.statements++;
          return value.apply(object, args);
        };
      }
      if (property === "startTransaction" || property === "connect") {
        return async (...args: unknown[]) => counted(await value.apply(object, args));
      }
      return value.bind(object);
    },
  });
}

export function createDb(connectionString: string) {
  const adapter: SqlDriverAdapterFactory = new PrismaPg({ connectionString, max: 10 });
  return new PrismaClient({ adapter: getEnv().BENCH_SQL_COUNT ? counted(adapter) : adapter });
}

export function getDb(): Db {
  return singleton("db", () => {
    return createDb(getDatabaseUrl());
  });
}
