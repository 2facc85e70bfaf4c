// /pricing: what costs credits on this site, from the site's settings.
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/pricing";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";

export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const country = context.get(visitorContext).country;
  const costs = Object.entries(site.minimum_message_costs).filter(([c]) => !country || !site.countries.includes(country) || c === country);
  return {
    messageCredits: site.message_credits,
    photoCredits: site.photo_credits,
    giftCredits: site.gift_credits,
    signupCredits: site.signup_credits,
    refundDays: site.refund_days,
    minimumCosts: costs.map(([c, v]) => ({ country: c, ...v })),
  };
}

export default function Pricing({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(i18n.language, { style: "currency", currency }).format(amount);
  const rows = [
    [t("pricing.message"), d.messageCredits],
    [t("pricing.photo"), d.photoCredits],
    [t("pricing.gift"), d.giftCredits],
  ] as const;
  return (
    <main className="container-site py-10">
      <article className="mx-auto max-w-2xl rounded-lg bg-white p-6 shadow-sm md:p-10">
        <h1 className="text-3xl font-bold text-primary">{t("pricing.title")}</h1>
        <p className="mt-4 leading-relaxed">{t("pricing.intro")}</p>
        <table className="mt-6 w-full text-left" data-testid="credit-costs">
          <tbody>
            {rows.map(([label, credits]) => (
              <tr key={label} className="border-b border-black/10">
                <th className="py-2 font-normal">{label}</th>
                <td className="py-2 text-right font-semibold">{t("pricing.credits", { count: credits })}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-6 text-sm">{t("pricing.signupBonus", { count: d.signupCredits })}</p>
        <ul className="mt-4 text-sm text-black/70">
          {d.minimumCosts.map((c) => (
            <li key={c.country}>{t("pricing.minimumMessageCost", { country: c.country, amount: money(c.costs, c.currency) })}</li>
          ))}
        </ul>
        <p className="mt-6 text-sm">{t("pricing.refund", { count: d.refundDays })}</p>
      </article>
    </main>
  );
}
