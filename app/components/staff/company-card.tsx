// One company found by the console's search: its company info and every domain it runs.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { CompanyInfo } from "#app/tenancy/company.server.ts";
import { Card } from "#app/components/ui/index.ts";
import { Facts } from "./table.tsx";
import { utc } from "./format.ts";

export function CompanyCard({
  company,
  sites,
  matchedSite,
}: {
  company: CompanyInfo;
  sites: { key: string; name: string; domains: string[] }[];
  matchedSite: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Card as="article" padding="sm" data-testid="company-card">
      <h3 className="mb-2 text-lg font-semibold">{company.name}</h3>
      <Facts
        items={[
          [t("staff.company.address"), company.address],
          [t("staff.company.city"), company.city],
          [t("staff.company.country"), company.country],
          [t("staff.company.kvk"), company.kvk],
          [t("staff.company.tradenames"), company.tradenames.join(", ")],
          [t("staff.company.vatNumbers"), company.vat_numbers.join(", ")],
          [t("staff.company.supportPhone"), company.support_phone],
          [t("staff.company.deleteDiscount"), `${company.delete_discount} %`],
          [t("staff.company.added"), utc(company.added)],
        ]}
      />
      <h4 className="mt-3 font-semibold">{t("staff.company.sites")}</h4>
      <ul className="mt-1 text-sm" data-testid="company-domains">
        {sites.map((s) => (
          <li key={s.key} className={s.key === matchedSite ? "font-semibold" : undefined}>
            {s.name} ({s.key}): {s.domains.join(", ")}
          </li>
        ))}
      </ul>
    </Card>
  );
}
