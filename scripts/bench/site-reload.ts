// `npm run bench:site-reload` (a site file change is live within 2 s): the production
// build as `npm start` serves it, on a copy of tenants/ and a fresh embedded database (or
// DATABASE_URL); each round edits a site file, sends SIGHUP and asks /api/settings.php until the
// new value answers. Prints the median and the slowest round. BENCH_ROUNDS (10), BENCH_PORT (3421).
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3421);
const root = path.resolve(import.meta.dirname, "../..");
const tenants = mkdtempSync(path.join(os.tmpdir(), "bench-sites-"));
// under .data like the app's own: the embedded PostgreSQL runs as another user than root and cannot enter a 0700 temporary folder
const dataDir = path.join(root, ".data/bench-site-reload");
rmSync(dataDir, { recursive: true, force: true });
cpSync(path.join(root, "tenants"), tenants, { recursive: true });

const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    TENANTS_DIR: tenants,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    EMBEDDED_PG_PORT: String(PORT + 1),
    WORKER_IN_PROCESS: "0",
    TENANTS_WATCH: "0",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const cleanUp = () => {
  if (server.exitCode === null) server.kill("SIGTERM");
};
process.on("exit", cleanUp);

// node:http, not fetch: fetch does not send a Host header of our choosing
const credits = () =>
  new Promise<number | null>((resolve) => {
    const req = http.get({ host: "127.0.0.1", port: PORT, path: "/api/settings.php", headers: { host: "pride.localhost" } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve(res.statusCode === 200 ? (JSON.parse(body) as { settings: { message_credits: number } }).settings.message_credits : null));
    });
    req.on("error", () => resolve(null));
  });
const started = Date.now();
while ((await credits()) === null) {
  if (Date.now() - started > 180_000 || server.exitCode !== null) throw new Error("the server did not start");
  await new Promise((r) => setTimeout(r, 200));
}

const file = path.join(tenants, "pride.json");
const times: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const json = JSON.parse(readFileSync(file, "utf8"));
  json.message_credits = (json.message_credits % 50) + 1;
  writeFileSync(file, JSON.stringify(json, null, 2));
  const t0 = performance.now();
  server.kill("SIGHUP");
  while ((await credits()) !== json.message_credits) {
    if (performance.now() - t0 > 10_000) throw new Error(`round ${round}: the change was not live after 10 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`bench:site-reload, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores, load ${load}, ${ROUNDS} rounds`);
console.log(
  `edit + SIGHUP until /api/settings.php answers the new value: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms (target: within 2000 ms)`,
);
cleanUp();
await new Promise((r) => server.once("exit", r));
rmSync(tenants, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
