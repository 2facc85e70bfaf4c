// What an operator sees when a deploy stops a web machine: SIGTERM to the production server
// (one primary, two web processes) under a steady load of keep-alive GETs and POSTs, with slow
// POSTs whose bodies are still arriving, cuts none of the requests it had before the signal;
// /readyz turns 503 at once while /livez still answers; an open event stream ends; the process
// exits 0 within SHUTDOWN_TIMEOUT_MS and leaves no web process behind. `npm run start:prod`
// stopped with SIGTERM leaves no server answering. A Redis outage leaves the machine ready.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/free-port.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";
import { newVisitor, visitorIp } from "#tests/support/visitor.ts";

const SHUTDOWN_TIMEOUT_MS = 10_000;
const HOST = "lovely.localhost";

interface Started {
  port: number;
  process: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}
const started: Started[] = [];

/** The production server entry on the test database, as a deployment runs it (queue worker apart). */
async function startServer(env: Record<string, string>, command = [process.execPath, "build/server/main.js"]): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "rendezvous-shutdown-"));
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKER_IN_PROCESS: "0",
      PAYMENTS_TEST_PROVIDER: "on",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  const exited = new Promise<Awaited<Started["exited"]>>((resolve) =>
    child.once("exit", (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal, at: Date.now() });
    }),
  );
  const server = { port, process: child, output: () => output, exited };
  started.push(server);
  await expect.poll(() => /Rendezvous on http:\/\/localhost:\d+/.test(output) || child.exitCode !== null, { timeout: 90_000, interval: 50 }).toBe(true);
  if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
  return server;
}

afterEach(async () => {
  // whatever a failed test left running, with its web processes
  for (const server of started.splice(0)) {
    for (const pid of [...descendantsOf(server.process.pid!), server.process.pid!]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
  }
});

/** The pids below a process (Linux /proc). */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const d of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      parents.set(Number(d), Number(readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1]!.split(" ")[1]));
    } catch {
      /* gone */
    }
  }
  const below = (p: number): number[] => [...parents].filter(([, parent]) => parent === p).flatMap(([child]) => [child, ...below(child)]);
  return below(pid);
}

/** Running (not gone, not a zombie waiting for its parent). */
function alive(pid: number) {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

interface Outcome {
  path: string;
  startedAt: number;
  status?: number;
  error?: string;
  connection?: string;
}

/** One request on `agent`; the body, when given as chunks, is written one chunk every `every` ms. */
function send(
  port: number,
  agent: http.Agent,
  pathname: string,
  options: { method?: string; chunks?: string[]; every?: number; headers?: Record<string, string> } = {},
) {
  const outcome: Outcome = { path: pathname, startedAt: Date.now() };
  const body = options.chunks?.join("") ?? "";
  return new Promise<Outcome>((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        agent,
        localAddress: visitorIp(),
        method: options.method ?? "GET",
        headers: {
          host: HOST,
          ...(options.chunks ? { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ ...outcome, status: res.statusCode, connection: res.headers.connection }));
        res.on("error", (error) => resolve({ ...outcome, error: (error as NodeJS.ErrnoException).code ?? error.message }));
      },
    );
    req.on("error", (error) => resolve({ ...outcome, error: (error as NodeJS.ErrnoException).code ?? error.message }));
    if (!options.chunks) return void req.end();
    void (async () => {
      for (const chunk of options.chunks!) {
        if (req.destroyed) return;
        req.write(chunk);
        await sleep(options.every ?? 0);
      }
      req.end();
    })();
  });
}

/** An open /api/events stream of a member; `ended` resolves when the server ends it. */
function openEventStream(port: number, cookie: string) {
  let ended!: (at: number) => void;
  const end = new Promise<number>((resolve) => (ended = resolve));
  const opened = new Promise<void>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/api/events", headers: { host: HOST, cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => chunk.includes("event: hello") && resolve());
      res.on("end", () => ended(Date.now()));
      res.on("error", () => ended(-1));
    });
    req.on("error", reject);
  });
  return { opened, end };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** A form body cut in pieces of two characters. */
const pieces = (text: string) => text.match(/.{1,2}/g)!;

