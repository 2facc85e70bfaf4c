// `npm run site:new -- <key> <domain>`: a new tenants/<key>.json that the schema
// accepts as written, served at <key>.localhost for trying it out and at <domain>. Fields only a
// person can fill in hold a TODO that `npm run site:check` reports until they are filled.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { siteSchema } from "./site-schema.ts";
import { normaliseHost } from "./host.server.ts";

export class NewSiteError extends Error {
  override name = "NewSiteError";
}

/** The marker site:check looks for: a value site:new could not know. */
export const TODO = "TODO";

const DEMO_COMPANY_ID = 1; // prisma/seed: the demo data's first company
const COUNTRIES = ["NL", "BE", "DE", "GB"] as const;

function siteTemplate(key: string, domain: string) {
  const name = key.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  return {
    key,
    network: "rendezvous",
    domains: [`${key.replace(/_/g, "-")}.localhost`, domain],
    canonical_domain: domain,
    name,
    index_title: { en: name },
    description: { en: `${name} brings singles together for dates, chats and more.` },
    niche: 1,
    countries: [...COUNTRIES],
    locales: ["en", "nl", "de"],
    domain_language: null,
    company_id: DEMO_COMPANY_ID,
    branding: { logo: "/favicon.svg", colors: { primary: "#b3123b", secondary: "#f4a300", dark: "#1b2440", accent: "#ffe3ea" }, tagline: { en: name } },
    cdn_prefix: "",
    message_credits: 10,
    photo_credits: 15,
    gift_credits: 25,
    signup_credits: 20,
    message_length: 600,
    support_email: `support@${domain}`,
    support_phone: `${TODO}: the support phone number`,
    refund_days: 14,
    mail_name: name,
    payments: { providers: ["test"], methods: {}, disabled_methods: [] },
  };
}

/** What the operator should look at after site:new, one line per field. */
export const FIELDS_TO_FILL = [
  "name, mail_name, index_title, description, branding.tagline: the brand as visitors read it",
  "support_phone: the support line (a TODO until filled; site:check reports it)",
  "support_email: the support address (support@<domain> by default)",
  "canonical_domain: the domain mails link to and are sent from (<domain>; <key>.localhost to follow mail links on this machine)",
  `company_id and company: the company that runs the site (${DEMO_COMPANY_ID} is the demo seed's); on a database without it, a "company" block (name, address, city, country, kvk, vat_numbers, …) writes it at start (docs/sites.md)`,
  "branding.logo and branding.colors: the logo under public/ (the favicon for now) and the brand colours",
  "niche, countries, locales, credits and payments: the commercial settings (the price of a message shown to members comes from the credit packages)",
  'payments: a real provider before production, e.g. { "providers": ["mollie"] } with MOLLIE_API_KEY (the test provider takes no money and is off there; docs/payments.md)',
];

interface Existing {
  file: string;
  key?: unknown;
  domains?: unknown;
}

function existingSites(dir: string): Existing[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => {
      const file = path.join(dir, f);
      try {
        return { file, ...(JSON.parse(readFileSync(file, "utf8")) as object) };
      } catch {
        return { file }; // a broken file claims nothing; site:check names it
      }
    });
}

/** Checks key and domain, writes <dir>/<key>.json and returns its path. Throws NewSiteError. */
export function createSiteFile(dir: string, key: string, rawDomain: string): string {
  const keyCheck = siteSchema.shape.key.safeParse(key);
  if (!keyCheck.success) throw new NewSiteError(`key "${key}": ${keyCheck.error.issues[0]!.message}`);
  const domain = normaliseHost(rawDomain) ?? "";
  const domainCheck = siteSchema.shape.domains.element.safeParse(domain);
  if (!domainCheck.success || domain !== rawDomain.trim().toLowerCase()) {
    throw new NewSiteError(`domain "${rawDomain}": must be a lower-case host name without port or www., like lovelydates.example`);
  }
  const site = siteTemplate(key, domain);
  const file = path.join(dir, `${key}.json`);
  if (existsSync(file)) throw new NewSiteError(`${file} already exists`);
  for (const other of existingSites(dir)) {
    if (other.key === key) throw new NewSiteError(`key "${key}" is already used by ${other.file}`);
    const taken = Array.isArray(other.domains) ? site.domains.find((d) => (other.domains as unknown[]).includes(d)) : undefined;
    if (taken) throw new NewSiteError(`domain "${taken}" is already served by ${other.file}`);
  }
  siteSchema.parse(site); // the template itself must stay valid as the schema grows
  writeFileSync(file, `${JSON.stringify(site, null, 2)}\n`, { flag: "wx" });
  return file;
}
