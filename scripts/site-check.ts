// npm run site:check: validates every file in tenants/ (and tenants/landers/); one line per
// problem with file and field; exit code 1 on any problem. Every site must take payments with the
// providers this environment configures (PAYMENTS_TEST_PROVIDER, MOLLIE_API_KEY: as the start
// would). With DATABASE_URL it also checks the database: companies, credit packages and payment
// methods per country.
import path from "node:path";
import { paymentConfigProblems } from "#app/payments/payment-config.server.ts";
import { createProviders } from "#app/payments/providers/index.server.ts";
import { checkSites } from "#app/tenancy/site-check.server.ts";
import { checkSitesInDatabase } from "#app/tenancy/site-db-check.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { createDb } from "#app/utils/db.server.ts";
import { parsePaymentSettings } from "#app/utils/env.server.ts";

const tenantsDir = path.resolve(process.env.TENANTS_DIR ?? "tenants");
const problems = checkSites({ tenantsDir, publicDir: path.resolve("public"), localesDir: path.resolve("app/locales") });
if (!problems.length) {
  try {
    problems.push(...paymentConfigProblems(loadSiteRegistry(tenantsDir), createProviders(parsePaymentSettings())));
  } catch (error) {
    problems.push(`environment: ${(error as Error).message}`);
  }
}
const databaseUrl = process.env.DATABASE_URL;
if (!problems.length && databaseUrl) {
  let db: ReturnType<typeof createDb> | undefined;
  try {
    db = createDb(databaseUrl);
    problems.push(...(await checkSitesInDatabase(loadSiteRegistry(tenantsDir), db)));
  } catch (error) {
    // the environment or the database is not ready (APP_SECRET missing, migrations not applied)
    const reason = (error as Error).message.split("\n").filter(Boolean).slice(0, 2).join(" ");
    problems.push(`${databaseUrl.replace(/\/\/[^@]*@/, "//")}: database checks failed: ${reason}`);
  } finally {
    await db?.$disconnect();
  }
} else if (!databaseUrl) {
  console.log("site:check: no DATABASE_URL, so companies, credit packages and payment methods were not checked");
}
for (const line of problems) console.log(line);
if (problems.length) {
  console.error(`site:check: ${problems.length} problem${problems.length === 1 ? "" : "s"}`);
  process.exit(1);
}
console.log(`site:check: ${tenantsDir} is fine`);
