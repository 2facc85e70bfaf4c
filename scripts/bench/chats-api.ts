// `npm run bench:chats-api`: GET /api/chats.php for a member with 200 conversations, beside a
// bare node:http server that runs the same SQL through pg and answers the same JSON.
// Builds (once) rendezvous_bench_chats on DATABASE_URL's server (default: the local PostgreSQL).
// The SQL is recorded from one real request (every statement Prisma sent, in order, with its
// values), then both servers run in their own processes and autocannon (concurrency 10) drives
// them in interleaved rounds; prints the median requests/s of each, the ratio and `uptime`.
// Requires `npm run build` first. Options: BENCH_SECONDS (8), BENCH_ROUNDS (3), BENCH_REBUILD=1.
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir, loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { createSession } from "#app/auth/session.server.ts";
import { sendMessage } from "#app/chat/send.server.ts";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { getSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv, setDatabaseUrl } from "#app/utils/env.server.ts";
import { seedCompanies } from "#prisma/seed/index.ts";
import { createApp } from "#server/app.ts";
import { withDatabaseName } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";
import { sql } from "./support/sql.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONVERSATIONS = 200;
process.env.LOG_LEVEL ??= "silent";
process.env.APP_SECRET ??= "bench-secret-0123456789-0123456789";
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const url = withDatabaseName(serverUrl, "rendezvous_bench_chats");

// ---------- data: one member with 200 conversations (partners on lovely and mature), 40 likes ----------
const exists = (await sql(serverUrl, "SELECT 1 FROM pg_database WHERE datname = 'rendezvous_bench_chats'")).length > 0;
if (!exists || process.env.BENCH_REBUILD) {
  await sql(serverUrl, "DROP DATABASE IF EXISTS rendezvous_bench_chats WITH (FORCE)");
  await sql(serverUrl, "CREATE DATABASE rendezvous_bench_chats");
}
process.env.DATABASE_URL = url;
setDatabaseUrl(url);
await applyMigrations(url);
const db = getDb();
await seedCompanies(db);
await syncSites(db);
const sites = getSiteRegistry().byKey;

async function member(n: number, siteKey: string, gender: "male" | "female") {
  const site = sites.get(siteKey)!;
  const email = `bench-chats-${n}@bench.invalid`;
  return db.user.upsert({
    where: { siteKey_email: { siteKey, email } },
    update: {},
    create: {
      siteKey,
      network: site.network,
      email,
      status: "active",
      confirmedAt: new Date(),
      profile: {
        create: {
          siteKey,
          network: site.network,
          name: `Bench ${n}`,
          status: "active",
          country: site.countries[0]!,
          gender,
          seeking: gender === "male" ? "female" : "male",
          dateOfBirth: new Date("1985-05-05"),
        },
      },
    },
    include: { profile: true },
  });
}

const me = await member(0, "lovely", "male");
const existing = await db.conversationParticipant.count({ where: { profileId: me.profile!.id } });
if (existing < CONVERSATIONS) {
  console.log(`writing ${CONVERSATIONS} conversations…`);
  for (let i = 1; i <= CONVERSATIONS; i++) {
    const partner = await member(i, i % 2 ? "lovely" : "mature", "female");
    const site = sites.get(partner.siteKey)!;
    await changeCredits(db, { userId: partner.id, delta: 100, reason: "adjustment", idempotencyKey: `bench-chats-${partner.id}` });
    const sender = { userId: partner.id, profileId: partner.profile!.id, paidUser: true };
    for (let k = 0; k < 3; k++)
      await sendMessage(site, sender, { profileId: me.profile!.id }, { kind: "text", body: `Message ${k} from ${i}` }, `bench-${i}-${k}-xxxxxxxx`, {
        queue: false,
      });
    if (i <= 40) await db.like.createMany({ data: [{ likerId: partner.profile!.id, likedId: me.profile!.id }], skipDuplicates: true });
  }
}
const { token } = await createSession(me.id, sites.get("lovely")!);
const cookie = `rdv_session=${token}`;

// ---------- record the SQL of one real request ----------
type Recorded = { text: string; values?: unknown[]; rowMode?: string };
const recorded: Recorded[] = [];
const originalQuery = pg.Client.prototype.query;
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const inProcess = createApp({ env: getEnv(), build, clientDir: path.resolve("build/client") }).listen(0, "127.0.0.1");
await new Promise((r) => inProcess.once("listening", r));
const get = (port: number) =>
  new Promise<string>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/api/chats.php", headers: { host: "lovely.localhost", cookie } }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`status ${res.statusCode}: ${body.slice(0, 200)}`))));
      })
      .on("error", reject);
  });
await get((inProcess.address() as AddressInfo).port); // warm-up: last-activity write and caches settle
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  if (config && typeof config === "object" && "text" in config) {
    const c = config as Recorded;
    recorded.push({ text: c.text, values: c.values, rowMode: c.rowMode });
  } else if (typeof config === "string") recorded.push({ text: config, values: rest[0] as unknown[] });
  return (originalQuery as (...a: unknown[]) => unknown).call(this, config, ...rest);
};
const json = await get((inProcess.address() as AddressInfo).port);
pg.Client.prototype.query = originalQuery;
inProcess.close();
const parsed = JSON.parse(json) as { chats: unknown[]; unread_total: number };
console.log(
  `member with ${parsed.chats.length} conversations (${parsed.unread_total} unread); one request ran ${recorded.length} SQL statements; answer ${json.length} bytes`,
);
const spec = path.join(tmpdir(), `bench-chats-${process.pid}.json`);
writeFileSync(spec, JSON.stringify({ url, queries: recorded.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(q.text)), body: json }));

// ---------- the two servers, each in its own process ----------
function startProcess(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (c) => {
      out += c;
      const port = /listening on (\d+)|Rendezvous on http:\/\/localhost:(\d+)/.exec(out);
      if (port) resolve({ child, port: Number(port[1] ?? port[2]) });
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}: ${out}`)));
  });
}
const app = await startProcess(["server/main.ts"], { NODE_ENV: "production", PORT: "0", WORKER_IN_PROCESS: "0", SEED_DEMO: "0", LOG_LEVEL: "warn" });
const bare = await startProcess(["scripts/bench/support/bare-chats-server.ts", spec], {});

async function measure(port: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/chats.php`,
    connections: 10,
    duration: SECONDS,
    headers: { host: "lovely.localhost", cookie },
  });
  if (result.non2xx) throw new Error(`${result.non2xx} answers were not 2xx`);
  return result.requests.average;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const appRates: number[] = [];
const bareRates: number[] = [];
await measure(app.port); // warm-up
await measure(bare.port);
for (let round = 0; round < ROUNDS; round++) {
  appRates.push(await measure(app.port));
  bareRates.push(await measure(bare.port));
}
app.child.kill("SIGTERM");
bare.child.kill("SIGTERM");

const a = median(appRates);
const b = median(bareRates);
console.log(
  `\nGET /api/chats.php, ${CONVERSATIONS} conversations, concurrency 10, ${ROUNDS} interleaved rounds of ${SECONDS} s, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
console.log(`| server | requests/s (median) | rounds |`);
console.log(`|---|---|---|`);
console.log(`| app (production build, one process) | ${a.toFixed(0)} | ${appRates.map((x) => x.toFixed(0)).join(", ")} |`);
console.log(`| bare node:http, same SQL through pg, same JSON | ${b.toFixed(0)} | ${bareRates.map((x) => x.toFixed(0)).join(", ")} |`);
console.log(`ratio app/bare: ${(a / b).toFixed(2)} (target ≥ 0.5)`);
await getDb().$disconnect();
process.exit(0);
