// `npm start` as a newcomer runs it: the production build in production mode on an embedded
// PostgreSQL, a readiness check that means it, a request log without secrets, one server per
// data folder, and a database that is restarted when it dies.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNpmStart, type NpmStart } from "#tests/support/npm-start.ts";

let server: NpmStart;
let origin = "";
let env: NodeJS.ProcessEnv;
let dataDir = "";
const output = () => server.output();
const waitFor = (pattern: RegExp, ms: number) => server.waitFor(pattern, ms);

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${pathname}`, { headers: { host: "lovely.localhost", ...headers }, redirect: "manual" });

beforeAll(async () => {
  server = await startNpmStart();
  ({ origin, env, dataDir } = server);
}, 120_000);

afterAll(() => server?.stop());

describe("npm start", () => {
  it("serves the production build, ready once database and queue answer", async () => {
    expect(output()).toContain(`Rendezvous on http://localhost:${server.port} (production build)`);
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, database: "ok", queue: "ok" });
    const home = await get("/");
    expect(home.status).toBe(200);
    const page = await home.text();
    expect(page).not.toContain("@vite/client");
    // the browser gets React's production build (the test run builds under NODE_ENV=test)
    const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(page)?.[0];
    expect(entry).toBeTruthy();
    expect(await (await get(entry!)).text()).not.toContain("react-devtools");
    // the demo members are counted once they are in (the warm-up render waits for the seed)
    const members = await (await get("/members", { cookie: "lng=en" })).text();
    expect(Number(/(\d+) members found/.exec(members)?.[1])).toBeGreaterThan(0);
    // the development mail outbox exists only under `npm run dev`
    expect((await get("/dev/outbox")).status).toBe(404);
  });

  it("logs one line per request with site, status and duration, and no secrets", async () => {
    await get("/activate?token=very-secret-token", { cookie: "rdv_session=very-secret-cookie" });
    await new Promise((r) => setTimeout(r, 300));
    const line = output()
      .split("\n")
      .find((l) => l.includes("/activate?token="));
    expect(line).toBeTruthy();
    const entry = JSON.parse(line!);
    expect(entry).toMatchObject({
      level: 30,
      msg: "request completed",
      site: "lovely",
      req: { method: "GET", url: expect.stringMatching(/^\/activate\?token=/) },
      res: { status: expect.any(Number) },
      responseTime: expect.any(Number),
    });
    expect(output()).not.toContain("very-secret-token");
    expect(output()).not.toContain("very-secret-cookie");
  });

  it("refuses a second server on the same data folder, saying why", () => {
    const pid = JSON.parse(readFileSync(path.join(dataDir, "server.pid"), "utf8")).pid as number;
    for (const args of [
      ["--import", "tsx", "scripts/start-check.ts"],
      ["--import", "tsx", "server/main.ts"],
    ]) {
      const second = spawnSync(process.execPath, args, { env: { ...env, NODE_ENV: "production" }, encoding: "utf8", timeout: 30_000 });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`Rendezvous is already running from ${dataDir} (pid ${pid}`);
    }
    expect(spawnSync("true").status).toBe(0);
  });

  it("restarts the embedded PostgreSQL when it dies", async () => {
    const postmaster = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(postmaster, "SIGKILL");
    await waitFor(/embedded PostgreSQL stopped unexpectedly/, 10_000);
    await waitFor(/embedded PostgreSQL is running again/, 30_000);
    await expect.poll(async () => (await fetch(`${origin}/healthz`)).status, { timeout: 20_000, interval: 250 }).toBe(200);
    await expect.poll(async () => (await get("/members")).status, { timeout: 20_000, interval: 250 }).toBe(200);
  });

  it("stops cleanly and frees the data folder", async () => {
    server.child.kill("SIGTERM");
    const code = await new Promise((resolve) => server.child.once("exit", resolve));
    expect(code, output().slice(-2000)).toBe(0);
    expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
  });
});
