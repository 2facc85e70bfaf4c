// The operator scripts beside a running `npm start` on the embedded default: each talks to the
// server's PostgreSQL instead of starting a second one on the same data folder, prints its usage
// on --help, and answers a mistake with one line on stderr and a non-zero exit, never a stack
// trace. With no server running, a script starts the embedded database itself and stops it.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentTotp } from "#app/staff/totp.server.ts";
import { runningEmbeddedDatabase } from "#server/database/embedded-postgres.ts";
import { freePort } from "#tests/support/free-port.ts";
import { postForm } from "#tests/support/http.ts";
import { startNpmStart, type NpmStart } from "#tests/support/npm-start.ts";

const SCRIPTS = ["staff:create", "site:check", "site:new", "db:migrate", "db:seed"] as const;
const commands = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** package.json's command for the script (`node --import tsx scripts/…`), with the arguments after `--`. */
function run(script: (typeof SCRIPTS)[number], args: string[] = [], env: NodeJS.ProcessEnv = server.env): Promise<Run> {
  const [node, ...rest] = commands[script]!.split(" ");
  expect(node).toBe("node");
  return new Promise((resolve) => {
    execFile(process.execPath, [...rest, ...args], { env, encoding: "utf8", timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

/** One line on stderr, naming the script, without stack frames; a non-zero exit. */
function expectOneLine(result: Run, script: string, says: RegExp) {
  expect(result.code, result.stdout + result.stderr).toBeGreaterThan(0);
  const lines = result.stderr.trim().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^${script}: `));
  expect(lines[0]).toMatch(says);
  expect(result.stderr + result.stdout).not.toMatch(/^\s+at /m);
}

let server: NpmStart;
let db: pg.Client;

beforeAll(async () => {
  server = await startNpmStart({ LOG_LEVEL: "warn" });
  db = new pg.Client({ connectionString: runningEmbeddedDatabase(server.dataDir)!.url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await server?.stop();
});

const count = async (table: string) => Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe("beside a running npm start on the embedded database", () => {
  it.each(SCRIPTS)("%s --help prints its usage and exits 0", async (script) => {
    const result = await run(script, ["--help"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: npm run ${script}\\b`));
    expect(result.stdout).toContain("--help");
    expect(result.stderr).toBe("");
  });

  it.each([
    ["staff:create", ["--bogus"], /unknown option '--bogus'/],
    ["staff:create", [], /--email is required/],
    ["staff:create", ["--email"], /argument missing/],
    ["staff:create", ["--email", "not-an-address"], /'not-an-address' is not an e-mail address/],
    ["staff:create", ["--email", "boss@staff.test", "--role", "boss"], /'boss' is not admin, support or marketing/],
    ["site:check", ["--all"], /unknown option '--all'/],
    ["site:new", ["sunny"], /the domain is missing/],
    ["site:new", ["sunny", "sunny.example", "more"], /unexpected argument 'more'/],
    ["db:migrate", ["now"], /unexpected argument 'now'/],
    ["db:seed", ["--force"], /unknown option '--force'/],
  ] as const)("%s %j answers one line and exit code 2", async (script, args, says) => {
    const result = await run(script, [...args]);
    expectOneLine(result, script, says);
    expect(result.code).toBe(2);
  });

  it("answers an unreachable database and a bad setting with one line", { timeout: 60_000 }, async () => {
    const closed = `postgresql://rendezvous:a-password@127.0.0.1:${await freePort()}/rendezvous`;
    const unreachable = await run("db:migrate", [], { ...server.env, DATABASE_URL: closed, APP_SECRET: "an-operator-secret-0123456789-abcdef" });
    expectOneLine(unreachable, "db:migrate", /cannot reach the database at postgresql:\/\/rendezvous@127\.0\.0\.1:\d+\/rendezvous \(.*ECONNREFUSED/);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).not.toContain("a-password");
    const bad = await run("staff:create", ["--email", "ops@staff.test"], {
      ...server.env,
      EMBEDDED_PG_PORT: "not-a-port",
      STAFF_PASSWORD: "long enough password",
    });
    expectOneLine(bad, "staff:create", /EMBEDDED_PG_PORT: /);
  });

  it("staff:create makes an account in the running database that can log in; a second one for the address is refused", { timeout: 60_000 }, async () => {
    const email = `ops-${Date.now()}@staff.test`;
    const env = { ...server.env, STAFF_PASSWORD: "an operator's staff password" };
    const created = await run("staff:create", ["--email", email, "--name", "Ops Person", "--role", "support"], env);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(`created support ${email}`);
    expect(created.stdout).toContain("the running server's embedded PostgreSQL");
    const secret = /shown only now\): (\w+)/.exec(created.stdout)![1]!;
    const { rows } = await db.query("SELECT name, role FROM staff_accounts WHERE email = $1", [email]);
    expect(rows).toEqual([{ name: "Ops Person", role: "support" }]);

    const login = await postForm(
      { port: server.port, close: async () => {} },
      "/staff/login",
      { email, password: "an operator's staff password", code: await currentTotp(secret) },
      { headers: { "accept-language": "en" } },
    );
    expect(login.status, login.html.slice(0, 500)).toBe(302);
    expect(String(login.headers["set-cookie"])).toMatch(/rdv_staff=[^;]/);

    const again = await run("staff:create", ["--email", email], env);
    expectOneLine(again, "staff:create", new RegExp(`a staff account for ${email.replace(/\./g, "\\.")} exists already`));
    expect(again.code).toBe(1);
  });

  it("site:check checks the running database: the demo sites pass, a missing company is named", { timeout: 60_000 }, async () => {
    const passed = await run("site:check");
    expect(passed.code, passed.stdout + passed.stderr).toBe(0);
    expect(passed.stdout).toContain("is fine");
    expect(passed.stdout).not.toContain("were not checked");

    const tenants = mkdtempSync(path.join(tmpdir(), "tenants-ops-"));
    try {
      cpSync("tenants", tenants, { recursive: true });
      const file = path.join(tenants, "mature.json");
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), company_id: 4242 }));
      const failed = await run("site:check", [], { ...server.env, TENANTS_DIR: tenants });
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain(`${file}: company_id: company 4242 does not exist in the companies table`);
      expect(failed.stderr.trim()).toBe("site:check: 1 problem");
    } finally {
      rmSync(tenants, { recursive: true, force: true });
    }
  });

  it("site:new writes a site file; a taken key is one line", { timeout: 60_000 }, async () => {
    const tenants = mkdtempSync(path.join(tmpdir(), "tenants-new-"));
    try {
      cpSync("tenants", tenants, { recursive: true });
      const env = { ...server.env, TENANTS_DIR: tenants };
      const wrote = await run("site:new", ["sunny", "sunnydates.example"], env);
      expect(wrote.code, wrote.stderr).toBe(0);
      expect(JSON.parse(readFileSync(path.join(tenants, "sunny.json"), "utf8")).domains).toContain("sunnydates.example");
      const taken = await run("site:new", ["lovely", "lovely-again.example"], env);
      expectOneLine(taken, "site:new", /lovely/);
      expect(taken.code).toBe(1);
    } finally {
      rmSync(tenants, { recursive: true, force: true });
    }
  });

  it("db:migrate finds the running database up to date", async () => {
    const result = await run("db:migrate");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("db:migrate: the running server's embedded PostgreSQL (port");
    expect(result.stdout).toMatch(/db:migrate: migrations up to date/);
  });

  it("db:seed checks the demo data in the running database and changes nothing", { timeout: 90_000 }, async () => {
    const tables = ["users", "profiles", "photos", "conversations", "messages", "credit_packages", "staff_accounts", "sites", "companies"];
    const counts = async () => {
      const all: number[] = [];
      for (const table of tables) all.push(await count(table)); // one client: one query at a time
      return all;
    };
    const before = await counts();
    const result = await run("db:seed");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("db:seed: demo data checked");
    expect(await counts()).toEqual(before);
  });

  it("left the server and its database running", async () => {
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(server.output()).not.toMatch(/embedded PostgreSQL stopped unexpectedly/);
  });
});

describe("with no server running", () => {
  it("db:migrate starts the embedded database in DATA_DIR, migrates it and stops it again", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rendezvous-ops-"));
    chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as its own user and must reach the folder
    try {
      const result = await run("db:migrate", [], { ...server.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/db:migrate: applied migrations: \d{14}_\w+/);
      expect(result.stdout).toContain(`db:migrate: the embedded PostgreSQL in ${dataDir}`);
      expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
