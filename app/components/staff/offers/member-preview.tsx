// The preview: what a member of one country of the site sees (packages and prices in the
// country's currency, the message price, payment methods, the first-purchase discount and the
// codes that apply now), with a change not yet saved marked, and why it could not be saved.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import type { MemberPreview } from "#app/offers/preview.server.ts";
import { FormMessage } from "#app/components/form-field.tsx";
import { Badge, Button, Card } from "#app/components/ui/index.ts";
import { countryName, formatMoney } from "#app/utils/format.ts";
import { utc } from "#app/components/staff/format.ts";

export function MemberPreviewPanel({
  preview,
  site,
  countries,
  pending,
  showProblem,
}: {
  preview: MemberPreview;
  site: string;
  countries: string[];
  pending: boolean;
  /** false when the page shows the refusal already */
  showProblem: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
  return (
    <Card as="section" padding="sm" className="mt-6" data-testid="offers-preview" aria-labelledby="offers-preview-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="offers-preview-title" className="text-lg font-semibold">
          {t(pending ? "staff.offers.preview.titlePending" : "staff.offers.preview.title", { country: countryName(preview.country, i18n.language) })}
        </h2>
        <Form method="get" className="flex items-end gap-2">
          <input type="hidden" name="site" value={site} />
          <label className="flex flex-col text-sm font-medium">
            {t("staff.offers.preview.country")}
            <select name="country" defaultValue={preview.country} className="mt-1 h-10 rounded-lg border border-black/20 bg-white px-3">
              {countries.map((c) => (
                <option key={c} value={c}>
                  {countryName(c, i18n.language)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="outline" size="sm">
            {t("staff.offers.show")}
          </Button>
        </Form>
      </div>
      {pending ? <p className="mt-2 text-sm text-black/60">{t("staff.offers.preview.notSaved")}</p> : null}
      {showProblem && preview.problem ? (
        <div className="mt-3">
          <FormMessage message={preview.problem.message} params={preview.problem.params} />
        </div>
      ) : null}
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {preview.packages.map((p) => (
          <li
            key={p.id}
            className={`rounded-lg border p-3 ${p.changed ? "border-primary bg-primary/5" : "border-black/10"}`}
            data-testid="preview-package"
            data-changed={p.changed || undefined}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">{t("staff.offers.credits", { count: p.credits })}</span>
              {p.bestValue ? <Badge tone="success">{t("staff.offers.bestValue")}</Badge> : null}
            </div>
            <div className="mt-1 text-xl font-bold">{money(p.priceCents, p.currency)}</div>
            {p.firstPurchaseCents !== null ? (
              <div className="text-sm text-black/60">{t("staff.offers.preview.firstPurchase", { price: money(p.firstPurchaseCents, p.currency) })}</div>
            ) : null}
            {p.changed ? <div className="mt-1 text-xs font-semibold text-primary">{t("staff.offers.preview.changed")}</div> : null}
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-black/60">{t("staff.offers.preview.messagePrice")}</dt>
        <dd data-testid="preview-message-price">
          {preview.messagePrice
            ? t("staff.offers.preview.messagePriceValue", {
                price: money(preview.messagePrice.cents, preview.messagePrice.currency),
                credits: preview.messageCredits,
              })
            : "–"}
        </dd>
        <dt className="font-medium text-black/60">{t("staff.offers.preview.methods")}</dt>
        <dd>{preview.methods.length ? preview.methods.join(", ") : "–"}</dd>
        <dt className="font-medium text-black/60">{t("staff.offers.preview.newMember")}</dt>
        <dd>
          {preview.firstPurchase.length
            ? preview.firstPurchase.map((f) => t(`staff.offers.preview.rule.${f.kind}`, { code: f.code, percentage: f.percentage, hours: f.hours })).join(" · ")
            : t("staff.offers.preview.noFirstPurchase")}
        </dd>
        <dt className="font-medium text-black/60">{t("staff.offers.preview.codes")}</dt>
        <dd>
          {preview.codes.length
            ? preview.codes
                .map((c) => t("staff.offers.preview.code", { code: c.code, percentage: c.percentage, until: c.expires ? utc(c.expires) : "–" }))
                .join(" · ")
            : "–"}
        </dd>
      </dl>
    </Card>
  );
}
