// npm run site:new -- <key> <domain>: writes tenants/<key>.json (or into $TENANTS_DIR) and says
// what to fill in next; exit code 1 on a malformed or taken key or domain.
import path from "node:path";
import { createSiteFile, FIELDS_TO_FILL, NewSiteError } from "#app/tenancy/new-site.server.ts";

const [key, domain] = process.argv.slice(2);
if (!key || !domain) {
  console.error("usage: npm run site:new -- <key> <domain>   (for example: npm run site:new -- sunny sunnydates.example)");
  process.exit(1);
}
const tenantsDir = path.resolve(process.env.TENANTS_DIR ?? "tenants");
try {
  const file = createSiteFile(tenantsDir, key, domain);
  console.log(`site:new: wrote ${file}`);
  console.log("Fill in:");
  for (const line of FIELDS_TO_FILL) console.log(`  - ${line}`);
  console.log("Then: npm run site:check, and reload the running server (kill -HUP <pid>; `npm run dev` reloads by itself).");
} catch (error) {
  if (!(error instanceof NewSiteError)) throw error;
  console.error(`site:new: ${error.message}`);
  process.exit(1);
}
