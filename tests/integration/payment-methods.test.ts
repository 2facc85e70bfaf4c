// Every payment method of the spec can be offered where it exists, per site and payment country
// (the site file's `payments.countries`, else the country's defaults): the credits page offers
// each country its methods; a site file asking for a method that exists nowhere any more (giropay,
// Sofort), one no provider of ours takes (Dankort), or one outside its country is refused by the
// schema (and so by site:check and the start) naming the file and field; a method the configured
// providers do not take is refused by site:check; and a payment with one of the newly offered
// methods completes through the test provider and credits once.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { paymentConfigProblems } from "#app/payments/payment-config.server.ts";
import { createProviders } from "#app/payments/providers/index.server.ts";
import { signTestWebhook, TEST_SIGNATURE_HEADER } from "#app/payments/providers/test.server.ts";
import { checkSites } from "#app/tenancy/site-check.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { loggedInMember, textOf, type LoggedInMember } from "#tests/support/logged-in.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const EN = { "accept-language": "en" };
const db = () => getDb();

const server = useTestServer();

const get = (m: LoggedInMember, p: string) => request(server, p, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
/** The method tiles of /credits, in their order. */
const tiles = (html: string) => [...html.matchAll(/data-testid="method-([a-z0-9]+)"/g)].map((x) => x[1]).filter((x) => x !== "block");

describe("the methods each payment country is offered", () => {
  it("offers France Carte Bancaire, Italy Satispay and Nexi, Spain the card brands, Finland and Denmark MobilePay, each with its name", async () => {
    const expected: Record<string, { site: string; methods: string[] }> = {
      FR: { site: "pride", methods: ["cartebancaire", "applepay", "creditcard", "paypal"] },
      IT: { site: "pride", methods: ["satispay", "nexi", "creditcard", "paypal"] },
      ES: { site: "pride", methods: ["applepay", "visa", "mastercard", "maestro", "paypal"] },
      FI: { site: "pride", methods: ["mobilepay", "creditcard", "paypal"] },
      DK: { site: "pride", methods: ["mobilepay", "creditcard", "paypal"] },
      SE: { site: "pride", methods: ["swish", "creditcard", "paypal"] },
      NO: { site: "pride", methods: ["vipps", "creditcard", "paypal"] },
      AT: { site: "mature", methods: ["eps", "sdd", "paysafecard", "creditcard", "paypal"] },
      CH: { site: "mature", methods: ["twint", "creditcard", "paypal"] },
      DE: { site: "lovely", methods: ["sdd", "sct", "creditcard", "paypal"] },
      BE: { site: "lovely", methods: ["bancontact", "sdd", "creditcard", "paypal"] },
    };
    for (const [country, { site, methods }] of Object.entries(expected)) {
      const m = await loggedInMember(server, { site, country });
      const page = await get(m, "/credits");
      expect(page.status).toBe(200);
      const methodBlock = page.html.slice(page.html.indexOf('data-testid="method-block"'));
      expect(tiles(methodBlock), country).toEqual(methods);
      // each tile names its method in the page's language (mature speaks German whatever the browser asks)
      const lang = page.html.match(/<html lang="([a-z]{2})/)![1]!;
      const names = JSON.parse(readFileSync(`app/locales/${lang}/common.json`, "utf8")).checkout.methods;
      for (const method of methods) expect(textOf(methodBlock), `${country} ${method}`).toContain(names[method]);
    }
    // Dankort and the discontinued giropay and Sofort are offered nowhere
    const dk = await loggedInMember(server, { site: "pride", country: "DK" });
    expect(textOf((await get(dk, "/credits")).html)).not.toContain("Dankort");
  });
});

describe("a site file asking for a method that cannot be offered", () => {
  /** The demo site files with one site's payments block changed. */
  function tenantsWith(file: string, payments: Record<string, unknown>) {
    const dir = mkdtempSync(path.join(tmpdir(), "tenants-methods-"));
    cpSync("tenants", dir, { recursive: true });
    const site = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    site.payments = { ...site.payments, ...payments };
    writeFileSync(path.join(dir, file), JSON.stringify(site));
    return dir;
  }
  const check = (dir: string) => checkSites({ tenantsDir: dir, publicDir: path.resolve("public"), localesDir: path.resolve("app/locales") });

  it("is refused by the schema, naming the file, the field and why", () => {
    const dir = tenantsWith("mature.json", {
      countries: { DE: ["sdd", "giropay", "sofort"], AT: ["eps", "ideal"], CH: ["twint", "dankort"], FR: ["cartebancaire"] },
      methods: { sofort: "test" },
    });
    try {
      const problems = check(dir).join("\n");
      expect(problems).toContain(`mature.json: payments.countries.DE.1: "giropay" cannot be offered: giropay was discontinued on 30 June 2024`);
      expect(problems).toContain(`mature.json: payments.countries.DE.2: "sofort" cannot be offered: Sofort was folded into Klarna`);
      expect(problems).toContain(`mature.json: payments.countries.AT.1: "ideal" does not exist for payments from AT in EUR (only NL in EUR)`);
      expect(problems).toContain(`mature.json: payments.countries.CH.1: "dankort" cannot be offered: Mollie does not take Dankort cards`);
      expect(problems).toContain(`mature.json: payments.countries.FR: FR is not one of the site's countries`);
      expect(problems).toContain(`mature.json: payments.methods.sofort: "sofort" cannot be offered`);
      // an unknown method name is refused too
      const junk = tenantsWith("lovely.json", { countries: { NL: ["ideal", "klarna"] } });
      try {
        expect(check(junk).join("\n")).toMatch(/lovely\.json: payments\.countries\.NL\.1: Invalid option: expected one of "sdd"\|/);
      } finally {
        rmSync(junk, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is refused by site:check when no configured provider takes the method there", () => {
    const dir = tenantsWith("lovely.json", { providers: ["mollie"], countries: { NL: ["ideal", "sdd", "creditcard"], DE: ["sct", "creditcard"] } });
    try {
      expect(check(dir)).toEqual([]);
      const mollieOnly = createProviders({ testProvider: false, mollie: { apiKey: "test_methodsCheckKey0123456789abcdef" } } as never);
      const problems = paymentConfigProblems(loadSiteRegistry(dir), mollieOnly).filter((p) => p.includes("lovely.json"));
      // Mollie takes iDEAL, cards and bank transfers, not our SEPA direct debit
      expect(problems).toEqual([
        `${path.join(dir, "lovely.json")}: payments.countries.NL.1: no configured provider takes "sdd" in NL ("mollie" does not take it in EUR)`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("paying with a newly offered method", () => {
  it("completes a Carte Bancaire payment through the test provider and credits it once", async () => {
    const m = await loggedInMember(server, { site: "pride", country: "FR" });
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "pride", country: "FR", active: true }, orderBy: { credits: "asc" } });
    const overview = await get(m, `/credits/${pkg.id}/cartebancaire`);
    expect(overview.status).toBe(200);
    expect(textOf(overview.html)).toContain(en.checkout.methods.cartebancaire);
    const key = overview.html.match(/name="key" value="([^"]+)"/)![1]!;
    const total = overview.html.match(/name="total" value="(\d+)"/)![1]!;
    const ordered = await postForm(server, `/credits/${pkg.id}/cartebancaire`, { key, total }, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
    expect(ordered.status).toBe(302);
    const reference = ordered.headers.location!.split("/test-pay/")[1]!;
    const payment = await db().payment.findUniqueOrThrow({ where: { providerReference: reference } });
    expect(payment).toMatchObject({ method: "cartebancaire", country: "FR", currency: "EUR", status: "pending" });

    const testPage = await get(m, `/test-pay/${reference}`);
    expect(textOf(testPage.html)).toContain(en.checkout.methods.cartebancaire);
    const paid = await postForm(server, `/test-pay/${reference}`, { outcome: "paid" }, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
    expect(paid.status).toBe(302);
    // the webhook, twice: credited once
    const p = await db().testProviderPayment.findUniqueOrThrow({ where: { reference } });
    const signed = signTestWebhook(p.webhookUrl, reference);
    const u = new URL(signed.url);
    for (let i = 0; i < 2; i++) {
      const res = await request(server, u.pathname + u.search, {
        host: m.host,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", [TEST_SIGNATURE_HEADER]: signed.signature },
        body: signed.body,
      });
      expect(res.status).toBe(200);
    }
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("completed");
    expect(await db().creditLedgerEntry.count({ where: { idempotencyKey: `payment:${payment.id}` } })).toBe(1);
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(pkg.credits);
    const result = await get(m, `/payments/${payment.id}`);
    expect(textOf(result.html)).toContain(en.checkout.result.completed);
  });
});
