// The Dockerfile's steps without a Docker engine: each stage in a clean folder, COPY from a
// clean export of the commit (.dockerignore applies: the export has no ignored files), RUN in
// order with the stage's ENV, then the final CMD started with the given environment until its
// HEALTHCHECK passes. Proves `npm ci` accepts the lock file and the image would start.
// Usage: node scripts/ci/dockerfile-dry-run.mjs   (DATABASE_URL and APP_SECRET for the CMD)
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const work = mkdtempSync(path.join(tmpdir(), "dockerfile-"));
const context = path.join(work, "context");
mkdirSync(context);
execFileSync("sh", ["-c", `git -C "${root}" archive HEAD | tar -x -C "${context}"`]);

const lines = readFileSync(path.join(root, "Dockerfile"), "utf8")
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));
const stages = new Map();
let stage;
const log = (m) => console.log(`[dockerfile] ${m}`);

for (const line of lines) {
  const [, op, rest] = /^(\w+)\s+(.*)$/.exec(line);
  if (op === "FROM") {
    const name = /\bAS\s+(\S+)/i.exec(rest)?.[1] ?? `stage${stages.size}`;
    stage = { name, dir: path.join(work, name), env: {}, workdir: "/", cmd: null, healthcheck: null };
    mkdirSync(stage.dir);
    stages.set(name, stage);
    log(`FROM ${rest}`);
  } else if (op === "WORKDIR") {
    stage.workdir = rest;
  } else if (op === "ENV") {
    for (const [, k, v] of rest.matchAll(/(\w+)=(\S+)/g)) stage.env[k] = v;
  } else if (op === "COPY") {
    const from = /--from=(\S+)\s+/.exec(rest)?.[1];
    const args = rest.replace(/--from=\S+\s+/, "").split(/\s+/);
    const dest = args.pop();
    if (from) {
      rmSync(stage.dir, { recursive: true, force: true });
      renameSync(stages.get(from).dir, stage.dir); // COPY --from=build /app /app: the whole built app
    } else {
      for (const src of args) cpSync(path.join(context, src), path.join(stage.dir, src === "." ? "" : path.basename(src)), { recursive: true });
    }
    log(`COPY ${rest}${dest ? "" : ""}`);
  } else if (op === "RUN") {
    log(`RUN ${rest}`);
    execFileSync("sh", ["-c", rest], { cwd: stage.dir, stdio: "inherit", env: { ...process.env, ...stage.env } });
  } else if (op === "CMD") {
    stage.cmd = JSON.parse(rest);
  } else if (op === "HEALTHCHECK") {
    stage.healthcheck = rest.replace(/^CMD\s+/, "");
  }
}

const final = stage;
const env = { ...process.env, ...final.env, PORT: process.env.DRY_RUN_PORT ?? "3299" };
log(`CMD ${final.cmd.join(" ")} (PORT ${env.PORT})`);
// its own process group: `npm run` does not pass SIGTERM on to the server, the group signal does
const server = spawn(final.cmd[0], final.cmd.slice(1), { cwd: final.dir, env, stdio: ["ignore", "inherit", "inherit"], detached: true });
let healthy = false;
for (let i = 0; i < 120 && server.exitCode === null; i++) {
  await new Promise((r) => setTimeout(r, 1000));
  try {
    execFileSync("sh", ["-c", final.healthcheck.replace(/^node /, "node ")], { cwd: final.dir, env, stdio: "ignore" });
    healthy = true;
    break;
  } catch {
    /* not yet */
  }
}
const exited = new Promise((r) => (server.exitCode === null ? server.once("exit", r) : r()));
process.kill(-server.pid, "SIGTERM");
await exited;
const groupAlive = () => {
  try {
    process.kill(-server.pid, 0);
    return true;
  } catch {
    return false;
  }
};
// the server itself finishes its graceful stop after npm has gone
for (let i = 0; i < 50 && groupAlive(); i++) await new Promise((r) => setTimeout(r, 200));
if (groupAlive()) {
  log("server still running 10 s after SIGTERM: killing its process group");
  process.kill(-server.pid, "SIGKILL");
}
rmSync(work, { recursive: true, force: true });
log(healthy ? "HEALTHCHECK passed: the image's steps work" : "HEALTHCHECK never passed");
process.exit(healthy ? 0 : 1);
