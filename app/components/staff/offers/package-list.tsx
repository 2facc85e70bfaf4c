// A site's packages by country: each with its price, a field for a new price and the button that
// disables or enables it. Rows wrap on a phone instead of scrolling sideways.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { SubmissionResult } from "@conform-to/react";
import type { PackageRow } from "#app/offers/package-rules.ts";
import { money } from "#app/components/staff/format.ts";
import { Badge, Card } from "#app/components/ui/index.ts";
import { countryName } from "#app/utils/format.ts";
import { ActiveForm, PriceForm } from "./package-forms.tsx";

export function PackageList({
  packages,
  answer,
}: {
  packages: PackageRow[];
  /** the last post's answer: a refused price goes back to its package's form */
  answer?: { form?: string | undefined; result?: SubmissionResult<string[]> | undefined } | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const countries = [...new Set(packages.map((p) => p.country))];
  return (
    <section className="mt-6" data-testid="offers-packages">
      <h2 className="mb-2 text-lg font-semibold">{t("staff.offers.packagesTitle")}</h2>
      {packages.length === 0 ? <p className="text-sm text-black/60">{t("staff.none")}</p> : null}
      <div className="flex flex-col gap-4">
        {countries.map((country) => (
          <Card as="section" key={country ?? "all"} padding="none" aria-label={country ? countryName(country, i18n.language) : t("staff.offers.allCountries")}>
            <h3 className="rounded-t-xl bg-slate-100 px-3 py-2 text-sm font-semibold">
              {country ? countryName(country, i18n.language) : t("staff.offers.allCountries")}
            </h3>
            <ul>
              {packages
                .filter((p) => p.country === country)
                .map((p) => (
                  <li
                    key={p.id}
                    className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-black/5 px-3 py-2 text-sm"
                    data-testid={`offer-package-${p.id}`}
                  >
                    <span className="flex min-w-36 items-center gap-2 whitespace-nowrap font-semibold">
                      {t("staff.offers.credits", { count: p.credits })}
                      {p.bestValue ? <Badge tone="success">{t("staff.offers.bestValue")}</Badge> : null}
                    </span>
                    <span className="w-24 tabular-nums">{money(p.priceCents, p.currency)}</span>
                    {p.active ? (
                      <PriceForm
                        id={p.id}
                        credits={p.credits}
                        currency={p.currency}
                        price={(p.priceCents / 100).toFixed(2)}
                        lastResult={answer?.form === `price-${p.id}` ? answer.result : undefined}
                      />
                    ) : null}
                    <span className="ml-auto flex items-center gap-3">
                      <span className={p.active ? "text-black/60" : "font-semibold text-danger"}>
                        {p.active ? t("staff.offers.active") : t("staff.offers.disabled")}
                      </span>
                      <ActiveForm id={p.id} active={p.active} />
                    </span>
                  </li>
                ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  );
}
