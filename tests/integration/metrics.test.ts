// What an operator watches: GET /metrics (Prometheus text, behind METRICS_TOKEN) on the production
// server entry, request ids in the answer and in every log line of the request and of the job it
// queued, and a stdout of JSON lines only. One web process, then two (node:cluster), whose figures
// one scrape adds up, and a Redis that stopped, which must not hang a scrape.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { freePort } from "#tests/support/free-port.ts";
import { openStream } from "#tests/support/event-stream.ts";
import { postForm, request, type TestServer } from "#tests/support/http.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";

const TOKEN = "metrics-token-for-the-test-0123";
const SCRAPE = { authorization: `Bearer ${TOKEN}` };

interface Server extends TestServer {
  child: ChildProcess;
  stdout: () => string;
  lines: () => Record<string, unknown>[];
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "rendezvous-metrics-"));
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PAYMENTS_TEST_PROVIDER: "on",
      LOG_LEVEL: "info",
      WEB_CONCURRENCY: "1",
      WORKER_IN_PROCESS: "1",
      METRICS_TOKEN: TOKEN,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c) => (stdout += c));
  child.stderr!.on("data", (c) => (stderr += c));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/Rendezvous on http:\/\/localhost:\d+/.test(stdout)) return (clearInterval(timer), resolve());
      if (child.exitCode !== null) return (clearInterval(timer), reject(new Error(`the server exited:\n${stdout}${stderr}`)));
    }, 50);
  });
  return {
    port,
    child,
    stdout: () => stdout,
    lines: () =>
      stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One sample of a scrape: `name{labels}` → value (labels as written, in prom-client's order). */
type Samples = Map<string, number>;
async function scrape(server: TestServer): Promise<Samples> {
  const res = await request(server, "/metrics", { headers: SCRAPE });
  expect(res.status, res.body.slice(0, 300)).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers["cache-control"]).toBe("no-store");
  const samples: Samples = new Map();
  for (const line of res.body.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const cut = line.lastIndexOf(" ");
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}
const value = (samples: Samples, key: string) => samples.get(key) ?? 0;
const withPrefix = (samples: Samples, prefix: string) => [...samples.keys()].filter((k) => k.startsWith(prefix));

const EN = { "accept-language": "en" };
/** a cookie keeps the page cache out (it would answer the second cookieless /login itself) */
const RENDERED = { ...EN, cookie: "seen=1" };

describe("one web process", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(() => server?.close());

  it("answers /metrics only to its token: 404 without it, with a wrong one, and never cached", async () => {
    const without = await request(server, "/metrics");
    expect(without.status).toBe(404);
    expect(without.body).not.toContain("rendezvous_");
    const wrong = await request(server, "/metrics", { headers: { authorization: "Bearer metrics-token-for-the-test-0124" } });
    expect(wrong.status).toBe(404);
    // on any host, even one no site has
    const anyHost = await request(server, "/metrics", { host: "no-such-site.example", headers: SCRAPE });
    expect(anyHost.status).toBe(200);
    expect(anyHost.body).toContain("# TYPE rendezvous_http_request_duration_seconds histogram");
  });

  it("counts answers by site, route and status, with the pool, queues and process metrics", async () => {
    const before = await scrape(server);
    for (let i = 0; i < 3; i++) expect((await request(server, "/login", { host: "lovely.localhost", headers: RENDERED })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await request(server, "/login", { host: "mature.localhost", headers: RENDERED })).status).toBe(200);
    expect((await request(server, "/", { host: "nowhere.example" })).status).toBe(404);
    const after = await scrape(server);
    const grew = (key: string) => value(after, key) - value(before, key);

    expect(grew('rendezvous_http_request_duration_seconds_count{site="lovely",route="/login"}')).toBe(3);
    expect(grew('rendezvous_http_request_duration_seconds_count{site="mature",route="/login"}')).toBe(2);
    expect(grew('rendezvous_http_request_duration_seconds_bucket{le="+Inf",site="lovely",route="/login"}')).toBe(3);
    expect(value(after, 'rendezvous_http_request_duration_seconds_sum{site="lovely",route="/login"}')).toBeGreaterThan(0);
    expect(grew('rendezvous_http_request_duration_seconds_count{site="none",route="unknown-host"}')).toBe(1);
    expect(grew('rendezvous_http_responses_total{site="lovely",status="200"}')).toBeGreaterThanOrEqual(3);
    expect(grew('rendezvous_http_responses_total{site="mature",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(grew('rendezvous_http_responses_total{site="none",status="404"}')).toBe(1);
    // no raw URL ever becomes a label
    expect(withPrefix(after, "rendezvous_http_request_duration_seconds_count").every((k) => !/route="\/login\?/.test(k))).toBe(true);

    expect(value(after, "rendezvous_db_pool_connections")).toBeGreaterThan(0);
    expect(after.has("rendezvous_db_pool_idle_connections")).toBe(true);
    expect(value(after, "rendezvous_db_pool_waiting_queries")).toBe(0);
    expect(value(after, "rendezvous_queue_backend_up")).toBe(1);
    for (const queue of Object.values(QUEUE_NAMES))
      for (const state of ["waiting", "active", "delayed", "failed"])
        expect(after.has(`rendezvous_queue_jobs{queue="${queue}",state="${state}"}`), `${queue} ${state}`).toBe(true);
    expect(after.has("rendezvous_web_process_restarts_total")).toBe(true);
    expect(value(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(after.has("nodejs_eventloop_lag_p99_seconds")).toBe(true);
  });

  it("counts the page cache's hit on a second cookieless visit of the home page", async () => {
    const before = await scrape(server);
    const first = await request(server, "/", { host: "pride.localhost", headers: { "accept-language": "sv" } });
    const second = await request(server, "/", { host: "pride.localhost", headers: { "accept-language": "sv" } });
    expect(second.headers["x-page-cache"]).toBe("hit");
    const after = await scrape(server);
    expect(value(after, "rendezvous_page_cache_hits_total") - value(before, "rendezvous_page_cache_hits_total")).toBe(1);
    expect(value(after, "rendezvous_page_cache_misses_total") - value(before, "rendezvous_page_cache_misses_total")).toBeGreaterThanOrEqual(
      first.headers["x-page-cache"] ? 0 : 1,
    );
    expect(value(after, 'rendezvous_http_request_duration_seconds_count{site="pride",route="cached-page"}')).toBeGreaterThanOrEqual(1);
  });

  it("shows an open live stream while it is open", async () => {
    const member = await loggedInMember(server, { site: "lovely" });
    const base = value(await scrape(server), "rendezvous_live_streams");
    const stream = openStream(server.port, member.jar.header);
    await stream.opened;
    try {
      expect(value(await scrape(server), "rendezvous_live_streams")).toBe(base + 1);
    } finally {
      stream.close();
    }
    await expect.poll(async () => value(await scrape(server), "rendezvous_live_streams"), { timeout: 3000 }).toBe(base);
  });

  it("answers with the proxy's X-Request-Id, and a new one for junk", async () => {
    const sane = await request(server, "/login", { headers: { ...EN, "x-request-id": "abc-123" } });
    expect(sane.headers["x-request-id"]).toBe("abc-123");
    const settings = await request(server, "/api/settings.php", { headers: { ...EN, "x-request-id": "abc-124" } });
    expect(settings.status).toBe(200);
    expect(settings.headers["x-request-id"]).toBe("abc-124");
    for (const junk of ["<script>", "a b", "x".repeat(200), "%C3%A9", '"};alert(1)']) {
      const res = await request(server, "/login", { headers: { ...EN, "x-request-id": junk } });
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    const plain = await request(server, "/login", { headers: EN });
    expect(plain.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => server.lines().some((l) => l.reqId === "abc-123" && l.msg === "request completed"), { timeout: 3000 }).toBe(true);
  });

  it("carries the request id into the domain's log lines and into the job the request queued", async () => {
    const reqId = `signup-${Date.now()}`;
    const email = `metrics${Date.now()}@example.com`;
    const fields = {
      name: `Mira${Date.now() % 100000}`,
      email,
      password: "correct horse battery",
      date_of_birth: "1990-04-12",
      gender: "female",
      seeking: "male",
    };
    const res = await postForm(server, "/signup", fields, { host: "lovely.localhost", headers: { ...EN, "x-request-id": reqId } });
    expect(res.status, res.html.slice(0, 300)).toBe(302);
    expect(res.headers["x-request-id"]).toBe(reqId);
    const linesOf = () => server.lines().filter((l) => l.reqId === reqId);
    // the account (domain code in the request), the request line, and the activation mail's job in the worker
    await expect
      .poll(() => linesOf().map((l) => l.msg), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(["account created", "request completed", "mail delivered"]));
  });

  it("writes nothing but JSON lines on stdout, from the start on", () => {
    const lines = server.stdout().split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(server.lines().some((l) => String(l.msg).startsWith("Rendezvous on http://localhost:"))).toBe(true);
  });
});

describe("two web processes (WEB_CONCURRENCY=2)", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ WEB_CONCURRENCY: "2", WORKER_IN_PROCESS: "0" });
  }, 120_000);
  afterAll(() => server?.close());

  const loginCount = (samples: Samples) => value(samples, 'rendezvous_http_request_duration_seconds_count{site="lovely",route="/login"}');

  it("gives the whole instance's figures in one scrape, whichever process answers it", async () => {
    const before = await scrape(server);
    // at once, on several connections: node:cluster hands them to both processes
    await Promise.all(Array.from({ length: 8 }, () => request(server, "/login", { headers: RENDERED })));
    const pids = new Set(
      server
        .lines()
        .filter((l) => l.msg === "request completed" && (l.req as { url: string }).url === "/login")
        .map((l) => l.pid),
    );
    expect(pids.size).toBe(2);
    for (let i = 0; i < 4; i++) expect(loginCount(await scrape(server)) - loginCount(before)).toBe(8);
  });

  it("counts a web process that died and was started again", async () => {
    const before = value(await scrape(server), "rendezvous_web_process_restarts_total");
    const web = server.lines().find((l) => l.msg === "request completed")!.pid as number;
    process.kill(web, "SIGKILL");
    await expect.poll(() => server.lines().some((l) => String(l.msg).startsWith("a web process stopped")), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => value(await scrape(server), "rendezvous_web_process_restarts_total"), { timeout: 30_000, interval: 500 }).toBe(before + 1);
  });
});

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

describe.runIf(hasRedisServer)("a queue backend that stopped answering", () => {
  let redis: ChildProcess;
  let server: Server;
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await new Promise((r) => setTimeout(r, 300));
    server = await startServer({ REDIS_URL: `redis://127.0.0.1:${port}`, WORKER_IN_PROCESS: "0" });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (redis && redis.exitCode === null) redis.kill("SIGKILL");
  });

  it("still answers the scrape within about a second, without the queue figures", async () => {
    expect(value(await scrape(server), "rendezvous_queue_backend_up")).toBe(1);
    const exited = new Promise((r) => redis.once("exit", r));
    redis.kill("SIGKILL");
    await exited;
    // one scrape reads the queue once for both queue series (kept 100 ms): not the read before the kill
    await new Promise((r) => setTimeout(r, 150));
    const started = Date.now();
    const samples = await scrape(server);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(value(samples, "rendezvous_queue_backend_up")).toBe(0);
    expect(withPrefix(samples, "rendezvous_queue_jobs{")).toEqual([]);
    expect(value(samples, "rendezvous_db_pool_connections")).toBeGreaterThan(0);
  });
});
