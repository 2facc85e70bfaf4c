// `npm run bench:http`: the web server's speed beside two baselines in the same run.
//
//   app          the production build (`npm run build` first), as `npm start` serves it, on the
//                embedded database (or DATABASE_URL: then on a database of its own, BENCH_DATABASE)
//   same DOM     the limit: a bare React Router 7 app (scripts/bench/bare-react-router, /same/N)
//                rendering the app page's own DOM (every element and attribute of the captured
//                HTML as a static React element tree, scripts/bench/support/same-dom.ts) with
//                loader data of the same size, from memory, compressed as the app compresses
//   bare RR      the old baseline: the same bare app rendering generic cards up to the same size
//   bare http    a bare node:http server answering the app's exact bytes from memory
//
// Each route is loaded with autocannon (concurrency 10) in interleaved rounds (app, bare RR,
// bare http, next route, …); the table shows the median round, the ratio to the same-DOM page and
// beside it the old ratio to the same-size page, and the CPU time per request of the app and of
// the same-DOM app (from /proc), and on the embedded database the database's CPU time per request
// (the app's child processes: it runs on the same cores). Pages for visitors without cookies
// come from the anonymous page cache; the "rendered" rows send a cookie that bypasses it. Landers
// are also compared with the home page (a lander at least 0.9 of the home page's
// requests/s). SSR pages are compared with the bare React Router page, JSON with bare node:http.
// The same-DOM app's p99 is printed beside the app's: the latency the limit itself has at this
// concurrency on this machine.
// Also printed: SQL statements per request (counted in the Prisma adapter, BENCH_SQL_COUNT), the resident memory of the app and of the bare
// app (idle after the warm-up, and the median of readings through the rounds) and, unless BENCH_STARTUP=0, the time `npm start` takes to answer
// on a fresh data folder (first start) and again on the same folder (second start).
// Last, the member pages again with one web process and with one per core (WEB_CONCURRENCY):
// requests/s of the whole machine, side by side (BENCH_CLUSTER=0 leaves it out).
//
// Every request to the app carries a browser's Accept-Encoding (BENCH_ACCEPT_ENCODING, default
// "gzip, deflate, br, zstd"; "" for none), so the app's req/s include compressing its answers;
// "sent" is the size on the wire, "size" the decoded answer.
//
// Options: BENCH_SECONDS (3 per run), BENCH_WARMUP (seconds of warm-up per route and server before
// the rounds, BENCH_SECONDS unless given), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_STARTUP (1),
// BENCH_PORT (3411: app 3411, bare RR +1, bare http +2, embedded PostgreSQL +3, start-up +4/+5).
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { withDatabaseName } from "#server/database/databases.ts";
import { PENDING_PORTRAITS_FILE } from "#prisma/seed/portrait-files.ts";
import { sameDomPage, trimmed } from "./support/same-dom.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
// V8 is still optimising the app's code for a minute of load (docs/benchmarks.md): a longer warm-up
// measures the process members meet, both apps alike
const WARMUP = Number(process.env.BENCH_WARMUP ?? SECONDS);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STARTUP = process.env.BENCH_STARTUP !== "0";
const CLUSTER = process.env.BENCH_CLUSTER !== "0";
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3411);
const HOST = "lovely.localhost";
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";
const DEMO = { email: "member@lovely.localhost", password: "rendezvous-demo" };
const root = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const statFields = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
/** CPU time a process has used, in ms (user + system, from /proc). */
const cpuMs = (pid: number) => {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
};
/**
 * CPU time of a process's descendants, in ms: the embedded PostgreSQL the app started (its
 * server and one backend per pooled connection), with what their ended children used. The
 * database runs on the same cores, so its CPU per request is part of a page's cost.
 */
function descendantsCpuMs(pid: number) {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(statFields(entry)[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      /* ended meanwhile */
    }
  }
  let ms = 0;
  for (let queue = [...(children.get(pid) ?? [])]; queue.length;) {
    const child = queue.pop()!;
    try {
      const fields = statFields(child);
      ms += ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / 100;
    } catch {
      continue;
    }
    queue.push(...(children.get(child) ?? []));
  }
  return ms;
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv, options: { detached?: boolean; quiet?: boolean } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", options.quiet ? "ignore" : "inherit"],
    detached: options.detached,
  });
  children.push(child);
  return child;
}

