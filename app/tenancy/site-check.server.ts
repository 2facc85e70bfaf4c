// `npm run site:check` (ADR 017): every problem in tenants/ at once, one line each,
// naming the file and the field. Checks what a start would refuse (schema: unknown keys, bad
// colours, unknown niche…; duplicate keys and domains) and what it would only notice later:
// locales without a catalogue, a missing logo file, lander content sets that do not validate or
// point at media that is not there, the TODOs `npm run site:new` leaves, two files describing one
// company differently, and, for a deployment, a canonical domain members' mail can reach.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readContentSets } from "#app/landers/lander-config.server.ts";
import { companyBlocks } from "./company-sync.server.ts";
import { TODO } from "./new-site.server.ts";
import { siteSchema, type Site } from "./site-schema.ts";

export interface SiteCheckPaths {
  tenantsDir: string;
  publicDir: string;
  localesDir: string;
  /** a deployment (production on a real database, not the embedded default): mails must link to a public domain */
  deployment?: boolean;
}

export function checkSites({ tenantsDir, publicDir, localesDir, deployment = false }: SiteCheckPaths): string[] {
  const problems: string[] = [];
  const files = existsSync(tenantsDir)
    ? readdirSync(tenantsDir)
        .filter((f) => f.endsWith(".json"))
        .sort()
    : [];
  if (!files.length) return [`${tenantsDir}: no site files (*.json) found`];
  const keys = new Map<string, string>();
  const domains = new Map<string, string>();
  const parsedSites: Site[] = [];
  const fileOf = new Map<string, string>();
  const publicFile = (url: string) => path.join(publicDir, ...url.split("/").filter(Boolean));
  for (const name of files) {
    const file = path.join(tenantsDir, name);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = siteSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join(".") || "(file)";
        const keysNamed = issue.code === "unrecognized_keys" ? ` (${issue.keys.join(", ")})` : "";
        problems.push(`${file}: ${field}: ${issue.message}${keysNamed}`);
      }
      // an invalid file still claims its domains: a clash with it is a problem too
      const rawDomains = (raw as { domains?: unknown } | null)?.domains;
      if (Array.isArray(rawDomains)) for (const d of rawDomains) if (typeof d === "string" && !domains.has(d)) domains.set(d, file);
      continue;
    }
    const site: Site = parsed.data;
    parsedSites.push(site);
    if (!fileOf.has(site.key)) fileOf.set(site.key, file);
    if (deployment) problems.push(...canonicalDomainProblems(file, site));
    for (const [field, value] of placeholders(raw)) problems.push(`${file}: ${field}: still the site:new placeholder ("${value}")`);
    const otherKey = keys.get(site.key);
    if (otherKey) problems.push(`${file}: key: "${site.key}" is already used by ${otherKey}`);
    keys.set(site.key, file);
    site.domains.forEach((domain, i) => {
      const other = domains.get(domain);
      if (other) problems.push(`${file}: domains.${i}: "${domain}" is already served by ${other}`);
      else domains.set(domain, file);
    });
    site.locales.forEach((locale, i) => {
      if (!existsSync(path.join(localesDir, locale, "common.json")))
        problems.push(`${file}: locales.${i}: no catalogue for "${locale}" (${localesDir}/${locale}/common.json)`);
    });
    if (!existsSync(publicFile(site.branding.logo))) problems.push(`${file}: branding.logo: ${site.branding.logo} does not exist under ${publicDir}`);
  }
  problems.push(...companyBlocks({ sites: parsedSites, fileOf }).problems);
  const landers = path.join(tenantsDir, "landers");
  const { sets, problems: landerProblems } = readContentSets(landers);
  problems.push(...landerProblems);
  for (const [prefix, set] of sets) {
    const file = path.join(landers, `${prefix}.json`);
    const media = [
      ...Object.entries(set.hero).map(([k, v]) => [`hero.${k}`, v] as const),
      ...Object.entries(set.slugs).flatMap(([slug, s]) => Object.entries(s.hero).map(([k, v]) => [`slugs.${slug}.hero.${k}`, v] as const)),
    ];
    for (const [field, url] of media) {
      if (url && !existsSync(publicFile(url))) problems.push(`${file}: ${field}: ${url} does not exist under ${publicDir}`);
    }
  }
  return problems;
}

const isLocalhost = (domain: string) => domain === "localhost" || domain.endsWith(".localhost");

/** Outside the embedded default a site names the public domain its mails link to. */
function canonicalDomainProblems(file: string, site: Site): string[] {
  if (!site.canonical_domain)
    return [`${file}: canonical_domain: required outside the embedded default: the domain mails link to and are sent from (one of domains)`];
  if (isLocalhost(site.canonical_domain))
    return [`${file}: canonical_domain: "${site.canonical_domain}" is a local name that members' mail cannot reach: name the site's public domain`];
  return [];
}

/** Every string value that `npm run site:new` left for a person to fill in, with its field path. */
function placeholders(value: unknown, field = ""): [string, string][] {
  if (typeof value === "string") return value.startsWith(TODO) ? [[field, value]] : [];
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => placeholders(v, field ? `${field}.${k}` : k));
}
