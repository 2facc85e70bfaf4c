// The migrations in prisma/migrations produce exactly the database schema.prisma describes.
import { readFile } from "node:fs/promises";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { dropDatabase, recreateDatabase } from "#server/database/databases.ts";
import { applyMigrations, diffSchemas, schemaPath } from "#server/database/schema-engine.ts";
import { describeSchema } from "#tests/support/catalog.ts";

const server = process.env.DATABASE_URL!;
const names = [`drift_migrated_${process.pid}`, `drift_schema_${process.pid}`];
afterAll(() => Promise.all(names.map((n) => dropDatabase(server, n))));

describe("schema drift", () => {
  it("migrations and schema.prisma agree", async () => {
    const migrated = await recreateDatabase(server, names[0]!);
    await applyMigrations(migrated);

    const fromSchema = await recreateDatabase(server, names[1]!);
    const sql = await diffSchemas(fromSchema, null, await readFile(schemaPath, "utf8"));
    const client = new pg.Client({ connectionString: fromSchema });
    await client.connect();
    await client.query(sql);
    await client.end();

    const [{ checks, ...a }, { checks: none, ...b }] = await Promise.all([describeSchema(migrated), describeSchema(fromSchema)]);
    expect(a.columns.length).toBeGreaterThan(100);
    expect(a).toEqual(b);
    // the CHECK constraints exist only in migrations (schema.prisma cannot describe them)
    expect(none).toEqual([]);
    expect(checks).toEqual([
      "credit_ledger | credit_ledger_balance_after_not_negative | CHECK ((balance_after >= 0))",
      "users | users_credits_not_negative | CHECK ((credits >= 0))",
    ]);
  });
});
