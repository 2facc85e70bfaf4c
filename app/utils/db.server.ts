// The one Prisma client of the process, on DATABASE_URL or the embedded PostgreSQL that the
// server entry started before the first query.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "#app/generated/prisma/client.ts";
import { getDatabaseUrl } from "./env.server.ts";
import { singleton } from "./singleton.ts";

export type Db = PrismaClient;

export function createDb(connectionString: string) {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 10 }) });
}

export function getDb(): Db {
  return singleton("db", () => {
    return createDb(getDatabaseUrl());
  });
}
