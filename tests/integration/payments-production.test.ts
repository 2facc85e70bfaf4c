// Payments in a production deployment (NODE_ENV=production, DATABASE_URL, HTTPS): the test
// provider, whose payments take no money, is off unless the operator turns it on; a site that
// only it would serve stops `npm run site:check` and the start, naming the file and the field;
// and a running server has no route that completes a payment without a real provider.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signTestWebhook, TEST_SIGNATURE_HEADER } from "#app/payments/providers/test.server.ts";
import { webhookUrl } from "#app/payments/webhook-signing.server.ts";
import { parseEnv } from "#app/utils/env.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { startFakeMollie } from "#tests/support/fake-mollie.ts";
import { freePort } from "#tests/support/free-port.ts";
import { postForm, request, type TestServer } from "#tests/support/http.ts";
import { CookieJar } from "#tests/support/session.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const MOLLIE_KEY = "test_productionMollieKey0123456789ab";
/** A deployment's shell: production, a real database, HTTPS; nothing of the test run's own switches. */
const production = (extra: Record<string, string> = {}) => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !["NODE_ENV", "PAYMENTS_TEST_PROVIDER", "MOLLIE_API_KEY", "MOLLIE_API_URL", "TENANTS_DIR"].includes(k)),
  );
  return { ...env, NODE_ENV: "production", HTTPS: "1", LOG_LEVEL: "warn", WORKER_IN_PROCESS: "0", ...extra };
};

const KEEP = Symbol("the demo files' payments");
/**
 * The demo site files as a deployment has them (a public canonical domain: site:check refuses
 * their .localhost one there), with every site's payments block replaced (or kept).
 */
function tenantsWith(payments: unknown) {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "tenants-payments-")), "tenants");
  cpSync("tenants", dir, { recursive: true });
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const site = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    site.canonical_domain = site.domains[1];
    if (payments === undefined) delete site.payments;
    else if (payments !== KEEP) site.payments = payments;
    writeFileSync(path.join(dir, file), JSON.stringify(site));
  }
  return dir;
}

const siteCheck = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/site-check.ts"], { env, encoding: "utf8", timeout: 60_000 });

describe("the test provider's switch", () => {
  it("is on for the embedded default and in tests, off with DATABASE_URL unless turned on", () => {
    const base = { APP_SECRET: "a-production-secret-0123456789-abcdef", DATA_DIR: ".data/test-files" };
    const url = "postgresql://postgres@127.0.0.1:5432/x";
    expect(parseEnv({ ...base, NODE_ENV: "production" }).payments.testProvider).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: "test", DATABASE_URL: url }).payments.testProvider).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: "production", DATABASE_URL: url, HTTPS: "1" }).payments.testProvider).toBe(false);
    expect(parseEnv({ ...base, NODE_ENV: "development", DATABASE_URL: url }).payments.testProvider).toBe(false);
    expect(parseEnv({ ...base, NODE_ENV: "production", DATABASE_URL: url, PAYMENTS_TEST_PROVIDER: "on" }).payments.testProvider).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: "production", PAYMENTS_TEST_PROVIDER: "off" }).payments.testProvider).toBe(false);
    expect(() => parseEnv({ ...base, PAYMENTS_TEST_PROVIDER: "yes please" })).toThrow(/PAYMENTS_TEST_PROVIDER/);
  });
});

