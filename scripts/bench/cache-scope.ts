// `npm run bench:cache-scope` (ADR 048): what one site's writes cost the other sites' page caches.
// Two production processes on one database (DATABASE_URL's server, a database of its own, the
// demo seeded); the live bus between them on PostgreSQL. Pride Match members send ~14 chat
// messages a second through process A (BENCH_WRITES_PER_S) while autocannon asks process B for
// the cookieless home pages of Lovely Dates and Mature Moments. Printed: req/s and the share of
// pages that came from B's page cache, without writes and with them.
// BENCH_APP_DIR runs another checkout's build (its build/ made with `npm run build`): the code
// before a change, for a figure to compare. BENCH_SECONDS (10), BENCH_PORT (3431), BENCH_CONNECTIONS (10).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { recreateDatabase } from "#server/database/databases.ts";
import { DEMO_PASSWORD, root, send } from "./support/app-server.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3431);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WRITES_PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 14);
const appDir = path.resolve(process.env.BENCH_APP_DIR ?? root);
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const databaseUrl = await recreateDatabase(serverUrl, "bench_cache_scope");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const children: ReturnType<typeof spawn>[] = [];
process.on("exit", () => children.forEach((c) => c.exitCode === null && c.kill("SIGTERM")));

async function startProcess(port: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-cache-scope-"));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !["REDIS_URL", "QUEUE_NAMESPACE", "TENANTS_DIR", "NODE_OPTIONS"].includes(k)));
  const child = spawn(process.execPath, ["build/server/main.js"], {
    cwd: appDir,
    env: {
      ...env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "1",
      APP_SECRET: "bench-cache-scope-secret-0123456789abcdef",
      PAYMENTS_TEST_PROVIDER: "on",
      WORKER_IN_PROCESS: "0",
      WEB_CONCURRENCY: "1",
      HOST: "127.0.0.1",
      // the writers log in from addresses of their own (X-Forwarded-For): logins are limited per address
      TRUST_PROXY: "1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process on ${port} exited with code ${child.exitCode}`);
    if (Date.now() - started > 300_000) throw new Error(`the process on ${port} did not answer within 300 s`);
    const health = await send(`${url}/healthz`, { headers: { host: "lovely.localhost" } }).catch(() => null);
    if (health?.status === 200) return url;
    await sleep(300);
  }
}

// one after the other: the first migrates and seeds, the second finds it done
const a = await startProcess(PORT);
const b = await startProcess(PORT + 1);

// the writers: Pride Match's demo members (each sends one message at a time: a member's sends
// take turns, ADR 007), each with credits for every message and a partner of its own
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const users = (
  await db.query<{ id: number; email: string; profile: number }>(
    `SELECT u.id, u.email, p.id AS profile FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.site_key = 'pride' AND p.status = 'active' AND NOT p.fictional ORDER BY u.id LIMIT 16`,
  )
).rows;
// a bench database of its own: no ledger to keep, and every writer gets the demo member's password
await db.query(
  `UPDATE users SET credits = 10000000, password_hash = (SELECT password_hash FROM users WHERE email = 'member@pride.localhost') WHERE id = ANY($1)`,
  [users.map((u) => u.id)],
);
await db.end();
const writers: { cookie: string; target: number }[] = [];
for (let i = 0; i + 1 < users.length && writers.length < 8; i += 2) {
  const res = await send(`${a}/login`, {
    method: "POST",
    headers: {
      host: "pride.localhost",
      origin: "http://pride.localhost",
      "accept-language": "en",
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": `10.0.0.${i + 1}`,
    },
    body: new URLSearchParams({ email: users[i]!.email, password: DEMO_PASSWORD }).toString(),
  });
  if (res.status !== 302) console.log(`${users[i]!.email}: login answered ${res.status}`);
  const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).join("; ");
  if (res.status === 302 && cookie) writers.push({ cookie, target: users[i + 1]!.profile });
}
if (!writers.length) throw new Error("no Pride Match demo member could log in");

let written = 0;
const refused = new Map<number, number>();
async function writeLoop(stop: { done: boolean }) {
  const gap = 1000 / WRITES_PER_S;
  const busy = new Set<number>();
  const inFlight: Promise<unknown>[] = [];
  let next = Date.now();
  let turn = 0;
  while (!stop.done) {
    next += gap;
    const w = turn++ % writers.length;
    if (!busy.has(w)) {
      busy.add(w);
      const { cookie, target } = writers[w]!;
      const body = new URLSearchParams({ clientKey: crypto.randomUUID(), intent: "text", body: `bench ${turn}` }).toString();
      inFlight.push(
        send(`${a}/members/${target}/chat`, {
          method: "POST",
          headers: {
            host: "pride.localhost",
            origin: "http://pride.localhost",
            cookie,
            "content-type": "application/x-www-form-urlencoded",
            "accept-language": "en",
          },
          body,
        })
          .then(
            (res) => (res.status === 302 ? written++ : refused.set(res.status, (refused.get(res.status) ?? 0) + 1)),
            () => refused.set(0, (refused.get(0) ?? 0) + 1),
          )
          .finally(() => busy.delete(w)),
      );
    }
    await sleep(Math.max(0, next - Date.now()));
  }
  await Promise.all(inFlight);
}

async function load(label: string) {
  let hits = 0;
  let pages = 0;
  // the raw header names as sent (X-Page-Cache)
  const onResponse = (_status: number, _body: string, _context: unknown, headers?: Record<string, string | string[] | undefined>) => {
    pages++;
    if (Object.entries(headers ?? {}).some(([name, value]) => name.toLowerCase() === "x-page-cache" && value === "hit")) hits++;
  };
  const result = await autocannon({
    url: b,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: ["lovely.localhost", "mature.localhost"].map((host) => ({
      method: "GET" as const,
      path: "/",
      headers: { host, "accept-language": "en" },
      onResponse,
    })),
  });
  const share = pages ? hits / pages : 0;
  console.log(
    `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s  cached ${(share * 100).toFixed(1).padStart(5)} %  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`,
  );
}

console.log(`bench:cache-scope: ${appDir}, ${SECONDS} s each, ${CONNECTIONS} connections, other sites' home pages through process B`);
await load("no writes");
const stop = { done: false };
const writing = writeLoop(stop);
await load(`~${WRITES_PER_S} writes/s on pride through A`);
stop.done = true;
await writing;
console.log(
  `writes: ${written} messages stored (${(written / SECONDS).toFixed(1)}/s) by ${writers.length} members${refused.size ? `, refused: ${JSON.stringify(Object.fromEntries(refused))}` : ""}`,
);
process.exit(0);
