// A deployment on a fresh PostgreSQL (DATABASE_URL, no SEED_DEMO) starts without SQL typed: the
// site files' company blocks write the companies table, as tenants/ writes the sites table. A
// company block with a bad field stops site:check and the start, naming the file and the field.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dropDatabase, recreateDatabase } from "#server/database/databases.ts";
import { freePort } from "#tests/support/free-port.ts";
import { request, type TestServer } from "#tests/support/http.ts";

const SERVER_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DATABASE = `fresh_${process.pid}`;

const LOVELY_COMPANY = {
  name: "Fresh Hearts B.V.",
  address: "Keizersgracht 12",
  city: "Utrecht",
  country: "NL",
  kvk: "90123456",
  tradenames: ["Lovely Dates"],
  vat_numbers: ["NL990123456B01"],
};
const NORDIC_COMPANY = { name: "Fjord Dating AB", address: "Storgatan 3", city: "Malmö", country: "SE", kvk: "559000-1111" };

/** The demo site files, each with a public canonical domain and its company described in the file. */
function tenantsWithCompanies(change: (key: string, site: Record<string, unknown>) => void = () => {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "tenants-fresh-"));
  cpSync("tenants", dir, { recursive: true });
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const site = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    site.canonical_domain = site.domains[1];
    site.company = site.company_id === 1 ? LOVELY_COMPANY : NORDIC_COMPANY;
    change(site.key, site);
    writeFileSync(path.join(dir, file), JSON.stringify(site));
  }
  return dir;
}

const dirs: string[] = [];
let server: ChildProcess | undefined;
afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server!.once("exit", resolve));
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await dropDatabase(SERVER_URL, DATABASE);
});

/** A deployment's shell: production, a real database, no demo data; the test provider on, as the operator may. */
const deployment = (url: string, tenants: string, extra: Record<string, string> = {}) => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !["NODE_ENV", "SEED_DEMO", "MOLLIE_API_KEY", "MOLLIE_API_URL", "REDIS_URL", "QUEUE_NAMESPACE"].includes(k)),
  );
  return {
    ...env,
    NODE_ENV: "production",
    DATABASE_URL: url,
    TENANTS_DIR: tenants,
    APP_SECRET: "a-fresh-deployment-secret-0123456789abcdef",
    PAYMENTS_TEST_PROVIDER: "on",
    WORKER_IN_PROCESS: "0",
    LOG_LEVEL: "warn",
    ...extra,
  };
};
const run = (script: string, env: NodeJS.ProcessEnv) => spawnSync(process.execPath, ["--import", "tsx", script], { env, encoding: "utf8", timeout: 90_000 });

describe("a fresh database", () => {
  it("migrated, not seeded: the server starts and shows the company of the site file", async () => {
    const url = await recreateDatabase(SERVER_URL, DATABASE);
    const tenants = tenantsWithCompanies();
    dirs.push(tenants);
    const migrated = run("scripts/db/migrate.ts", deployment(url, tenants));
    expect(migrated.status, migrated.stdout + migrated.stderr).toBe(0);

    const port = await freePort();
    let output = "";
    server = spawn(process.execPath, ["build/server/main.js"], { env: deployment(url, tenants, { PORT: String(port) }), stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (c) => (output += c));
    server.stderr!.on("data", (c) => (output += c));
    await expect
      .poll(() => (server!.exitCode === null ? output : `exited: ${output}`), { timeout: 90_000, interval: 200 })
      .toMatch(/Rendezvous on http:\/\/localhost:\d+ \(production build\)|^exited/);
    expect(output).toContain("(production build)");
    const app: TestServer = { port, close: async () => {} };
    const as = { host: "lovelydates.example", headers: { "accept-language": "en" } };
    expect((await request(app, "/", as)).status).toBe(200);
    const terms = await request(app, "/pages/terms", as);
    expect(terms.status).toBe(200);
    expect(terms.html).toContain("Fresh Hearts B.V.");
    expect(terms.html).toContain("90123456");
    expect(terms.html).toContain("Keizersgracht 12");
    const pride = await request(app, "/pages/terms", { host: "pridematch.example", headers: { "accept-language": "en" } });
    expect(pride.html).toContain("Fjord Dating AB");
  }, 180_000);

  it("refuses a company block with a bad field in site:check and at start, naming the file and the field", () => {
    const tenants = tenantsWithCompanies((key, site) => {
      if (key === "lovely") site.company = { ...LOVELY_COMPANY, country: "Nederland" };
    });
    dirs.push(tenants);
    const url = SERVER_URL.replace(/\/[^/]*$/, `/${DATABASE}`);
    const check = run("scripts/site-check.ts", deployment(url, tenants));
    expect(check.status).toBe(1);
    expect(check.stdout).toContain(`${tenants}/lovely.json: company.country: must be a two-letter ISO country code in capitals`);
    const start = spawnSync(process.execPath, ["build/server/main.js"], { env: deployment(url, tenants, { PORT: "0" }), encoding: "utf8", timeout: 60_000 });
    expect(start.status).toBe(1);
    expect(start.stderr).toContain("Invalid site configuration");
    expect(start.stderr).toContain(`${tenants}/lovely.json: company.country: must be a two-letter ISO country code in capitals`);
  }, 120_000);
});