// whatever happens, no server of this run outlives it
process.on("exit", () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      if (child.spawnargs[0] === "npm") process.kill(-child.pid!, "SIGTERM");
      else child.kill("SIGTERM");
    } catch {
      /* already gone */
    }
  }
});
process.on("unhandledRejection", (error) => {
  console.error(error);
  process.exit(1);
});

/** Refuses to run beside another server on our ports: its figures would be mistaken for ours. */
async function assertFree(port: number) {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
  if (inUse) throw new Error(`port ${port} is in use: stop what listens there or choose BENCH_PORT`);
}
for (let p = BASE_PORT; p <= BASE_PORT + 5; p++) await assertFree(p);

function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  return exited;
}

async function waitFor(url: string, host: string, child: ChildProcess, limitMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      if ((await send(url, { headers: { host } })).status === 200) return Date.now() - started;
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
  throw new Error(`${url}: no answer within ${limitMs} ms`);
}

// ---------- start-up ----------
async function timeStart(dataDir: string, port: number, pgPort: number) {
  const started = Date.now();
  // own process group: npm, its shell and the server stop together
  const child = start(
    "npm",
    ["start"],
    { PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    { detached: true, quiet: true },
  );
  await waitFor(`http://127.0.0.1:${port}/`, HOST, child, 180_000);
  const ms = Date.now() - started;
  // the first start answers before the demo portraits are drawn: let it finish, so the second
  // start is a start on a seeded folder, not one that resumes the drawing
  const pending = path.join(dataDir, "media", PENDING_PORTRAITS_FILE);
  for (const until = Date.now() + 300_000; existsSync(pending) && Date.now() < until;) await sleep(250);
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid!, "SIGTERM");
  await exited;
  await sleep(500);
  return ms;
}

let startup: { first: number; second: number } | null = null;
if (STARTUP) {
  const dataDir = path.join(root, ".data/bench-http-startup");
  rmSync(dataDir, { recursive: true, force: true });
  console.log("start-up: npm start on a fresh data folder, then again on the same folder…");
  const first = await timeStart(dataDir, BASE_PORT + 4, BASE_PORT + 5);
  const second = await timeStart(dataDir, BASE_PORT + 4, BASE_PORT + 5);
  startup = { first, second };
  console.log(`first start ${(first / 1000).toFixed(1)} s, second start ${(second / 1000).toFixed(1)} s`);
  rmSync(dataDir, { recursive: true, force: true });
}

// ---------- the three servers ----------
const appEnv: NodeJS.ProcessEnv = {
  // as `npm start` and `npm run start:prod` run it (glibc's malloc arenas: see docs/benchmarks.md)
  NODE_ENV: "production",
  MALLOC_ARENA_MAX: "2",
  PORT: String(BASE_PORT),
  BENCH_SQL_COUNT: "1",
  DATA_DIR: path.join(root, ".data/bench-http"),
  EMBEDDED_PG_PORT: String(BASE_PORT + 3),
};
if (process.env.DATABASE_URL) {
  const name = process.env.BENCH_DATABASE ?? "rendezvous_bench_http";
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  Object.assign(appEnv, {
    DATABASE_URL: withDatabaseName(process.env.DATABASE_URL, name),
    SEED_DEMO: "1",
    // a deployment with DATABASE_URL takes the demo sites' payments only with the test provider on purpose (docs/payments.md)
    PAYMENTS_TEST_PROVIDER: "on",
    APP_SECRET: process.env.APP_SECRET ?? "bench-http-secret-bench-http-secret-0123",
  });
}
console.log("building the bare React Router app…");
execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build", "scripts/bench/bare-react-router"], {
  cwd: root,
  stdio: "ignore",
});

