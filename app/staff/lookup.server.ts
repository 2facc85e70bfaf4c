// The console's one search box. A query is tried as a site (domain, site key), a company (name,
// kvk) and a member (e-mail, username, member id, payment id) at once; lookups span every site
// by design. Every query is parameterised and bounded.
import { z } from "zod";
import { getCompanyInfo, type CompanyInfo } from "#app/tenancy/company.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseId } from "#app/utils/request.server.ts";

export const searchQuery = z.string().trim().min(1).max(254);
const MAX_MEMBERS = 25;

export interface CompanyHit {
  companyId: number;
  company: CompanyInfo;
  /** every site of the company with its domains */
  sites: { key: string; name: string; domains: string[] }[];
  /** why it matched: the site the query named, if any */
  matchedSite: string | null;
}

export interface MemberHit {
  id: number;
  email: string;
  siteKey: string;
  name: string | null;
  status: string;
  signupDate: Date;
  matchedBy: "email" | "username" | "member_id" | "payment_id";
}

const hostOf = (q: string) =>
  q
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/[/:?#].*$/, "")
    .replace(/^www\./, "");

async function findCompanies(q: string): Promise<CompanyHit[]> {
  const registry = getSiteRegistry();
  const host = hostOf(q);
  const companyIds = new Map<number, string | null>();
  for (const site of registry.sites) {
    if (site.key === q.toLowerCase() || site.domains.some((d) => d === host)) companyIds.set(site.company_id, site.key);
  }
  const byCompany = await getDb().company.findMany({
    where: { OR: [{ kvk: q }, { name: { contains: q, mode: "insensitive" } }, { tradenames: { has: q } }] },
    select: { id: true },
    take: 10,
  });
  for (const c of byCompany) if (!companyIds.has(c.id)) companyIds.set(c.id, null);
  const hits: CompanyHit[] = [];
  for (const [companyId, matchedSite] of companyIds) {
    const company = await getCompanyInfo(companyId);
    if (!company) continue;
    const sites = registry.sites.filter((s) => s.company_id === companyId).map((s) => ({ key: s.key, name: s.name, domains: [...s.domains] }));
    hits.push({ companyId, company, sites, matchedSite });
  }
  return hits;
}

export async function findMembers(q: string): Promise<MemberHit[]> {
  const db = getDb();
  const select = { id: true, email: true, siteKey: true, status: true, signupDate: true, profile: { select: { name: true } } } as const;
  const hits: MemberHit[] = [];
  const add = (
    rows: { id: number; email: string; siteKey: string; status: string; signupDate: Date; profile: { name: string } | null }[],
    matchedBy: MemberHit["matchedBy"],
  ) => {
    for (const r of rows) {
      if (hits.some((h) => h.id === r.id)) continue;
      hits.push({ id: r.id, email: r.email, siteKey: r.siteKey, name: r.profile?.name ?? null, status: r.status, signupDate: r.signupDate, matchedBy });
    }
  };
  if (q.includes("@")) add(await db.user.findMany({ where: { email: q.toLowerCase() }, select, orderBy: { id: "asc" }, take: MAX_MEMBERS }), "email");
  const id = parseId(q.replace(/^#/, ""));
  if (id) {
    add(await db.user.findMany({ where: { id }, select }), "member_id");
    const payment = await db.payment.findUnique({ where: { id }, select: { user: { select } } });
    if (payment) add([payment.user], "payment_id");
  }
  if (!q.includes("@") && q.length >= 2) {
    add(
      await db.user.findMany({ where: { profile: { name: { equals: q, mode: "insensitive" } } }, select, orderBy: { id: "asc" }, take: MAX_MEMBERS }),
      "username",
    );
  }
  return hits.slice(0, MAX_MEMBERS);
}

export async function search(q: string) {
  const [companies, members] = await Promise.all([findCompanies(q), findMembers(q)]);
  return { companies, members };
}