describe("SIGTERM to the production server (two web processes) under load", () => {
  it("answers every request it had, says it is not ready, ends event streams and exits 0 in time", { timeout: 180_000 }, async () => {
    const server = await startServer({ WEB_CONCURRENCY: "2" });
    const { port } = server;
    const webProcesses = descendantsOf(server.process.pid!);
    expect(webProcesses).toHaveLength(2);
    const member = await loggedInMember({ port, close: async () => {} });
    newVisitor();
    const stream = openEventStream(port, member.jar.header);
    await stream.opened;

    // the steady load: keep-alive GETs and POSTs, six at a time, until the server is gone
    const load = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const outcomes: Outcome[] = [];
    let exited = false;
    const loop = async (i: number) => {
      for (let n = 0; !exited; n++) {
        const outcome =
          (i + n) % 3 === 0
            ? await send(port, load, "/login", { method: "POST", chunks: [form({ email: `nobody-${i}-${n}@example.com`, password: "not the password" })] })
            : await send(port, load, n % 2 ? "/members" : "/");
        outcomes.push(outcome);
        if (outcome.error === "ECONNREFUSED") return; // stopped accepting: the rest go elsewhere
      }
    };
    const loops = Array.from({ length: 6 }, (_, i) => loop(i));
    void server.exited.then(() => (exited = true));
    await sleep(3000);

    // slow POSTs: accepted and in flight, their bodies arriving over 5 s, past the signal
    const slowAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const slowBody = pieces(form({ email: "slow-poster@example.com", password: "a password typed very slowly indeed" }));
    const slow = Array.from({ length: 4 }, () => send(port, slowAgent, "/login", { method: "POST", chunks: slowBody, every: 5000 / slowBody.length }));
    // probes: keep-alive connections a proxy holds, opened just before the signal (the server
    // closes one left idle for 5 s, its keep-alive timeout), one per agent
    const probes = Array.from({ length: 8 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    expect((await Promise.all(probes.map((probe) => send(port, probe, "/livez")))).map((o) => o.status)).toEqual(Array(8).fill(200));

    const signalAt = Date.now();
    server.process.kill("SIGTERM");

    // readiness, asked on connections the proxy already had
    const readyProbes: { sentAfter: number; answeredAfter: number; status?: number; body: string; error?: string }[] = [];
    for (let i = 0; !readyProbes.some((p) => p.status === 503) && Date.now() - signalAt < 5000; i++) {
      const sentAfter = Date.now() - signalAt;
      const answer = await new Promise<{ status?: number; body: string; error?: string }>((resolve) => {
        http
          .get({ host: "127.0.0.1", port, path: "/readyz", agent: probes[i % probes.length], headers: { host: "any.example" } }, (res) => {
            let body = "";
            res.on("data", (c) => (body += c));
            res.on("end", () => resolve({ status: res.statusCode, body }));
          })
          .on("error", (error: NodeJS.ErrnoException) => resolve({ body: "", error: error.code ?? error.message }));
      });
      readyProbes.push({ sentAfter, answeredAfter: Date.now() - signalAt, ...answer });
    }

    // the event stream ends while the process drains
    const streamEnd = await Promise.race([stream.end, server.exited.then(() => -2)]);

    // liveness: still answered after the keep-alive grace, while the slow POSTs are in flight
    await sleep(signalAt + 1500 - Date.now());
    const live = await Promise.all(probes.map((probe) => send(port, probe, "/livez")));
    const aliveWhileDraining = alive(server.process.pid!);

    const slowOutcomes = await Promise.all(slow);
    const exit = await server.exited;
    await Promise.all(loops);

    const before = outcomes.filter((o) => o.startedAt < signalAt);
    const failedBefore = [...before, ...slowOutcomes].filter((o) => o.error || (o.status ?? 0) >= 500);
    const after = outcomes.filter((o) => o.startedAt >= signalAt);
    const answered = readyProbes.filter((p) => p.status);
    console.log(
      `shutdown under load: ${before.length} requests and ${slow.length} slow POSTs before the signal, ${failedBefore.length} failed ` +
        `(${failedBefore.map((o) => o.error ?? o.status).join(" ")}); after it ${after.filter((o) => o.status).length} answered, ` +
        `${after.filter((o) => o.error).length} refused or reset (${[...new Set(after.map((o) => o.error).filter(Boolean))].join(", ")}); ` +
        `/readyz 503 after ${answered.find((p) => p.status === 503)?.answeredAfter} ms; stream ended after ${streamEnd - signalAt} ms; ` +
        `exit ${exit.code} ${exit.at - signalAt} ms after SIGTERM; readyz probes ${JSON.stringify(readyProbes.slice(0, 3))}`,
    );
    expect(before.length).toBeGreaterThan(10);
    expect(failedBefore, server.output().slice(-2000)).toEqual([]);
    for (const o of slowOutcomes) expect(o.connection).toBe("close");
    // readiness: 503 at once, with a JSON body (a probe the web process read before it handled the
    // signal may still say 200: on a loaded machine that takes it a moment)
    const notReady = answered.find((p) => p.status === 503);
    expect(notReady, JSON.stringify(readyProbes)).toBeDefined();
    expect(notReady?.answeredAfter).toBeLessThan(3000);
    expect(JSON.parse(notReady?.body ?? "null")).toEqual({ ok: false, draining: true });
    // the client saw the stream end (not a reset) soon after the signal
    expect(streamEnd).toBeGreaterThan(signalAt);
    expect(streamEnd - signalAt).toBeLessThan(2000);
    // liveness answered on the connections still open while requests were in flight
    expect(aliveWhileDraining).toBe(true);
    expect(live.filter((o) => o.status === 200).length, JSON.stringify(live)).toBeGreaterThan(0);
    expect(live.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
    expect(exit.code, server.output().slice(-2000)).toBe(0);
    expect(exit.at - signalAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    for (const pid of webProcesses) expect(alive(pid), `web process ${pid} still running`).toBe(false);
    for (const agent of [...probes, load, slowAgent]) agent.destroy();
  });
});

/** Whether anything accepts a connection on the port. */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

describe("npm run start:prod", () => {
  it("stops with the server when it gets SIGTERM, leaving no process answering", { timeout: 180_000 }, async () => {
    const server = await startServer({ WEB_CONCURRENCY: "2" }, ["npm", "run", "start:prod"]);
    const below = descendantsOf(server.process.pid!);
    expect(below.length).toBeGreaterThanOrEqual(3); // the server and its two web processes (and sh, if npm's shell stays)
    expect(await answers(server.port)).toBe(true);
    const signalAt = Date.now();
    server.process.kill("SIGTERM");
    const exit = await server.exited;
    // npm waits for the server; the server's processes are gone with it
    await expect.poll(() => below.filter(alive), { timeout: 5_000, interval: 100 }).toEqual([]);
    expect(await answers(server.port)).toBe(false);
    expect(exit.code, server.output().slice(-2000)).toBe(0);
    console.log(`npm run start:prod: npm exited ${exit.code} ${exit.at - signalAt} ms after SIGTERM, no process left`);
  });
});

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

describe.skipIf(!hasRedisServer)("a Redis outage", () => {
  it("keeps the machine ready while pages work: the queue is reported degraded", { timeout: 180_000 }, async () => {
    const redisPort = await freePort();
    const redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    try {
      await expect.poll(() => answers(redisPort), { timeout: 10_000, interval: 100 }).toBe(true);
      const server = await startServer({ WEB_CONCURRENCY: "1", REDIS_URL: `redis://127.0.0.1:${redisPort}`, SHUTDOWN_TIMEOUT_MS: "1000" });
      const agent = new http.Agent({ keepAlive: false });
      const get = (pathname: string, host = HOST) =>
        new Promise<{ status?: number; body: string; cache?: string }>((resolve) => {
          http
            .get({ host: "127.0.0.1", port: server.port, path: pathname, agent, headers: { host } }, (res) => {
              let body = "";
              res.on("data", (c) => (body += c));
              res.on("end", () => resolve({ status: res.statusCode, body, cache: res.headers["cache-control"] }));
            })
            .on("error", () => resolve({ body: "" }));
        });
      expect(JSON.parse((await get("/readyz", "any.example")).body)).toEqual({ ok: true, database: "ok", queue: "ok" });

      redis.kill("SIGKILL");
      await new Promise((resolve) => redis.once("exit", resolve));
      for (const pathname of ["/readyz", "/healthz"]) {
        // a host no site has: health answers before the site is resolved
        await expect.poll(async () => (await get(pathname, "any.example")).body, { timeout: 10_000, interval: 200 }).toContain('"queue":"degraded"');
        const health = await get(pathname, "any.example");
        expect(health.status).toBe(200);
        expect(JSON.parse(health.body)).toEqual({ ok: true, database: "ok", queue: "degraded" });
        expect(health.cache).toBe("no-store");
      }
      expect((await get("/livez", "any.example")).status).toBe(200);
      expect((await get("/")).status).toBe(200);
      agent.destroy();
      server.process.kill("SIGTERM");
      expect((await server.exited).at).toBeGreaterThan(0);
    } finally {
      redis.kill("SIGKILL");
    }
  });
});
