// npm run site:check: validates every file in tenants/ (and tenants/landers/); one line per
// problem with file and field; exit code 1 on any problem.
import path from "node:path";
import { checkSites } from "#app/tenancy/site-check.server.ts";

const tenantsDir = path.resolve(process.env.TENANTS_DIR ?? "tenants");
const problems = checkSites({ tenantsDir, publicDir: path.resolve("public"), localesDir: path.resolve("app/locales") });
for (const line of problems) console.log(line);
if (problems.length) {
  console.error(`site:check: ${problems.length} problem${problems.length === 1 ? "" : "s"}`);
  process.exit(1);
}
console.log(`site:check: ${tenantsDir} is fine`);
