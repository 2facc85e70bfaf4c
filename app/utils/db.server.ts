// The one Prisma client of the process. DATABASE_URL is set by the server entry before the
// first query (to the embedded PostgreSQL when none was configured).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "#app/generated/prisma/client.ts";
import { singleton } from "./singleton.ts";

export type Db = PrismaClient;

export function createDb(connectionString: string) {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 10 }) });
}

export function getDb(): Db {
  return singleton("db", () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start the app through server/main.ts");
    return createDb(url);
  });
}
