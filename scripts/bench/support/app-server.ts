// The production build as `npm start` serves it, for a bench: on the embedded default database
// (its own data folder and port; the demo sites and members are seeded on first start), stopped
// with the bench. The same steps as scripts/bench/http.ts and site-reload.ts take.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../../..");
export const DEMO_PASSWORD = "rendezvous-demo";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Refuses to run beside another server on our ports: its figures would be mistaken for ours. */
export async function assertFree(port: number) {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
  if (inUse) throw new Error(`port ${port} is in use: stop what listens there or choose BENCH_PORT`);
}

// node:http rather than fetch: fetch does not let a caller choose the Host header
export function send(url: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

export interface AppServer {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts server/main.ts in production on `port` (embedded PostgreSQL on `port + 1`) and waits until `host` answers. */
export async function startApp({
  port,
  dataDir,
  host,
  env = {},
}: {
  port: number;
  dataDir: string;
  host: string;
  env?: NodeJS.ProcessEnv;
}): Promise<AppServer> {
  const child = spawn(process.execPath, ["build/server/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: "",
      PORT: String(port),
      EMBEDDED_PG_PORT: String(port + 1),
      DATA_DIR: path.resolve(root, dataDir),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`the app stopped during the bench: exit code ${code}, signal ${signal}`);
  });
  const stop = () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    child.kill("SIGTERM");
    return exited;
  };
  // whatever happens, the server does not outlive the bench
  process.on("exit", () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    if (Date.now() - started > 300_000) throw new Error("the app did not answer within 300 s");
    try {
      if ((await send(`${url}/healthz`, { headers: { host } })).status === 200) break;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  return { url, process: child, stop };
}

/** Logs the demo member of `host` in; the session cookies as name/value pairs. */
export async function logInDemoMember(url: string, host: string) {
  const res = await send(`${url}/login`, {
    method: "POST",
    headers: { host, origin: `http://${host}`, "accept-language": "en", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: `member@${host}`, password: DEMO_PASSWORD }).toString(),
  });
  const cookies = (res.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0]!)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
  if (res.status !== 302 || !cookies.length) throw new Error(`${host}: login failed (${res.status})`);
  return cookies;
}
