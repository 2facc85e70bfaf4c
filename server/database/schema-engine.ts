// Prisma's schema engine compiled to WebAssembly, driven through the pg driver adapter.
// The `prisma migrate` CLI needs a native binary it downloads at run time, which our machines
// cannot fetch; this module gives the same operations (apply, diff) offline and keeps the
// migrations in Prisma's own layout so `prisma migrate deploy` agrees on connected machines.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";

const require = createRequire(import.meta.url);
const root = projectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const schemaPath = path.join(root, "prisma/schema.prisma");
export const migrationsDir = path.join(root, "prisma/migrations");
/** The demo seed's code (prepare.ts's seed stamp hashes it). */
export const seedDir = path.join(root, "prisma/seed");

/** The folder of the project's package.json: this module runs from server/ and from the bundle in build/server/chunks/. */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "prisma"))) return dir;
    if (dir === path.dirname(dir)) throw new Error(`no project root above ${from}`);
  }
}

type Engine = import("@prisma/schema-engine-wasm").SchemaEngine;
type MigrationList = import("@prisma/schema-engine-wasm").MigrationList;

let bindings: Promise<typeof import("@prisma/schema-engine-wasm/schema_engine_bg")> | undefined;

function loadBindings() {
  bindings ??= (async () => {
    const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmFile = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmFile), {
      "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return bindings;
}

async function withSchemaEngine<T>(connectionString: string, work: (engine: Engine) => Promise<T>) {
  const glue = await loadBindings();
  const schema = await readFile(schemaPath, "utf8");
  // our own pool, so that ending it releases the engine's advisory lock at once
  const pool = new pg.Pool({ connectionString, max: 2 });
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
  const engine: Engine = await glue.SchemaEngine.new({ datamodels: [["schema.prisma", schema]] }, () => {}, adapter);
  try {
    return await work(engine);
  } finally {
    engine.free();
    await pool.end();
  }
}

async function readMigrations(): Promise<MigrationList> {
  const entries = (await readdir(migrationsDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: await readFile(lockPath, "utf8").catch(() => null) },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      entries.map(async (dir) => ({
        path: dir,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok" as const, value: await readFile(path.join(migrationsDir, dir, "migration.sql"), "utf8") },
        },
      })),
    ),
  };
}

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * True when `_prisma_migrations` records every migration folder as applied with the checksum of
 * its file as it is now. Loading the schema engine (5 MB of WebAssembly) only to learn that took
 * most of a second of every start.
 */
async function migrationsUpToDate(connectionString: string, migrationsList: MigrationList) {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    return migrationsList.migrationDirectories.every(
      ({ path: name, migrationFile }) =>
        migrationFile.content.tag === "ok" && applied.get(name) === createHash("sha256").update(migrationFile.content.value).digest("hex"),
    );
  } catch {
    return false; // no table yet, or unreachable: the engine says what is wrong
  } finally {
    await client.end().catch(() => {});
  }
}

/** Applies every migration not yet recorded in `_prisma_migrations`; returns their names. */
export async function applyMigrations(connectionString: string) {
  const migrationsList = await readMigrations();
  if (await migrationsUpToDate(connectionString, migrationsList)) return [];
  return withSchemaEngine(connectionString, async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: noFilters });
    return appliedMigrationNames;
  });
}

/** SQL that takes a database described by `from` (null: an empty one) to the one described by `to`. */
export async function diffSchemas(connectionString: string, from: string | null, to: string) {
  return withSchemaEngine(connectionString, async (engine) => {
    const result = await engine.diff({
      from: from === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: [{ path: schemaPath, content: from }] },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: to }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return (result.stdout ?? "").trim();
  });
}
