// A comparable description of a database's public schema: tables, columns, enums, indexes and
// constraints (CHECK constraints on their own), as PostgreSQL's own catalogue reports them.
import pg from "pg";

export async function describeSchema(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async (sql: string) => (await client.query(sql)).rows.map((r) => Object.values(r).join(" | "));
    return {
      columns: await q(`SELECT table_name, column_name, data_type, udt_name, is_nullable, coalesce(column_default, '')
        FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
        ORDER BY table_name, column_name`),
      enums: await q(`SELECT t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder)
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = 'public' GROUP BY t.typname ORDER BY t.typname`),
      indexes: await q(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
        AND tablename <> '_prisma_migrations' ORDER BY indexname`),
      constraints: await q(`SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '_prisma_migrations' AND c.contype <> 'c' ORDER BY 1, 2`),
      // CHECK constraints apart: schema.prisma cannot describe them, so only migrations write them
      checks: await q(`SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = 'public' AND c.contype = 'c' ORDER BY 1, 2`),
    };
  } finally {
    await client.end();
  }
}
