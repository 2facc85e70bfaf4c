// The production topology on one machine, as real processes the test starts and stops: web
// instances (`node build/server/main.js`), a queue worker (`npm run worker`), a private
// redis-server (append-only), an s3rver and nginx in front (docs/nginx.conf.example with this
// run's ports). tests/integration/network.test.ts drives it; its config object says what each
// instance is given.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./free-port.ts";

export const NGINX = "/usr/sbin/nginx";
export const hasNginx = () => existsSync(NGINX) && spawnSync(NGINX, ["-v"]).status === 0;
export const hasRedisServer = () => spawnSync("redis-server", ["--version"]).status === 0;

/** A folder the test owns, removed by `removeAll`. Mode 755: nginx's workers (nobody) read under it. */
const folders: string[] = [];
export function scratchDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `rdv-net-${prefix}-`));
  chmodSync(dir, 0o755);
  folders.push(dir);
  return dir;
}
export const removeAll = () => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));

/** A child process with its output kept (the last 200 kB), for a failure message that says why. */
export interface Child {
  name: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM (or `signal`), then the exit; SIGKILL after `graceMs`. Resolves with how long it took. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number>;
}

function child(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Child {
  const proc = spawn(command, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-200_000);
  };
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  return {
    name,
    process: proc,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM", graceMs = 30_000) {
      const started = Date.now();
      if (proc.exitCode !== null || proc.signalCode !== null) return 0;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
      return Date.now() - started;
    },
  };
}

/** What a process logged at level error or above (pino's JSON lines), distinct messages with a count. */
interface LogLine {
  level?: number;
  msg?: string;
  err?: { message?: string };
  path?: string;
}
const parsed = (line: string): LogLine | null => {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return null;
  }
};

export function loggedErrors(c: Child): string[] {
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key.slice(0, 240), (counts.get(key.slice(0, 240)) ?? 0) + 1);
  for (const line of c.output().split("\n")) {
    const entry = parsed(line);
    if (!entry) {
      if (/error/i.test(line)) count(line);
    } else if ((entry.level ?? 0) >= 50)
      count(`${entry.msg ?? ""}${entry.err?.message ? `: ${entry.err.message}` : ""}${entry.path ? ` (${entry.path})` : ""}`);
  }
  return [...counts].map(([k, n]) => `${c.name}: ${n} × ${k}`);
}

/** Polls `check` until true; fails early when `c` exited, and on the deadline with the end of its output. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, c?: Child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    const why = c && exitedWith(c)();
    if (why) throw new Error(`${what}: ${why}`);
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${c ? `; the end of its output:\n${c.output().slice(-3000)}` : ""}`);
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

const exitedWith = (c: Child) => () =>
  c.process.exitCode !== null || c.process.signalCode !== null
    ? `${c.name} exited (${c.process.exitCode ?? c.process.signalCode}):\n${c.output().slice(-4000)}`
    : null;

// ---- Redis ---------------------------------------------------------------------------------

export interface Redis {
  port: number;
  url: string;
  dir: string;
  /** SIGKILL, as a crash: the append-only file is all that remains */
  kill(): Promise<void>;
  /** a new redis-server on the same port and the same append-only folder */
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT: a Redis that holds its connections open and answers nothing */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/** A private redis-server on a free port (never the shared 6379), every write fsynced to its append-only file. */
export async function startRedis(): Promise<Redis> {
  const port = await freePort();
  const dir = scratchDir("redis");
  let current: Child;
  const start = async () => {
    current = child(
      "redis",
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""],
      process.env,
    );
    await waitFor("redis-server answers", () => accepts(port), 10_000, current);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    kill: async () => void (await current.stop("SIGKILL")),
    restart: start,
    freeze: () => void current.process.kill("SIGSTOP"),
    thaw: () => void current.process.kill("SIGCONT"),
    stop: async () => {
      current.process.kill("SIGCONT");
      await current.stop("SIGTERM", 5_000);
    },
  };
}

// ---- S3 ------------------------------------------------------------------------------------

