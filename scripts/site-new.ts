// npm run site:new -- <key> <domain>: writes tenants/<key>.json (or into $TENANTS_DIR) and says
// what to fill in next; exit code 1 on a malformed or taken key or domain.
import { createSiteFile, FIELDS_TO_FILL } from "#app/tenancy/new-site.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { parseCommandLine, runOperatorScript, UsageError } from "./operator.ts";

const usage = `
Usage: npm run site:new -- <key> <domain>
  for example: npm run site:new -- sunny sunnydates.example

Writes TENANTS_DIR/<key>.json (default tenants/): a site the schema accepts, served at
<key>.localhost and <domain>, with TODO in the fields only a person can fill in.

  --help    this text
`;

await runOperatorScript("site:new", async () => {
  const { positionals } = parseCommandLine({ usage, positionals: 2 });
  const [key, domain] = positionals;
  if (!key || !domain) throw new UsageError(key ? "the domain is missing" : "the key and the domain are missing");
  const { tenantsDir } = getEnv();
  // a malformed or taken key or domain is a NewSiteError: its message is the line the operator reads
  const file = createSiteFile(tenantsDir, key, domain);
  console.log(`site:new: wrote ${file}`);
  console.log("Fill in:");
  for (const line of FIELDS_TO_FILL) console.log(`  - ${line}`);
  console.log("Then: npm run site:check, and reload the running server (kill -HUP <pid>; `npm run dev` reloads by itself).");
});