// Memory is that of a server in normal operation: a first start on a fresh data folder draws the
// demo portraits in-process (sharp), and the memory that took stays with that process. So the
// demo data is written by a start of its own, stopped once the portraits are drawn.
const pendingPhotos = path.join(appEnv.DATA_DIR!, "media", PENDING_PORTRAITS_FILE);
async function untilPhotosDrawn() {
  for (const until = Date.now() + 300_000; existsSync(pendingPhotos) && Date.now() < until;) await sleep(250);
}
if (!process.env.DATABASE_URL && !existsSync(path.join(appEnv.DATA_DIR!, "seed-stamp"))) {
  console.log("seeding the demo data in a start of its own…");
  const seeding = start(process.execPath, ["build/server/main.js"], appEnv);
  await waitFor(`http://127.0.0.1:${BASE_PORT}/healthz`, HOST, seeding, 300_000);
  await untilPhotosDrawn();
  const exited = new Promise((r) => seeding.once("exit", r));
  seeding.kill("SIGTERM");
  await exited;
}
let app = start(process.execPath, ["build/server/main.js"], { ...appEnv, WEB_CONCURRENCY: "1" });
const appUrl = `http://127.0.0.1:${BASE_PORT}`;
const rrUrl = `http://127.0.0.1:${BASE_PORT + 1}`;
const httpUrl = `http://127.0.0.1:${BASE_PORT + 2}`;
await waitFor(`${appUrl}/healthz`, HOST, app, 300_000);
// with DATABASE_URL the seed runs in this start: measure once the portraits are drawn
await untilPhotosDrawn();

const headersFor = (cookie?: string, encoded = true) => ({
  host: HOST,
  "accept-language": "en",
  ...(encoded && ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {}),
  ...(cookie ? { cookie } : {}),
});

