// `npm start` as a newcomer runs it, in a child process: package.json's own command (after its
// build step, which the test setup made current) on a fresh data folder with the embedded
// PostgreSQL on a free port, and none of the real-server settings the test run itself uses.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

export interface NpmStart {
  /** the server's environment: the embedded default in its own data folder (operator scripts run with it) */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** http://127.0.0.1:port */
  origin: string;
  port: number;
  child: ChildProcess;
  /** everything it printed so far */
  output(): string;
  /** resolves with the first match of a pattern in its output */
  waitFor(pattern: RegExp, ms: number): Promise<RegExpMatchArray>;
  /** SIGTERM, then the data folder goes */
  stop(): Promise<void>;
}

const REAL_SERVERS = ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "APP_SECRET", "NODE_ENV", "SEED_DEMO", "WORKER_IN_PROCESS"];

export async function startNpmStart(extra: Record<string, string> = {}): Promise<NpmStart> {
  // the script as npm runs it (sh -c); it execs node itself, so signals reach the server
  const startCommand = JSON.parse(readFileSync("package.json", "utf8")).scripts.start as string;
  const dataDir = mkdtempSync(path.join(tmpdir(), "rendezvous-start-"));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as its own user and must reach the folder
  const env = Object.fromEntries(
    Object.entries({ ...process.env, DATA_DIR: dataDir, PORT: "0", EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: "info", ...extra }).filter(
      ([k]) => !REAL_SERVERS.includes(k),
    ),
  );
  const child = spawn("sh", ["-c", startCommand], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  const waitFor = (pattern: RegExp, ms: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = pattern.exec(output);
        if (match) {
          clearInterval(timer);
          clearTimeout(limit);
          resolve(match);
        }
      }, 100);
      const limit = setTimeout(() => {
        clearInterval(timer);
        reject(new Error(`no ${pattern} within ${ms} ms:\n${output}`));
      }, ms);
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const [, port] = await waitFor(/Rendezvous on http:\/\/localhost:(\d+) \(production build/, 90_000);
    return { env, dataDir, origin: `http://127.0.0.1:${port}`, port: Number(port), child, output: () => output, waitFor, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
