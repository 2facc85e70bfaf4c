// npm run site:check: validates every file in tenants/ (and tenants/landers/); one line per
// problem with file and field; exit code 1 on any problem. For a deployment (NODE_ENV=production
// with DATABASE_URL) every site names a canonical_domain that is not a .localhost name. Every site must take payments with the
// providers this environment configures (PAYMENTS_TEST_PROVIDER, MOLLIE_API_KEY: as the start
// would). It also checks the database (companies, credit packages and payment methods per
// country): DATABASE_URL, or the embedded one of a server running from DATA_DIR.
import path from "node:path";
import { paymentConfigProblems } from "#app/payments/payment-config.server.ts";
import { createProviders } from "#app/payments/providers/index.server.ts";
import { checkSites } from "#app/tenancy/site-check.server.ts";
import { checkSitesInDatabase } from "#app/tenancy/site-db-check.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { openDatabase, parseCommandLine, runOperatorScript } from "./operator.ts";

const usage = `
Usage: npm run site:check

Checks every site file in TENANTS_DIR (default tenants/) and tenants/landers/: one line per
problem with file and field, exit code 1 on any. Then, with the payment providers this
environment configures, that every site can take payments, and in the database (DATABASE_URL,
or the embedded one of a running npm start) companies, credit packages and payment methods.

  --help    this text
`;

await runOperatorScript("site:check", async () => {
  parseCommandLine({ usage });
  const env = getEnv();
  const problems = checkSites({
    tenantsDir: env.tenantsDir,
    publicDir: path.resolve("public"),
    localesDir: path.resolve("app/locales"),
    // a deployment: the production build on a real database (CI checks the demo files on one in development mode)
    deployment: !env.embedded && env.NODE_ENV === "production",
  });
  if (!problems.length) problems.push(...paymentConfigProblems(loadSiteRegistry(env.tenantsDir), createProviders(env.payments)));
  if (!problems.length) {
    // the embedded database is checked only while a server runs on it: no second one starts for a check
    const database = await openDatabase(env, { start: false });
    if (database) {
      try {
        problems.push(...(await checkSitesInDatabase(loadSiteRegistry(env.tenantsDir), getDb())));
      } catch (error) {
        // reachable, but not ready (migrations not applied)
        problems.push(`${database.where}: database checks failed: ${(error as Error).message.split("\n").filter(Boolean).slice(0, 2).join(" ")}`);
      }
    } else {
      console.log(`site:check: no DATABASE_URL and no server running from ${env.dataDir}, so companies, credit packages and payment methods were not checked`);
    }
  }
  for (const line of problems) console.log(line);
  if (problems.length) {
    console.error(`site:check: ${problems.length} problem${problems.length === 1 ? "" : "s"}`);
    return 1;
  }
  console.log(`site:check: ${env.tenantsDir} is fine`);
});