export interface S3 {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/** s3rver (npm) on a free loopback port with one bucket; it takes any key pair ("S3RVER" by convention). */
export async function startS3(bucket = "rendezvous-media"): Promise<S3> {
  const port = await freePort();
  const dir = scratchDir("s3");
  const bin = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");
  const s3 = child(
    "s3rver",
    process.execPath,
    [bin, "--directory", dir, "--address", "127.0.0.1", "--port", String(port), "--silent", "--configure-bucket", bucket],
    process.env,
  );
  await waitFor("s3rver answers", () => accepts(port), 15_000, s3);
  return { endpoint: `http://127.0.0.1:${port}`, bucket, stop: async () => void (await s3.stop("SIGTERM", 5_000)) };
}

// ---- the app ---------------------------------------------------------------------------------

export interface Instance extends Child {
  port: number;
  dataDir: string;
  /** ms from the spawn to the "Rendezvous on http://…" line */
  listeningAfterMs: number;
}

/** `node build/server/main.js` on `port` with `env` (the test's config object), once it listens. */
export async function startInstance(name: string, port: number, dataDir: string, env: Record<string, string>): Promise<Instance> {
  const started = Date.now();
  const c = child(name, process.execPath, ["build/server/main.js"], { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir });
  await waitFor(`${name} listens on ${port}`, () => /Rendezvous on http:\/\/localhost:\d+/.test(c.output()), 150_000, c);
  return Object.assign(c, { port, dataDir, listeningAfterMs: Date.now() - started });
}

/** The queue worker as a deployment runs it (`npm run worker`). */
export async function startWorker(env: Record<string, string>): Promise<Child> {
  const c = child("worker", process.execPath, ["--import", "tsx", "workers/main.ts"], { ...process.env, ...env });
  await waitFor("the worker runs", () => /workers running/.test(c.output()), 150_000, c);
  return c;
}

/** The status of GET `pathname` on an instance's port (0: no answer within `timeoutMs`). */
export async function statusOf(port: number, pathname: string, timeoutMs = 3_000, headers: Record<string, string> = {}) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${pathname}`, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Ready when `readyPath` answers 200. An instance without that endpoint (404: the branch that
 * adds it is not merged) is waited for on `fallbackPath` instead, and the answer says so.
 */
export async function waitReady(instance: Instance, readyPath: string, fallbackPath: string, timeoutMs = 120_000): Promise<{ path: string; afterMs: number }> {
  const started = Date.now();
  let used = readyPath;
  await waitFor(
    `${instance.name} ready`,
    async () => {
      const status = await statusOf(instance.port, used, 10_000);
      if (status === 404 && used === readyPath) used = fallbackPath;
      return status === 200;
    },
    timeoutMs,
    instance,
  );
  return { path: used, afterMs: Date.now() - started };
}

// ---- nginx -----------------------------------------------------------------------------------

export interface Nginx extends Child {
  port: number;
  config: string;
  prefix: string;
  errorLog: () => string;
}

/**
 * docs/nginx.conf.example with this run's ports and folders: the documented file is the one the
 * test runs. Its `listen 80`, its two upstream servers 127.0.0.1:3001/3002 and its log paths
 * are replaced; nothing else.
 */
export function nginxConfig(example: string, { listenPort, upstreamPorts, prefix }: { listenPort: number; upstreamPorts: [number, number]; prefix: string }) {
  const replaced = example
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`)
    .replace(/server 127\.0\.0\.1:3001\b/, `server 127.0.0.1:${upstreamPorts[0]}`)
    .replace(/server 127\.0\.0\.1:3002\b/, `server 127.0.0.1:${upstreamPorts[1]}`)
    .replace(/\/var\/log\/nginx\//g, `${prefix}/logs/`);
  for (const [pattern, what] of [
    [new RegExp(`listen 127\\.0\\.0\\.1:${listenPort};`), "listen 80"],
    [new RegExp(`server 127\\.0\\.0\\.1:${upstreamPorts[1]}`), "the second upstream server"],
  ] as const)
    if (!pattern.test(replaced)) throw new Error(`docs/nginx.conf.example no longer has ${what} where the test expects it`);
  return replaced;
}

/** nginx as this test's child (`daemon off`), its own prefix, pid file and logs. */
export async function startNginx(upstreamPorts: [number, number], port: number, examplePath = "docs/nginx.conf.example"): Promise<Nginx> {
  const prefix = scratchDir("nginx");
  mkdirSync(path.join(prefix, "logs"));
  const config = path.join(prefix, "nginx.conf");
  writeFileSync(config, nginxConfig(readFileSync(examplePath, "utf8"), { listenPort: port, upstreamPorts, prefix }));
  const pid = path.join(prefix, "nginx.pid");
  const check = spawnSync(NGINX, ["-t", "-c", config, "-p", prefix, "-g", `pid ${pid};`], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t refused ${examplePath}:\n${check.stderr}`);
  const c = child("nginx", NGINX, ["-c", config, "-p", prefix, "-g", `daemon off; pid ${pid};`], process.env);
  await waitFor("nginx listens", () => accepts(port), 10_000, c);
  const errorLog = () => {
    try {
      return readFileSync(path.join(prefix, "logs/error.log"), "utf8");
    } catch {
      return "";
    }
  };
  return Object.assign(c, { port, config, prefix, errorLog });
}
