// /complaints: how to complain, and to whom.
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/complaints";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import { siteContext } from "#app/tenancy/context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const company = await getCompanyInfo(site.company_id);
  return {
    supportEmail: site.support_email,
    companyName: company?.name ?? site.name,
    address: company ? `${company.address}, ${company.city}, ${company.country}` : "",
  };
}

export default function Complaints({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container-site py-10">
      <article className="mx-auto max-w-2xl rounded-lg bg-white p-6 shadow-sm md:p-10">
        <h1 className="text-3xl font-bold text-primary">{t("complaints.title")}</h1>
        <p className="mt-4 leading-relaxed">{t("complaints.intro")}</p>
        <p className="mt-4 leading-relaxed">
          {t("complaints.byEmail")} <a className="font-semibold underline" href={`mailto:${d.supportEmail}`}>{d.supportEmail}</a>
        </p>
        <p className="mt-4 leading-relaxed">{t("complaints.byPost", { companyName: d.companyName, address: d.address })}</p>
        <p className="mt-4 text-sm text-black/70">{t("complaints.answerTime")}</p>
      </article>
    </main>
  );
}