// node:http rather than fetch: fetch does not let a caller choose the Host header
function send(url: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; bytes: number }>((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, ...(body ? { "content-length": Buffer.byteLength(body) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString(), bytes: bytes.length });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function logIn() {
  const res = await send(`${appUrl}/login`, {
    method: "POST",
    headers: { ...headersFor(), origin: `http://${HOST}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(DEMO).toString(),
  });
  const cookies = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  if (res.status !== 302 || !cookies) throw new Error(`login failed: ${res.status} ${res.body.slice(0, 300)}`);
  return cookies;
}
const member = await logIn();
const membersPage = (await send(`${appUrl}/members`, { headers: headersFor(undefined, false) })).body;
const profileId = /href="\/members\/(\d+)"/.exec(membersPage)?.[1];
if (!profileId) throw new Error("no profile link on /members");
const chatsPage = (await send(`${appUrl}/chats`, { headers: headersFor(member, false) })).body;
const chatId = /href="\/chats\/(\d+)"/.exec(chatsPage)?.[1];
if (!chatId) throw new Error("no conversation link on /chats (the demo member's demo chats)");

interface Route {
  name: string;
  path: string;
  cookie?: string;
  kind: "page" | "json";
  /** a member page: also measured with one web process per core */
  member?: boolean;
}
const routes: Route[] = [
  { name: "GET /", path: "/", kind: "page" },
  { name: "GET /members logged out", path: "/members", kind: "page" },
  // a visitor without cookies gets a page from the anonymous page cache (server/page-cache.ts):
  // the same pages with a cookie that means nothing are rendered for every request
  { name: "GET / rendered (a cookie: no page cache)", path: "/", cookie: "bench=1", kind: "page" },
  { name: "GET /members logged out rendered (no page cache)", path: "/members", cookie: "bench=1", kind: "page" },
  { name: "GET /members logged in", path: "/members", cookie: member, kind: "page", member: true },
  { name: `GET /members/{id}`, path: `/members/${profileId}`, cookie: member, kind: "page", member: true },
  { name: "GET /likes", path: "/likes", cookie: member, kind: "page", member: true },
  { name: "GET /chats", path: "/chats", cookie: member, kind: "page", member: true },
  { name: "GET /chats/{id}", path: `/chats/${chatId}`, cookie: member, kind: "page", member: true },
  { name: "GET /api/settings.php", path: "/api/settings.php", kind: "json" },
  // a lander is served at least as fast as the home page (ratio printed below the table)
  { name: "GET /landers/gallery", path: "/landers/gallery", kind: "page" },
  { name: "GET /members/{id}/landing", path: `/members/${profileId}/landing`, kind: "page" },
];

async function sqlStatements() {
  return (JSON.parse((await send(`${appUrl}/__bench/sql-count`, { headers: headersFor() })).body) as { statements: number }).statements;
}

// what each route answers, its size and its SQL statements (fewest of 5 tries: the queue
// worker polls in the same process)
const answers: Record<string, { type: string; body: string }> = {};
const facts = new Map<Route, { bytes: number; sent: string; sql: number; bare: string }>();
for (const route of routes) {
  let sql = Infinity;
  let body = "";
  let type = "";
  for (let i = 0; i < 5; i++) {
    const before = await sqlStatements();
    // decoded: the bare servers answer these bytes as they are
    const res = await send(`${appUrl}${route.path}`, { headers: headersFor(route.cookie, false) });
    body = res.body;
    type = res.headers["content-type"] ?? "text/html";
    if (res.status !== 200) throw new Error(`${route.name}: ${res.status}`);
    sql = Math.min(sql, (await sqlStatements()) - before);
  }
  const barePath = `/${routes.indexOf(route)}`;
  answers[barePath] = { type, body };
  const encoded = await send(`${appUrl}${route.path}`, { headers: headersFor(route.cookie) });
  const encoding = encoded.headers["content-encoding"] ?? "identity";
  const sent = `${kb(encoded.bytes)} ${encoding}`;
  facts.set(route, { bytes: Buffer.byteLength(body), sent, sql, bare: barePath });
}
const answersFile = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-http-")), "answers.json");
writeFileSync(answersFile, JSON.stringify(answers));
const bareHttp = start(process.execPath, ["scripts/bench/support/bare-http-server.mjs", answersFile, String(BASE_PORT + 2)], {});
await waitFor(`${httpUrl}/0`, "localhost", bareHttp);

// the same-DOM pages, served by the bare app from memory
const sameDomFile = path.join(path.dirname(answersFile), "same-dom.json");
const sameDomIndex = new Map<Route, number>();
let sameDomPages = routes.filter((r) => r.kind === "page").map((route, i) => (sameDomIndex.set(route, i), sameDomPage(answers[facts.get(route)!.bare]!.body)));
const samePath = (route: Route) => `/same/${sameDomIndex.get(route)}`;
const startSameDom = async () => {
  writeFileSync(sameDomFile, JSON.stringify(sameDomPages));
  const child = start(process.execPath, ["scripts/bench/bare-react-router/server.mjs", String(BASE_PORT + 1), sameDomFile], { NODE_ENV: "production" });
  await waitFor(`${rrUrl}/`, "localhost", child);
  return child;
};
const sameDomBytes = async (route: Route) => {
  const res = await send(`${rrUrl}${samePath(route)}`, { headers: { host: "localhost" } });
  if (res.status !== 200) throw new Error(`same-DOM page of ${route.name}: ${res.status} ${res.body.slice(0, 300)}`);
  return res.bytes;
};
// once to see how much more data the bare page carries than the app's (its own framework data
// comes on top of the app's), then with that much less: pages of the app's size
let bareRr = await startSameDom();
const excess = new Map<Route, number>();
for (const route of sameDomIndex.keys()) excess.set(route, (await sameDomBytes(route)) - facts.get(route)!.bytes);
sameDomPages = [...sameDomIndex.keys()].map((route) => trimmed(sameDomPages[sameDomIndex.get(route)!]!, excess.get(route)!));
await stop(bareRr);
bareRr = await startSameDom();
const sameBytes = new Map<Route, number>();
for (const route of sameDomIndex.keys()) sameBytes.set(route, await sameDomBytes(route));

// the bare React Router page with as many cards as make it the app page's size
async function bareRrPath(bytes: number) {
  const size = async (cards: number) => Buffer.byteLength(await (await fetch(`${rrUrl}/?cards=${cards}`)).text());
  const [a, b] = [await size(10), await size(110)];
  const cards = Math.max(0, Math.round(10 + ((bytes - a) * 100) / (b - a)));
  return { path: `/?cards=${cards}`, bytes: await size(cards) };
}
const rrPages = new Map<Route, { path: string; bytes: number }>();
for (const route of routes) if (route.kind === "page") rrPages.set(route, await bareRrPath(facts.get(route)!.bytes));

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU ms per request of the serving process, when one was named */
  cpu: number;
  /** CPU ms per request of the serving process's children (the embedded database), when asked for */
  dbCpu: number;
}
async function load(url: string, headers: Record<string, string>, pid?: number, duration = SECONDS, withDb = false): Promise<Run> {
  const before = pid ? cpuMs(pid) : 0;
  const dbBefore = pid && withDb ? descendantsCpuMs(pid) : 0;
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const requests = Math.max(1, result.requests.total);
  const cpu = pid ? (cpuMs(pid) - before) / requests : 0;
  const dbCpu = pid && withDb ? (descendantsCpuMs(pid) - dbBefore) / requests : 0;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors, cpu, dbCpu };
}
const encodedOnly: Record<string, string> = ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {};

// warm-up, then idle memory (3 s of readings)
for (const route of routes) await load(`${appUrl}${route.path}`, headersFor(route.cookie), undefined, WARMUP);
for (const page of rrPages.values()) await load(`${rrUrl}${page.path}`, {}, undefined, WARMUP);
for (const route of sameDomIndex.keys()) await load(`${rrUrl}${samePath(route)}`, encodedOnly, undefined, WARMUP);
const idleSamples = { app: [] as number[], bare: [] as number[] };
for (let i = 0; i < 12; i++) {
  await sleep(250);
  idleSamples.app.push(rssMb(app.pid!));
  idleSamples.bare.push(rssMb(bareRr.pid!));
}
const memory = { appIdle: median(idleSamples.app), bareIdle: median(idleSamples.bare), appLoaded: 0, bareLoaded: 0 };

// Resident memory under load is sampled every 250 ms through all rounds, for both servers alike:
// one reading at the end swings by half either way with the moment of the last garbage collection
const rssSamples = { app: [] as number[], bare: [] as number[] };
const sampler = setInterval(() => {
  rssSamples.app.push(rssMb(app.pid!));
  rssSamples.bare.push(rssMb(bareRr.pid!));
}, 250);
const runs = new Map<Route, { app: Run[]; same: Run[]; rr: Run[]; http: Run[] }>(routes.map((r) => [r, { app: [], same: [], rr: [], http: [] }]));
for (let round = 1; round <= ROUNDS; round++) {
  console.log(`round ${round}/${ROUNDS}…`);
  for (const route of routes) {
    const r = runs.get(route)!;
    r.app.push(await load(`${appUrl}${route.path}`, headersFor(route.cookie), app.pid, SECONDS, !process.env.DATABASE_URL));
    if (sameDomIndex.has(route)) r.same.push(await load(`${rrUrl}${samePath(route)}`, encodedOnly, bareRr.pid));
    const page = rrPages.get(route);
    if (page) r.rr.push(await load(`${rrUrl}${page.path}`, {}));
    r.http.push(await load(`${httpUrl}${facts.get(route)!.bare}`, {}));
  }
}
clearInterval(sampler);
memory.appLoaded = median(rssSamples.app);
memory.bareLoaded = median(rssSamples.bare);

// ---------- report ----------
const summary = (list: Run[]) => ({
  rps: median(list.map((r) => r.rps)),
  p50: median(list.map((r) => r.p50)),
  p99: median(list.map((r) => r.p99)),
  cpu: median(list.map((r) => r.cpu)),
  dbCpu: median(list.map((r) => r.dbCpu)),
  errors: list.reduce((n, r) => n + r.errors, 0),
});
let load1 = "";
try {
  load1 = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
} catch {
  /* not Linux */
}
console.log(
  `\nbench:http, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores, load ${load1}, concurrency ${CONNECTIONS}, Accept-Encoding "${ACCEPT_ENCODING}", ${WARMUP} s of warm-up per route, ${ROUNDS} rounds of ${SECONDS} s, median round`,
);
console.log(
  "| request | size | sent | app req/s | p50 ms | p99 ms | app CPU ms/req | database CPU ms/req | same DOM req/s | same DOM p99 ms | same DOM CPU ms/req | ratio (same DOM) | old: bare RR same size | old ratio | bare http req/s | SQL/request |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const route of routes) {
  const r = runs.get(route)!;
  const a = summary(r.app);
  const h = summary(r.http);
  const page = route.kind === "page";
  const same = page ? summary(r.same) : null;
  const rr = page ? summary(r.rr) : null;
  const f = facts.get(route)!;
  const errors = a.errors ? ` (${a.errors} errors)` : "";
  const ratio = (base: { rps: number }) => (a.rps / base.rps).toFixed(2);
  console.log(
    `| ${route.name} | ${kb(f.bytes)} | ${f.sent} | ${a.rps.toFixed(0)}${errors} | ${a.p50} | ${a.p99} | ${a.cpu.toFixed(1)} | ${process.env.DATABASE_URL ? "–" : a.dbCpu.toFixed(1)} | ${same ? `${same.rps.toFixed(0)} (${kb(sameBytes.get(route)!)})` : "–"} | ${same ? same.p99 : "–"} | ${same ? same.cpu.toFixed(1) : "–"} | ${same ? ratio(same) : `${ratio(h)} of bare http`} | ${rr ? `${rr.rps.toFixed(0)} (${kb(rrPages.get(route)!.bytes)})` : "–"} | ${rr ? ratio(rr) : "–"} | ${h.rps.toFixed(0)} | ${f.sql} |`,
  );
}
const home = summary(runs.get(routes[0]!)!.app).rps;
for (const route of routes.filter((r) => r.path.includes("landing") || r.path.startsWith("/landers"))) {
  console.log(`${route.name} vs GET /: ${(summary(runs.get(route)!.app).rps / home).toFixed(2)} (target ≥ 0.9)`);
}
console.log(
  `memory (RSS): app ${memory.appIdle.toFixed(0)} MB idle, ${memory.appLoaded.toFixed(0)} MB under load; bare RR ${memory.bareIdle.toFixed(0)} MB idle, ${memory.bareLoaded.toFixed(0)} MB under load; ratio ${(memory.appIdle / memory.bareIdle).toFixed(2)} idle, ${(memory.appLoaded / memory.bareLoaded).toFixed(2)} under load (median of ${rssSamples.app.length} readings through the rounds, every 250 ms)`,
);
if (startup)
  console.log(
    `start-up (npm start until the first page answers): first start ${(startup.first / 1000).toFixed(1)} s (fresh data folder), second start ${(startup.second / 1000).toFixed(1)} s`,
  );

// ---------- the whole machine: member pages with one web process, then one per core ----------
if (CLUSTER) {
  const cores = os.availableParallelism();
  console.log(`\nmember pages, whole machine: one web process, then ${cores} (WEB_CONCURRENCY=${cores}), ${SECONDS * ROUNDS} s each…`);
  await stop(app);
  app = start(process.execPath, ["build/server/main.js"], { ...appEnv, WEB_CONCURRENCY: String(cores) });
  await waitFor(`${appUrl}/healthz`, HOST, app, 300_000);
  const memberRoutes = routes.filter((r) => r.member);
  for (const route of memberRoutes) await load(`${appUrl}${route.path}`, headersFor(route.cookie), undefined, WARMUP); // warm-up of every process
  console.log(`| member page | 1 process req/s (median round above) | ${cores} processes req/s | p99 ms | gain |`);
  console.log("|---|---|---|---|---|");
  for (const route of memberRoutes) {
    const one = summary(runs.get(route)!.app);
    // as long as all rounds of one route above took together
    const many = await load(`${appUrl}${route.path}`, headersFor(route.cookie), undefined, SECONDS * ROUNDS);
    console.log(
      `| ${route.name} | ${one.rps.toFixed(0)} | ${many.rps.toFixed(0)}${many.errors ? ` (${many.errors} errors)` : ""} | ${many.p99} | ${(many.rps / one.rps).toFixed(2)} |`,
    );
  }
}

for (const child of children) await stop(child);
process.exit(0);
