// Site files reload without a restart: the production server reloads on SIGHUP, the
// development watch reloads on a file change; a fourth site is served on its own host within
// 2 s, an invalid edit keeps the previous sites and the log names the file and the field.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteFile } from "#app/tenancy/new-site.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { startSiteReloads } from "#app/tenancy/site-reload.server.ts";
import { request, type TestServer } from "#tests/support/http.ts";
import { useEnv, useTestServer } from "#tests/support/fixtures.ts";

const LIVE_WITHIN_MS = 2_000;

function tenantsCopy() {
  const dir = mkdtempSync(path.join(tmpdir(), "site-reload-"));
  cpSync("tenants", dir, { recursive: true });
  return dir;
}

/** site:new, with the one TODO filled in as an operator would. */
function addSunny(dir: string) {
  const file = createSiteFile(dir, "sunny", "sunnydates.example");
  const json = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, JSON.stringify({ ...json, name: "Sunny Dates", support_phone: "+31 20 555 0000" }));
  return file;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test edits raw site files, invalid values included
function editSite(dir: string, file: string, change: (json: any) => void) {
  const full = path.join(dir, file);
  const json = JSON.parse(readFileSync(full, "utf8"));
  change(json);
  writeFileSync(full, JSON.stringify(json));
}

/** Asks until `ok` holds; returns how long that took. */
async function until(ok: () => Promise<boolean>, ms: number) {
  const started = Date.now();
  while (!(await ok())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

describe("npm start reloads the site files on SIGHUP", () => {
  const dir = tenantsCopy();
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-reload-data-"));
  let server: ChildProcess;
  let output = "";
  let port = 0;
  const target = () => ({ port, close: async () => {} }) satisfies TestServer;
  const settingsName = async (host: string) => {
    const res = await request(target(), "/api/settings.php", { host });
    return res.status === 200 ? (res.json().settings.name as string) : res.status;
  };

  beforeAll(async () => {
    server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        // the demo sites take payments with the test provider only: on by choice with DATABASE_URL
        PAYMENTS_TEST_PROVIDER: "on",
        TENANTS_DIR: dir,
        DATA_DIR: dataDir,
        PORT: "0",
        WORKER_IN_PROCESS: "0",
        TENANTS_WATCH: "0",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (c) => (output += c));
    server.stderr!.on("data", (c) => (output += c));
    await until(async () => /Rendezvous on http:\/\/localhost:(\d+)/.test(output) || server.exitCode !== null, 90_000);
    port = Number(/Rendezvous on http:\/\/localhost:(\d+)/.exec(output)?.[1] ?? Number.NaN);
    if (!port) throw new Error(`the server did not start:\n${output}`);
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves a fourth site on its new host within 2 s of SIGHUP", async () => {
    expect((await request(target(), "/", { host: "sunnydates.example" })).status).toBe(404);
    addSunny(dir);
    server.kill("SIGHUP");
    const took = await until(async () => (await request(target(), "/", { host: "sunnydates.example" })).status === 200, LIVE_WITHIN_MS);
    expect(took).toBeLessThan(LIVE_WITHIN_MS);
    const home = await request(target(), "/", { host: "sunnydates.example", headers: { "accept-language": "en" } });
    expect(home.html).toContain("Sunny Dates");
    expect(await settingsName("sunnydates.example")).toBe("Sunny Dates");
    expect(await settingsName("lovelydates.example")).toBe("Lovely Dates");
  });

  // the server's log is pino's JSON: the message's line breaks appear as \n
  it("keeps the previous sites on an invalid edit and logs the file and the field", async () => {
    editSite(dir, "lovely.json", (json) => {
      json.name = "Changed";
      json.support_email = "not-an-address";
    });
    server.kill("SIGHUP");
    await until(async () => /site files not reloaded/.test(output), LIVE_WITHIN_MS);
    expect(output).toMatch(/site files not reloaded \(SIGHUP\); still serving the previous sites:\\n[^"]*lovely\.json: support_email: /);
    expect(await settingsName("lovelydates.example")).toBe("Lovely Dates");
    expect(await settingsName("sunnydates.example")).toBe("Sunny Dates");
    expect(server.exitCode).toBe(null);
  });

  it("stops serving a removed site and serves the corrected edit", async () => {
    editSite(dir, "lovely.json", (json) => {
      json.support_email = "support@lovelydates.example";
    });
    unlinkSync(path.join(dir, "sunny.json"));
    server.kill("SIGHUP");
    await until(async () => (await settingsName("lovelydates.example")) === "Changed", LIVE_WITHIN_MS);
    expect(await settingsName("sunnydates.example")).toBe(404);
  });

  it("keeps the previous sites when an edit leaves a site without a provider that can take payments", async () => {
    const before = output.length;
    editSite(dir, "lovely.json", (json) => {
      json.name = "No provider";
      json.payments = { providers: ["mollie"] };
    });
    server.kill("SIGHUP");
    await until(async () => /site files not reloaded/.test(output.slice(before)), LIVE_WITHIN_MS);
    expect(output.slice(before)).toMatch(
      /lovely\.json: payments\.providers: no configured provider takes payments in NL, BE, DE, GB, IE [^\n]*Mollie needs MOLLIE_API_KEY/,
    );
    expect(await settingsName("lovelydates.example")).toBe("Changed");
  });
});

describe("the development watch on the tenants folder", () => {
  const dir = tenantsCopy();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  useEnv({ TENANTS_DIR: dir });
  beforeAll(() => resetSingleton("siteRegistry"));
  const server = useTestServer();
  let reloads: ReturnType<typeof startSiteReloads>;
  beforeAll(() => {
    reloads = startSiteReloads({ dir, watchFiles: true });
  });
  afterAll(() => reloads.close());

  it("serves a site file added to the folder within 2 s, without a signal", async () => {
    expect((await request(server, "/", { host: "sunny.localhost" })).status).toBe(404);
    addSunny(dir);
    const took = await until(async () => (await request(server, "/api/settings.php", { host: "sunny.localhost" })).status === 200, LIVE_WITHIN_MS);
    expect(took).toBeLessThan(LIVE_WITHIN_MS);
  });

  it("serves an edited setting, and keeps it when the next edit is invalid", async () => {
    const credits = async () => (await request(server, "/api/settings.php", { host: "pride.localhost" })).json().settings.message_credits as number;
    const before = await credits();
    editSite(dir, "pride.json", (json) => {
      json.message_credits = before + 7;
    });
    await until(async () => (await credits()) === before + 7, LIVE_WITHIN_MS);
    editSite(dir, "pride.json", (json) => {
      json.message_credits = -1;
    });
    await new Promise((r) => setTimeout(r, 600)); // longer than the watch waits before it reloads
    expect(await credits()).toBe(before + 7);
  });
});
