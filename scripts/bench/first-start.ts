// `npm run bench:first-start`: how long `npm start` takes to answer on a fresh data folder (the
// embedded PostgreSQL created, migrated and seeded with the demo sites), then on the same folder
// again. Printed per start: the time until /healthz answers 200 and until the first home page
// answers 200, and for the first start the time until every demo portrait is drawn (the media
// folder's list of portraits still to draw is gone). Build first (`npm run build`): a start that
// has to build measures the build.
//
// Options: BENCH_PORT (3421: the server, the embedded PostgreSQL on +1), BENCH_STARTS (2).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PENDING_PORTRAITS_FILE } from "#prisma/seed/portrait-files.ts";
import { assertFree, root, send } from "./support/app-server.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3421);
const STARTS = Number(process.env.BENCH_STARTS ?? 2);
const HOST = "lovely.localhost";
const dataDir = path.join(root, ".data/bench-first-start");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

async function until(ok: () => Promise<boolean> | boolean, limitMs: number, exited: () => boolean) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (exited()) throw new Error("the server exited before it answered");
    if (await ok()) return;
    await sleep(25);
  }
  throw new Error(`no answer within ${limitMs} ms`);
}

const answers = (pathname: string) => () =>
  send(`http://127.0.0.1:${PORT}${pathname}`, { headers: { host: HOST, "accept-language": "en" } }).then(
    (res) => res.status === 200,
    () => false,
  );

async function timeStart() {
  const load = loadAverage();
  const started = Date.now();
  // own process group: npm, its shell and the server stop together
  const child = spawn("npm", ["start"], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), EMBEDDED_PG_PORT: String(PORT + 1), DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "", LOG_LEVEL: "warn" },
    stdio: "ignore",
    detached: true,
  });
  const exited = () => child.exitCode !== null;
  try {
    await until(answers("/healthz"), 300_000, exited);
    const health = Date.now() - started;
    await until(answers("/"), 300_000, exited);
    const home = Date.now() - started;
    const pending = path.join(dataDir, "media", PENDING_PORTRAITS_FILE);
    await until(() => !existsSync(pending), 600_000, exited);
    return { health, home, drawn: Date.now() - started, load };
  } finally {
    const gone = new Promise((r) => child.once("exit", r));
    process.kill(-child.pid!, "SIGTERM");
    await gone;
    await sleep(500);
  }
}

await assertFree(PORT);
await assertFree(PORT + 1);
rmSync(dataDir, { recursive: true, force: true });
console.log(`bench:first-start, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores`);
console.log("| start | /healthz 200 | first home page 200 | every portrait drawn | load before |");
console.log("|---|---|---|---|---|");
for (let i = 1; i <= STARTS; i++) {
  const t = await timeStart();
  console.log(`| ${i === 1 ? "first (fresh data folder)" : `again (#${i})`} | ${seconds(t.health)} | ${seconds(t.home)} | ${seconds(t.drawn)} | ${t.load} |`);
}
rmSync(dataDir, { recursive: true, force: true });
