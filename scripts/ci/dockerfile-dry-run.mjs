// The Dockerfile's steps without a Docker engine: each stage in a clean folder, COPY from a
// clean export of the commit (.dockerignore applies: the export has no ignored files), RUN in
// order with the stage's ENV, then the final CMD started with the given environment until its
// HEALTHCHECK passes, then SIGTERM to it as `docker stop` sends it. Proves `npm ci` accepts the
// lock file, the image would start, and it stops with code 0 leaving no process behind. The
// image's own OS packages (RUN apt-get install) are not installed on this machine: the dry run
// checks that apt knows each of them, and runs the CMD under the ENTRYPOINT when that is here.
// Usage: node scripts/ci/dockerfile-dry-run.mjs   (DATABASE_URL and APP_SECRET for the CMD)
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
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
    stage = { name, dir: path.join(work, name), env: {}, workdir: "/", cmd: null, entrypoint: [], healthcheck: null };
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
  } else if (op === "RUN" && /\bapt-get install\b/.test(rest)) {
    const packages = /apt-get install\s+([^&;]*)/
      .exec(rest)[1]
      .split(/\s+/)
      .filter((p) => p && !p.startsWith("-"));
    for (const name of packages) {
      const candidate = /Candidate: (\S+)/.exec(execFileSync("apt-cache", ["policy", name], { encoding: "utf8" }))?.[1];
      if (!candidate || candidate === "(none)") throw new Error(`RUN ${rest}: apt has no package ${name}`);
    }
    log(`RUN ${rest} (the image's OS packages: apt knows ${packages.join(", ")}; not installed here)`);
  } else if (op === "RUN") {
    log(`RUN ${rest}`);
    execFileSync("sh", ["-c", rest], { cwd: stage.dir, stdio: "inherit", env: { ...process.env, ...stage.env } });
  } else if (op === "CMD") {
    stage.cmd = JSON.parse(rest);
  } else if (op === "ENTRYPOINT") {
    stage.entrypoint = JSON.parse(rest);
  } else if (op === "HEALTHCHECK") {
    stage.healthcheck = rest.replace(/^CMD\s+/, "");
  }
}

const final = stage;
const env = { ...process.env, ...final.env, PORT: process.env.DRY_RUN_PORT ?? "3299" };
// the init the image runs as PID 1 (tini) when this machine has it too; the CMD alone otherwise
const init = final.entrypoint.length && existsSync(final.entrypoint[0]) ? final.entrypoint : [];
const command = [...init, ...final.cmd];
log(
  `CMD ${command.join(" ")} (PORT ${env.PORT})${final.entrypoint.length && !init.length ? ` (${final.entrypoint[0]} is not on this machine: without it)` : ""}`,
);
// a process group of its own, as a container's: what is left in it after the stop is an orphan
const server = spawn(command[0], command.slice(1), { cwd: final.dir, env, stdio: ["ignore", "inherit", "inherit"], detached: true });
let healthy = false;
for (let i = 0; i < 120 && server.exitCode === null; i++) {
  await new Promise((r) => setTimeout(r, 1000));
  try {
    execFileSync("sh", ["-c", final.healthcheck], { cwd: final.dir, env, stdio: "ignore" });
    healthy = true;
    break;
  } catch {
    /* not yet */
  }
}
const groupAlive = () => {
  try {
    process.kill(-server.pid, 0);
    return true;
  } catch {
    return false;
  }
};
// `docker stop`: SIGTERM to PID 1 only, SIGKILL after the stop timeout
const exited = new Promise((r) => (server.exitCode === null ? server.once("exit", (code, signal) => r(signal ?? code)) : r(server.exitCode)));
const stopAt = Date.now();
server.kill("SIGTERM");
const stopTimeout = Number(env.SHUTDOWN_TIMEOUT_MS ?? 25_000) + 5_000;
const exit = await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), stopTimeout))]);
for (let i = 0; i < 25 && groupAlive(); i++) await new Promise((r) => setTimeout(r, 200));
const orphans = groupAlive();
if (exit === "still running" || orphans) {
  log(
    exit === "still running" ? `still running ${stopTimeout} ms after SIGTERM: killing its process group` : "processes left after the CMD exited: killing them",
  );
  process.kill(-server.pid, "SIGKILL");
}
rmSync(work, { recursive: true, force: true });
log(healthy ? "HEALTHCHECK passed: the image's steps work" : "HEALTHCHECK never passed");
log(`SIGTERM: exit ${exit} after ${Date.now() - stopAt} ms${orphans ? ", processes left behind" : ", nothing left running"}`);
process.exit(healthy && exit === 0 && !orphans ? 0 : 1);
