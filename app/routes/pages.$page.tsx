// The static pages: terms, privacy, cookies, ban, faq, return-policy, service; at /pages/{page}
// and at the top-level token /{page} (spec: "Static pages: {token}, /pages/ban, …").
// Rendered on the server in the member's language with the site's company details.
import { data } from "react-router";
import type { Route } from "./+types/pages.$page";
import { getFixedT, localeContext } from "#app/i18n/i18n.server.ts";
import { resources } from "#app/i18n/resources.server.ts";
import { getCompanyInfo, stripPhone, termsVersionDate } from "#app/tenancy/company.server.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { formatUtcDate } from "#app/utils/format.ts";

const PAGES = ["terms", "privacy", "cookies", "ban", "faq", "return-policy", "service"] as const;
type Page = (typeof PAGES)[number];
interface Section {
  heading: string;
  body: string;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = params.page as Page;
  if (!PAGES.includes(page)) throw data(null, { status: 404 });
  const site = context.get(siteContext);
  const { locale } = context.get(localeContext);
  const company = await getCompanyInfo(site.company_id);
  const termsDate = termsVersionDate(company);
  // Visitors from the United States reading English get the US privacy text.
  const usPrivacy = page === "privacy" && locale === "en" && context.get(visitorContext).country === "US" && !!resources["en-US"]?.pages;
  const t = getFixedT(usPrivacy ? ("en-US" as never) : locale, "pages");
  const vars = {
    siteName: site.name,
    companyName: company?.name ?? site.name,
    companyAddress: company?.address ?? "",
    companyCity: company?.city ?? "",
    companyCountry: company?.country ?? "",
    kvk: company?.kvk ?? "",
    vatNumbers: company?.vat_numbers.join(", ") ?? "",
    tradenames: company?.tradenames.join(", ") ?? "",
    supportEmail: site.support_email,
    supportPhone: stripPhone(site.support_phone),
    refundDays: site.refund_days,
    termsDate: formatUtcDate(termsDate, locale),
    minimumAge: 18,
  };
  const sections = t(`${page}.sections`, { ...vars, returnObjects: true }) as unknown as Section[];
  const common = getFixedT(locale, "pages");
  return {
    page,
    title: t(`${page}.title`, vars),
    intro: t(`${page}.intro`, vars),
    sections: Array.isArray(sections) ? sections : [],
    lastUpdated: common("common.version", vars),
    labels: {
      companyDetails: common("common.companyDetails"),
      company: common("common.company"),
      address: common("common.address"),
      registration: common("common.registration"),
      vat: common("common.vat"),
      supportEmail: common("common.supportEmail"),
      supportPhone: common("common.supportPhone"),
    },
    company: company && { ...company, supportEmail: site.support_email, supportPhone: vars.supportPhone },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = matches[0]?.loaderData as { site?: { name: string } } | undefined;
  return data ? [{ title: `${data.title} | ${root?.site?.name ?? ""}` }] : [];
};

export default function StaticPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="container-site py-10">
      <article className="mx-auto max-w-3xl rounded-lg bg-white p-6 shadow-sm md:p-10">
        <h1 className="text-3xl font-bold text-primary">{d.title}</h1>
        <p className="mt-2 text-sm text-black/60" data-testid="terms-version">
          {d.lastUpdated}
        </p>
        <p className="mt-6 leading-relaxed">{d.intro}</p>
        {d.sections.map((s, i) => (
          <section key={i} className="mt-6">
            <h2 className="text-lg font-semibold">{s.heading}</h2>
            <p className="mt-2 leading-relaxed text-black/80">{s.body}</p>
          </section>
        ))}
        {d.company ? (
          <section className="mt-10 rounded border border-black/10 bg-light p-4 text-sm" aria-labelledby="company-details">
            <h2 id="company-details" className="mb-2 font-semibold">
              {d.labels.companyDetails}
            </h2>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 [overflow-wrap:anywhere] sm:grid-cols-[max-content_1fr] [&>dt]:font-medium sm:[&>dt]:font-normal [&>dd]:mb-2 sm:[&>dd]:mb-0">
              <dt>{d.labels.company}</dt>
              <dd>{d.company.name}</dd>
              <dt>{d.labels.address}</dt>
              <dd>
                {d.company.address}, {d.company.city}, {d.company.country}
              </dd>
              <dt>{d.labels.registration}</dt>
              <dd>{d.company.kvk}</dd>
              <dt>{d.labels.vat}</dt>
              <dd>{d.company.vat_numbers.join(", ")}</dd>
              <dt>{d.labels.supportEmail}</dt>
              <dd>
                <a className="underline" href={`mailto:${d.company.supportEmail}`}>
                  {d.company.supportEmail}
                </a>
              </dd>
              <dt>{d.labels.supportPhone}</dt>
              <dd>
                <a className="underline" href={`tel:${d.company.supportPhone}`}>
                  {d.company.supportPhone}
                </a>
              </dd>
            </dl>
          </section>
        ) : null}
      </article>
    </main>
  );
}

// an unknown page: the 404 page inside the default layout, like any unknown path
export { ErrorBoundary } from "#app/root.tsx";
