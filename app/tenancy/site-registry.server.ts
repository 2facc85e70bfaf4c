// Loads every tenants/*.json once, validates it, and answers "which site serves this host".
// A broken file stops the start with the file and field named.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Site, siteSchema } from "./site-schema.ts";

export class SiteConfigError extends Error {
  override name = "SiteConfigError";
}

export interface SiteRegistry {
  sites: Site[];
  byHost: Map<string, Site>;
  byKey: Map<string, Site>;
  /** The file each site was read from, for error messages. */
  fileOf: Map<string, string>;
}

export function loadSiteRegistry(dir: string): SiteRegistry {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  if (!files.length) throw new SiteConfigError(`${dir}: no site files (*.json) found`);
  const sites = files.map((file) => parseSiteFile(path.join(dir, file)));
  const byHost = new Map<string, Site>();
  const byKey = new Map<string, Site>();
  const fileOf = new Map<string, string>();
  sites.forEach((site, i) => {
    const file = path.join(dir, files[i]!);
    if (byKey.has(site.key)) throw new SiteConfigError(`${file}: key: "${site.key}" is already used by another site`);
    byKey.set(site.key, site);
    fileOf.set(site.key, file);
    for (const domain of site.domains) {
      const other = byHost.get(domain);
      if (other) throw new SiteConfigError(`${file}: domains: "${domain}" is already served by site "${other.key}"`);
      byHost.set(domain, site);
    }
  });
  return { sites, byHost, byKey, fileOf };
}

function parseSiteFile(file: string): Site {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new SiteConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const result = siteSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${file}: ${i.path.join(".") || "(file)"}: ${i.message}`);
    throw new SiteConfigError(problems.join("\n"));
  }
  return result.data;
}
