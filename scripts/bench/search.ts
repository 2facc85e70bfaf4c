// `npm run bench:search`: the members search with 1,000,000 profiles in PostgreSQL.
// Builds (once) a database rendezvous_bench on DATABASE_URL's server (default: the local
// PostgreSQL) with 1M members spread over the demo network, then measures
//   - the search queries at the database (page 1, page 20, and the total count), and
//   - whole GET /members requests on one process (production build, logged-out visitor),
// for the typical filter: gender, country, age range. Prints p50/p95/p99.
// Options: BENCH_PROFILES (1000000), BENCH_REBUILD=1, BENCH_SAMPLES (300).
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { syncSites } from "#app/tenancy/sites.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { parseSearch, PAGE_SIZE } from "#app/search/search-params.ts";
import { searchWhere } from "#app/search/search.server.ts";
import { cardSelect } from "#app/profiles/cards.server.ts";
import { poolSiteKeys } from "#app/profiles/access.server.ts";
import { seedCompanies } from "#prisma/seed/index.ts";
import { createApp } from "#server/app.ts";
import { withDatabaseName } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";
import { sql } from "./support/sql.ts";

const TOTAL = Number(process.env.BENCH_PROFILES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const url = withDatabaseName(serverUrl, "rendezvous_bench");

// ---------- data ----------
const exists = (await sql(serverUrl, "SELECT 1 FROM pg_database WHERE datname = 'rendezvous_bench'")).length > 0;
if (!exists || process.env.BENCH_REBUILD) {
  await sql(serverUrl, "DROP DATABASE IF EXISTS rendezvous_bench WITH (FORCE)");
  await sql(serverUrl, "CREATE DATABASE rendezvous_bench");
}
process.env.DATABASE_URL = url;
await applyMigrations(url);
const db = getDb();
await seedCompanies(db);
await syncSites(db);
const [{ count }] = await sql(url, "SELECT count(*)::int AS count FROM profiles");
if (count < TOTAL) {
  const started = Date.now();
  console.log(`generating ${TOTAL - count} profiles…`);
  // one statement per million: users, then their profiles; deterministic pseudo-random spread
  await sql(
    url,
    `
    INSERT INTO users (site_key, network, email, status, confirmed_at, updated_at)
    SELECT (ARRAY['lovely','mature','pride'])[1 + i % 3], 'rendezvous', 'bench-' || i || '@bench.invalid', 'active', now(), now()
    FROM generate_series(${count + 1}, ${TOTAL}) AS i
    ON CONFLICT DO NOTHING`,
  );
  await sql(
    url,
    `
    INSERT INTO profiles (user_id, site_key, network, name, status, country, region, date_of_birth, gender, sexuality, last_active_at, updated_at)
    SELECT u.id, u.site_key, u.network, 'Member ' || u.id, 'active',
      (ARRAY['NL','BE','DE','GB','IE','AT','CH','SE','NO','DK','FI','PL','ES','IT','FR'])[1 + (hashint4(u.id) & 2147483647) % 15],
      NULL,
      (now() - make_interval(days => 18 * 365 + ((hashint4(u.id + 7) & 2147483647) % (57 * 365))))::date,
      (CASE WHEN (hashint4(u.id + 13) & 1) = 0 THEN 'female' ELSE 'male' END)::"Gender",
      'hetero',
      now() - make_interval(secs => (hashint4(u.id + 29) & 2147483647) % (90 * 86400)),
      now()
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE p.id IS NULL`,
  );
  await sql(url, "ANALYZE");
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
const [{ total }] = await sql(url, "SELECT count(*)::int AS total FROM profiles");
console.log(`profiles in rendezvous_bench: ${total}`);

// ---------- database ----------
const site = getSiteRegistry().byKey.get("lovely")!;
const countries = site.countries;
function typical(i: number, page: number) {
  const min = 20 + ((i * 7) % 30);
  const q = new URLSearchParams({
    gender: i % 2 ? "male" : "female",
    country: countries[i % countries.length]!,
    min_age: String(min),
    max_age: String(min + 10),
    page: String(page),
  });
  return q;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!.toFixed(2);
const report = (label: string, xs: number[]) =>
  console.log(`${label.padEnd(44)} n=${xs.length}  p50 ${pct(xs, 50)} ms  p95 ${pct(xs, 95)} ms  p99 ${pct(xs, 99)} ms`);
async function time(fn: () => Promise<unknown>) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

for (const page of [1, 20]) {
  const xs: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const s = parseSearch(new URL(`http://x/members?${typical(i, page)}`), site, null);
    const ms = await time(() =>
      db.profile.findMany({
        where: searchWhere(site, null, s),
        orderBy: [{ lastActiveAt: "desc" }, { id: "desc" }],
        skip: (page - 1) * PAGE_SIZE,
        take: PAGE_SIZE + 1,
        select: cardSelect,
      }),
    );
    if (i >= 20) xs.push(ms);
  }
  report(`db: search page ${page} (Prisma, incl. round trip)`, xs);
}
{
  const xs: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const s = parseSearch(new URL(`http://x/members?${typical(i, 1)}`), site, null);
    const ms = await time(() => db.profile.count({ where: searchWhere(site, null, s) }));
    if (i >= 20) xs.push(ms);
  }
  report("db: total count, uncached", xs);
}
const poolSites = poolSiteKeys(site)
  .map((k) => `'${k}'`)
  .join(", ");
const plan = await sql(
  url,
  `EXPLAIN (ANALYZE, BUFFERS) SELECT id FROM profiles WHERE network = 'rendezvous' AND site_key IN (${poolSites}) AND status = 'active' AND invisible = false AND gender = 'female' AND country = 'DE'
  AND date_of_birth <= now() - interval '25 years' AND date_of_birth > now() - interval '36 years' ORDER BY last_active_at DESC, id DESC LIMIT 25 OFFSET 456`,
);
console.log("plan, page 20:\n  " + plan.map((r) => r["QUERY PLAN"]).join("\n  "));

// ---------- HTTP ----------
const env = { ...getEnv(), NODE_ENV: "production" as const, DATABASE_URL: url };
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const server = createApp({ env, build }).listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const port = (server.address() as AddressInfo).port;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (p: string) =>
  new Promise<void>((resolve, reject) =>
    http
      .get({ host: "127.0.0.1", port, path: p, agent, headers: { host: "lovely.localhost", "accept-language": "en" } }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${p}: ${res.statusCode}`))));
      })
      .on("error", reject),
  );
for (const page of [1, 20]) {
  const xs: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const ms = await time(() => get(`/members?${typical(i, page)}`));
    if (i >= 20) xs.push(ms);
  }
  report(`http: GET /members page ${page} (one process)`, xs);
}
server.close();
agent.destroy();
await db.$disconnect();
process.exit(0);
