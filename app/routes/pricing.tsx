// /pricing: what costs credits on this site (from the site's settings), the least a message costs
// with the packages of each country, free versus premium, the premium claim, the refund days and
// the way to buy credits.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";
import type { Route } from "./+types/pricing";
import { getUser } from "#app/auth/user-context.server.ts";
import { BuyCreditsButton, CreditCosts, DiscountRibbon, PlanComparison } from "#app/components/premium-plans.tsx";
import { Card } from "#app/components/ui/index.ts";
import { messagePrices } from "#app/payments/message-price.server.ts";
import { premiumFacts } from "#app/payments/premium-page.server.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { getDb } from "#app/utils/db.server.ts";
import { formatMoney } from "#app/utils/format.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const country = context.get(visitorContext).country;
  const [facts, prices] = await Promise.all([premiumFacts(site, getUser(context)), messagePrices(getDb(), site)]);
  const shown = [...prices].filter(([c, price]) => price && (!country || !site.countries.includes(country) || c === country));
  return { ...facts, minimumCosts: shown.map(([c, price]) => ({ country: c, costs: price!.costs, currency: price!.currency })) };
}

export default function Pricing({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: number, currency: string) => formatMoney(Math.round(amount * 100), currency, i18n.language);
  return (
    <main className="container-site py-10">
      <article className="mx-auto flex max-w-3xl flex-col gap-8">
        <header className="text-center">
          <h1 className="text-3xl font-bold text-primary md:text-4xl">{t("pricing.title")}</h1>
          <p className="mx-auto mt-4 max-w-2xl leading-relaxed">{t("pricing.intro")}</p>
          <BuyCreditsButton facts={d} className="mt-5" />
        </header>
        {d.discount && !d.member?.paidUser ? <DiscountRibbon discount={d.discount} /> : null}
        <section aria-labelledby="credits-buy">
          <h2 id="credits-buy" className="mb-4 text-xl font-bold text-dark">
            {t("discounts.premium.creditsTitle")}
          </h2>
          <CreditCosts costs={d.costs} />
          <p className="mt-4 text-sm">{t("pricing.signupBonus", { count: d.signupCredits })}</p>
          <ul className="mt-2 text-sm text-black/70">
            {d.minimumCosts.map((c) => (
              <li key={c.country}>{t("pricing.minimumMessageCost", { country: c.country, amount: money(c.costs, c.currency) })}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="premium-plans">
          <h2 id="premium-plans" className="mb-2 text-xl font-bold text-dark">
            {t("pricing.premiumTitle")}
          </h2>
          <p className="mb-4 text-sm leading-relaxed text-black/70">
            {t("pricing.premiumText", {
              freeConversations: d.limits.freeConversations,
              freePhotos: d.limits.freePhotos,
              premiumPhotos: d.limits.premiumPhotos,
            })}{" "}
            <strong className="text-primary" data-testid="premium-claim">
              {t("discounts.premium.claim", { percent: d.claimPercent })}
            </strong>
          </p>
          <PlanComparison facts={d} />
        </section>
        <Card as="section" className="text-center">
          <p className="text-sm" data-testid="refund-days">
            {t("pricing.refund", { count: d.refundDays })}
          </p>
          <p className="mt-1 text-sm text-black/70">{t("pricing.noSubscription")}</p>
          <div className="mt-5 flex flex-wrap items-center justify-center gap-4">
            <BuyCreditsButton facts={d} />
            <Link to="/premium" className="font-semibold text-primary underline">
              {t("pricing.premiumLink")}
            </Link>
          </div>
        </Card>
      </article>
    </main>
  );
}
