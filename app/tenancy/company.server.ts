// Company info lives in the database; read often, changed rarely: cached for a minute.
import { getDb } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";

export interface CompanyInfo {
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string[];
  vat_numbers: string[];
  support_phone: string;
  delete_discount: number;
  added: string;
}

const TTL_MS = 60_000;
const cache = () => singleton("companyCache", () => new Map<number, { at: number; value: Promise<CompanyInfo | null> }>());

export function getCompanyInfo(id: number): Promise<CompanyInfo | null> {
  const hit = cache().get(id);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = getDb()
    .company.findUnique({ where: { id } })
    .then(
      (c) =>
        c && {
          name: c.name,
          address: c.address,
          kvk: c.kvk,
          city: c.city,
          country: c.country,
          tradenames: c.tradenames,
          vat_numbers: c.vatNumbers,
          support_phone: stripPhone(c.supportPhone),
          delete_discount: c.deleteDiscount,
          added: c.added.toISOString(),
        },
    );
  value.catch(() => cache().delete(id));
  cache().set(id, { at: Date.now(), value });
  return value;
}

/** A site file's company block was written into the table (a start or reload): read it afresh. */
export const forgetCompanies = () => cache().clear();

/** Support phone numbers are shown and dialled without hyphens and spaces. */
export const stripPhone = (phone: string) => phone.replace(/[-\s]/g, "");

const TERMS_BASE_DATE = new Date("2023-12-01T12:00:00Z");
/** The terms version date: 2023-12-01T12:00:00Z unless the company was added later. */
export function termsVersionDate(company: Pick<CompanyInfo, "added"> | null): Date {
  const added = company ? new Date(company.added) : null;
  return added && added > TERMS_BASE_DATE ? added : TERMS_BASE_DATE;
}
