// The default for a fresh laptop: no DATABASE_URL, an embedded PostgreSQL under DATA_DIR,
// migrated, and data that survives a restart.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/free-port.ts";
import { startEmbeddedPostgres } from "#server/database/embedded-postgres.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "rendezvous-embedded-"));
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as its own user and must reach the folder
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL", () => {
  it("starts, migrates, and keeps its data across restarts", async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres(dataDir, port);
    try {
      const migrations = readdirSync("prisma/migrations").filter((d) => /^\d{14}_/.test(d));
      expect(await applyMigrations(first.url)).toEqual(migrations.sort());
      await query(
        first.url,
        `INSERT INTO companies (id, name, address, kvk, city, country, support_phone) VALUES (7, 'Kept B.V.', 'x', '1', 'Utrecht', 'NL', '1')`,
      );
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres(dataDir, port);
    try {
      expect(await applyMigrations(second.url)).toEqual([]);
      expect(await query(second.url, "SELECT name FROM companies WHERE id = 7")).toEqual([{ name: "Kept B.V." }]);
      const [{ server_version }] = await query(second.url, "SHOW server_version");
      expect(Number(String(server_version).split(".")[0])).toBe(18);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
