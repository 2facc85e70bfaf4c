// `npm run bench:staff-lookup`: the staff console's member lookup by e-mail across all sites,
// with 1,000,000 members in PostgreSQL. Builds (once) the database rendezvous_staff_bench on
// DATABASE_URL's server (default: the local PostgreSQL), then times the lookup the console runs
// (findMembers in app/staff/lookup.server.ts) for random existing and unknown addresses and
// prints p50/p95/p99 and the query plan. Target: p95 under 50 ms at the database.
// Options: BENCH_MEMBERS (1000000), BENCH_REBUILD=1, BENCH_SAMPLES (500).
import { execSync } from "node:child_process";
import pg from "pg";
import { getDb } from "#app/utils/db.server.ts";
import { syncSites } from "#app/tenancy/sites.server.ts";
import { findMembers } from "#app/staff/lookup.server.ts";
import { seedCompanies } from "#prisma/seed/index.ts";
import { withDatabaseName } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";

const TOTAL = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 500);
const NAME = "rendezvous_staff_bench";
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const url = withDatabaseName(serverUrl, NAME);

async function sql(connection: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: connection });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

const exists = (await sql(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${NAME}'`)).length > 0;
if (!exists || process.env.BENCH_REBUILD) {
  await sql(serverUrl, `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await sql(serverUrl, `CREATE DATABASE ${NAME}`);
}
process.env.DATABASE_URL = url;
await applyMigrations(url);
const db = getDb();
await seedCompanies(db);
await syncSites(db);
const [{ count }] = await sql(url, "SELECT count(*)::int AS count FROM users");
if (count < TOTAL) {
  const started = Date.now();
  console.log(`generating ${TOTAL - count} members…`);
  // the same address on several sites now and then, as in real life (one person, several brands)
  await sql(
    url,
    `
    INSERT INTO users (site_key, network, email, status, confirmed_at, updated_at)
    SELECT (ARRAY['lovely','mature','pride'])[1 + i % 3], 'rendezvous', 'member' || (i / 2) || '@bench.invalid', 'active', now(), now()
    FROM generate_series(${count + 1}, ${TOTAL}) AS i
    ON CONFLICT DO NOTHING`,
  );
  await sql(url, "ANALYZE users");
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
async function time(label: string, pick: (i: number) => string) {
  const ms: number[] = [];
  let found = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const q = pick(i);
    const t = process.hrtime.bigint();
    found += (await findMembers(q)).length;
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} p50 ${pct(ms, 50).toFixed(2)} ms  p95 ${pct(ms, 95).toFixed(2)} ms  p99 ${pct(ms, 99).toFixed(2)} ms  (${found} members found in ${SAMPLES} lookups)`,
  );
  return pct(ms, 95);
}

console.log(`load: ${execSync("uptime").toString().trim()}`);
const users = (await sql(url, "SELECT count(*)::int AS n FROM users"))[0].n;
console.log(`members: ${users}`);
await time("warm-up", (i) => `member${i}@bench.invalid`);
const p95 = await time("e-mail of an existing member", () => `member${Math.floor(Math.random() * (TOTAL / 2))}@bench.invalid`);
await time("unknown e-mail address", (i) => `nobody${i}@bench.invalid`);
const plan = await sql(url, "EXPLAIN ANALYZE SELECT id, email, site_key FROM users WHERE email = $1 ORDER BY id LIMIT 25", ["member4242@bench.invalid"]);
console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
console.log(p95 < 50 ? `OK: p95 ${p95.toFixed(2)} ms < 50 ms` : `SLOW: p95 ${p95.toFixed(2)} ms >= 50 ms`);
await db.$disconnect();
