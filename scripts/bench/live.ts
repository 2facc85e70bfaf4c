// `npm run bench:live`: send → the recipient's open page, with 1,000 members' pages connected
// to one app process (Server-Sent Events at /api/events). A premium sender posts real messages
// (POST /members/{id}/chat, paid in credits) to random connected members; each sample is the
// time from the start of the send request to the event's arrival at the recipient's stream.
// Prints p50/p95/p99 and the app process's memory before and after the 1,000 streams opened.
// Builds (once) rendezvous_bench_live on DATABASE_URL's server. Requires `npm run build` first.
// Options: BENCH_LISTENERS (1000), BENCH_SAMPLES (300), BENCH_REBUILD=1.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import { createSession } from "#app/auth/session.server.ts";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { getSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { setDatabaseUrl } from "#app/utils/env.server.ts";
import { seedCompanies } from "#prisma/seed/index.ts";
import { withDatabaseName } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";
import { sql } from "./support/sql.ts";

const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 1000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
process.env.LOG_LEVEL ??= "silent";
process.env.APP_SECRET ??= "bench-secret-0123456789-0123456789";
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const url = withDatabaseName(serverUrl, "rendezvous_bench_live");

// ---------- data: 1,000 members on lovely, a premium sender with credits ----------
const exists = (await sql(serverUrl, "SELECT 1 FROM pg_database WHERE datname = 'rendezvous_bench_live'")).length > 0;
if (!exists || process.env.BENCH_REBUILD) {
  await sql(serverUrl, "DROP DATABASE IF EXISTS rendezvous_bench_live WITH (FORCE)");
  await sql(serverUrl, "CREATE DATABASE rendezvous_bench_live");
}
process.env.DATABASE_URL = url;
setDatabaseUrl(url);
await applyMigrations(url);
const db = getDb();
await seedCompanies(db);
await syncSites(db);
const site = getSiteRegistry().byKey.get("lovely")!;
await sql(
  url,
  `
  INSERT INTO users (site_key, network, email, status, confirmed_at, paid_user, updated_at)
  SELECT 'lovely', '${site.network}', 'bench-live-' || i || '@bench.invalid', 'active', now(), i = 0, now()
  FROM generate_series(0, ${LISTENERS}) AS i ON CONFLICT DO NOTHING`,
);
await sql(
  url,
  `
  INSERT INTO profiles (user_id, site_key, network, name, status, country, date_of_birth, gender, seeking, sexuality, updated_at)
  SELECT u.id, u.site_key, u.network, 'Live ' || u.id, 'active', 'NL', '1988-01-01', 'female', 'male', 'hetero', now()
  FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.email LIKE 'bench-live-%' AND p.id IS NULL`,
);
const members = await db.user.findMany({
  where: { email: { startsWith: "bench-live-" } },
  select: { id: true, email: true, profile: { select: { id: true } } },
  orderBy: { id: "asc" },
});
const sender = members.find((m) => m.email === "bench-live-0@bench.invalid")!;
const listeners = members.filter((m) => m !== sender).slice(0, LISTENERS);
await changeCredits(db, { userId: sender.id, delta: 1_000_000, reason: "adjustment", idempotencyKey: `bench-live-credits-${Date.now()}` });
const cookieOf = async (userId: number) => `rdv_session=${(await createSession(userId, site)).token}`;
const senderCookie = await cookieOf(sender.id);
const listenerCookies = await Promise.all(listeners.map((m) => cookieOf(m.id)));

// ---------- the app in its own process ----------
const app = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  env: { ...process.env, NODE_ENV: "production", PORT: "0", WORKER_IN_PROCESS: "0", SEED_DEMO: "0", LOG_LEVEL: "warn", REDIS_URL: process.env.REDIS_URL ?? "" },
  stdio: ["ignore", "pipe", "inherit"],
});
const port = await new Promise<number>((resolve) => {
  let out = "";
  app.stdout!.on("data", (c) => {
    out += c;
    const m = /Rendezvous on http:\/\/localhost:(\d+)/.exec(out);
    if (m) resolve(Number(m[1]));
  });
});
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app.pid}/status`, "utf8"))![1]) / 1024;
const agent = new http.Agent({ keepAlive: true, maxSockets: LISTENERS + 20 });

// ---------- 1,000 open pages ----------
const waiting = new Map<number, (at: number) => void>(); // profile id → resolver of the next message event
const idleRss = rssMb();
await Promise.all(
  listeners.map(
    (m, i) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(
          { host: "127.0.0.1", port, path: "/api/events", agent, headers: { host: "lovely.localhost", cookie: listenerCookies[i]! } },
          (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              if (chunk.includes("event: hello")) resolve();
              if (chunk.includes("event: message")) waiting.get(m.profile!.id)?.(performance.now());
            });
          },
        );
        req.on("error", reject);
      }),
  ),
);
const connectedRss = rssMb();
console.log(`${listeners.length} pages connected; app process memory ${idleRss.toFixed(0)} MB before, ${connectedRss.toFixed(0)} MB after`);

// ---------- sends ----------
function send(profileId: number, n: number) {
  const body = new URLSearchParams({ clientKey: `bench-live-${Date.now()}-${n}`, intent: "text", body: `Hello ${n}` }).toString();
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/members/${profileId}/chat`,
        agent,
        headers: {
          host: "lovely.localhost",
          cookie: senderCookie,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 302 ? resolve(res.statusCode) : reject(new Error(`send answered ${res.statusCode}`))));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
const samples: number[] = [];
for (let n = 0; n < SAMPLES; n++) {
  const target = listeners[Math.floor(Math.random() * listeners.length)]!.profile!.id;
  const started = performance.now();
  const arrived = new Promise<number>((resolve) => waiting.set(target, resolve));
  await send(target, n);
  samples.push((await arrived) - started);
  waiting.delete(target);
}
const sorted = samples.sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
console.log(
  `\nsend → recipient's open page, ${listeners.length} pages connected to one process, ${SAMPLES} sends, ${process.env.REDIS_URL ? "Redis pub/sub" : "PostgreSQL LISTEN/NOTIFY"}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
console.log(`| p50 | p95 | p99 | app memory with the pages open |`);
console.log(`|---|---|---|---|`);
console.log(`| ${pct(50).toFixed(1)} ms | ${pct(95).toFixed(1)} ms | ${pct(99).toFixed(1)} ms | ${rssMb().toFixed(0)} MB (${idleRss.toFixed(0)} MB before) |`);
console.log(`target: p95 under 100 ms`);
app.kill("SIGTERM");
agent.destroy();
await getDb().$disconnect();
process.exit(0);