describe("npm run site:check in production", () => {
  it("refuses sites that only the test provider serves, naming the file and the field, unless the test provider is on", () => {
    const demo = tenantsWith(KEEP);
    const refused = siteCheck(production({ TENANTS_DIR: demo }));
    expect(refused.status, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stdout).toMatch(
      /tenants\/lovely\.json: payments\.providers: no configured provider takes payments in NL, BE, DE, GB, IE \("test": the test provider is off/,
    );
    expect(refused.stdout).toMatch(/tenants\/mature\.json: payments\.providers: /);
    // pride names Mollie first, which needs its key
    expect(refused.stdout).toMatch(/tenants\/pride\.json: payments\.providers: .*"mollie": Mollie needs MOLLIE_API_KEY/);

    const onPurpose = siteCheck(production({ PAYMENTS_TEST_PROVIDER: "on", TENANTS_DIR: demo }));
    expect(onPurpose.stdout + onPurpose.stderr).toContain("is fine");
    expect(onPurpose.status).toBe(0);
    // the demo files as they are name .localhost domains, which no member's mail reaches
    const local = siteCheck(production({ PAYMENTS_TEST_PROVIDER: "on" }));
    expect(local.status).toBe(1);
    expect(local.stdout).toContain('tenants/lovely.json: canonical_domain: "lovely.localhost" is a local name');
    rmSync(path.dirname(demo), { recursive: true, force: true });
  });

  it("refuses a site file without a payments block (the test provider is its default), and passes one with Mollie", () => {
    const none = tenantsWith(undefined);
    const mollie = tenantsWith({ providers: ["mollie"] });
    const mapped = tenantsWith({ providers: ["mollie", "test"], methods: { ideal: "test" } });
    try {
      const refused = siteCheck(production({ TENANTS_DIR: none }));
      expect(refused.status).toBe(1);
      expect(refused.stdout).toContain(`${none}/lovely.json: payments.providers: no configured provider takes payments`);
      expect(refused.stdout).toContain('the default of a site file without a "payments" block');

      expect(siteCheck(production({ TENANTS_DIR: mollie })).stdout).toContain("Mollie needs MOLLIE_API_KEY");
      const fine = siteCheck(production({ TENANTS_DIR: mollie, MOLLIE_API_KEY: MOLLIE_KEY }));
      expect(fine.stdout + fine.stderr).toContain("is fine");
      expect(fine.status).toBe(0);

      // a method sent to the test provider by name
      const named = siteCheck(production({ TENANTS_DIR: mapped, MOLLIE_API_KEY: MOLLIE_KEY }));
      expect(named.status).toBe(1);
      expect(named.stdout).toContain(`${mapped}/lovely.json: payments.methods.ideal: provider "test" is not configured here`);
    } finally {
      for (const dir of [none, mollie, mapped]) rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});

describe("a production start", () => {
  let server: ChildProcess | undefined;
  let fake: Awaited<ReturnType<typeof startFakeMollie>> | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server!.once("exit", resolve));
    }
    await fake?.close();
    for (const dir of dirs) rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("stops when a site would take payments only with the test provider, naming the file and the field", () => {
    const run = spawnSync(process.execPath, ["build/server/main.js"], { env: production({ PORT: "0" }), encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Invalid site configuration");
    expect(run.stderr).toMatch(/tenants\/lovely\.json: payments\.providers: no configured provider takes payments in NL/);
  });

  it("with Mollie: the checkout goes to Mollie, and neither the test page nor the test webhook completes a payment", async () => {
    fake = await startFakeMollie(MOLLIE_KEY);
    const tenants = tenantsWith({ providers: ["mollie"] });
    dirs.push(tenants);
    const port = await freePort();
    let output = "";
    server = spawn(process.execPath, ["build/server/main.js"], {
      env: production({
        PORT: String(port),
        TENANTS_DIR: tenants,
        MOLLIE_API_KEY: MOLLIE_KEY,
        MOLLIE_API_URL: fake.endpoint,
        NODE_TLS_REJECT_UNAUTHORIZED: "0",
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (c) => (output += c));
    server.stderr!.on("data", (c) => (output += c));
    await expect
      .poll(() => (server!.exitCode === null ? output : `exited: ${output}`), { timeout: 90_000, interval: 200 })
      .toMatch(/Rendezvous on http:\/\/localhost:\d+ \(production build\)|^exited/);
    expect(output).toContain("(production build)");
    const app: TestServer = { port, close: async () => {} };

    const m = await createMember({ site: "lovely", country: "NL" });
    const jar = new CookieJar();
    expect(jar.take(await postForm(app, "/login", { email: m.email, password: PASSWORD }, { host: "lovely.localhost" })).status).toBe(302);
    const as = { host: "lovely.localhost", headers: { "accept-language": "en", cookie: jar.header } };
    const pkg = await getDb().creditPackage.findFirstOrThrow({ where: { siteKey: "lovely", country: "NL", credits: 700 } });

    const overview = await request(app, `/credits/${pkg.id}/ideal`, as);
    expect(overview.status).toBe(200);
    expect(overview.html).toContain("iDEAL");
    expect(overview.html).not.toContain(en.checkout.testMode);
    const ordered = await postForm(app, `/credits/${pkg.id}/ideal`, { key: `prodorder${Date.now()}` }, as);
    expect(ordered.status).toBe(302);
    expect(ordered.headers.location).not.toContain("/test-pay/");
    const viaMollie = await getDb().payment.findFirstOrThrow({ where: { userId: m.user.id } });
    expect(viaMollie.provider).toBe("mollie");

    // a test-provider payment left in the database (from before the switch) stays unpaid
    const reference = `tp_${"x".repeat(16)}${Date.now()}`;
    const payment = await getDb().payment.create({
      data: {
        userId: m.user.id,
        siteKey: "lovely",
        packageId: pkg.id,
        credits: pkg.credits,
        method: "creditcard",
        amountCents: pkg.priceCents,
        currency: "EUR",
        country: "NL",
        status: "pending",
        provider: "test",
        providerReference: reference,
        idempotencyKey: `prod-test-${reference}`,
      },
    });
    await getDb().testProviderPayment.create({
      data: {
        reference,
        siteKey: "lovely",
        amountCents: pkg.priceCents,
        currency: "EUR",
        method: "creditcard",
        description: "left over",
        status: "open",
        redirectUrl: `http://lovely.localhost/payments/${payment.id}`,
        webhookUrl: webhookUrl("http://lovely.localhost", "test", "lovely", payment.id),
      },
    });
    expect((await request(app, `/test-pay/${reference}`, as)).status).toBe(404);
    expect((await postForm(app, `/test-pay/${reference}`, { outcome: "paid" }, as)).status).toBe(404);
    expect((await postForm(app, `/test-pay/${reference}`, { outcome: "paid" }, { host: "lovely.localhost" })).status).toBe(404);
    await getDb().testProviderPayment.update({ where: { reference }, data: { status: "paid" } });
    const signed = signTestWebhook(webhookUrl("http://lovely.localhost", "test", "lovely", payment.id), reference);
    const u = new URL(signed.url);
    const hook = await request(app, u.pathname + u.search, {
      host: "lovely.localhost",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", [TEST_SIGNATURE_HEADER]: signed.signature },
      body: signed.body,
    });
    expect(hook.status).toBe(404);
    await request(app, `/payments/${payment.id}`, as);
    expect((await getDb().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("pending");
    const user = await getDb().user.findUniqueOrThrow({ where: { id: m.user.id } });
    expect(user).toMatchObject({ credits: 0, paidUser: false });
  }, 150_000);
});
