// /premium (members area): what premium gives, free versus premium, what credits buy, the
// premium claim and the way to it: buy credits once, no subscription.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Route } from "./+types/premium";
import { BuyCreditsButton, CreditCosts, DiscountRibbon, PlanComparison } from "#app/components/premium-plans.tsx";
import { getUser } from "#app/auth/user-context.server.ts";
import { premiumFacts } from "#app/payments/premium-page.server.ts";
import { Card } from "#app/components/ui/index.ts";
import { siteContext } from "#app/tenancy/context.ts";

export const loader = ({ context }: Route.LoaderArgs) => premiumFacts(context.get(siteContext), getUser(context));

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData as { site?: { name: string } } | undefined;
  return [{ title: `Premium · ${root?.site?.name ?? ""}` }];
};

export default function Premium({ loaderData: facts }: Route.ComponentProps) {
  const { t } = useTranslation();
  const steps = [t("discounts.premium.step1"), t("discounts.premium.step2"), t("discounts.premium.step3")];
  return (
    <main className="pb-14">
      <section className="bg-brand-deep text-white" data-testid="premium-hero">
        <div className="container-site flex flex-col items-center gap-5 py-12 text-center md:py-16">
          <span className="rounded-full bg-white/15 px-3 py-1 text-xs font-bold uppercase tracking-widest">{t("discounts.premium.kicker")}</span>
          <h1 className="max-w-2xl text-3xl font-extrabold leading-tight md:text-5xl">{t("discounts.premium.title")}</h1>
          <p className="max-w-xl text-white/85 md:text-lg">{t("discounts.premium.subtitle")}</p>
          <p className="flex items-baseline gap-3" data-testid="premium-claim">
            <span className="text-5xl font-black text-secondary md:text-6xl">+{facts.claimPercent}%</span>
            <span className="text-left text-sm font-semibold md:text-base">{t("discounts.premium.claimShort")}</span>
          </p>
          {facts.member?.paidUser ? (
            <span
              className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-sm font-bold text-white ring-1 ring-white/40"
              data-testid="premium-member"
            >
              {t("discounts.premium.already")}
            </span>
          ) : null}
          <BuyCreditsButton facts={facts} tone="light" />
        </div>
      </section>
      <div className="container-site mt-8 flex max-w-3xl flex-col gap-10">
        {facts.discount && !facts.member?.paidUser ? <DiscountRibbon discount={facts.discount} /> : null}
        <section aria-labelledby="plans">
          <h2 id="plans" className="mb-4 text-2xl font-bold text-dark">
            {t("discounts.premium.compareTitle")}
          </h2>
          <PlanComparison facts={facts} />
          <p className="mt-3 text-sm text-black/60">{t("discounts.premium.compareNote")}</p>
        </section>
        <section aria-labelledby="how">
          <h2 id="how" className="mb-4 text-2xl font-bold text-dark">
            {t("discounts.premium.howTitle")}
          </h2>
          <ol className="grid gap-3 sm:grid-cols-3">
            {steps.map((s, i) => (
              <Card as="li" key={s}>
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-primary font-bold text-white">{i + 1}</span>
                <p className="mt-3 text-sm leading-relaxed">{s}</p>
              </Card>
            ))}
          </ol>
        </section>
        <section aria-labelledby="costs">
          <h2 id="costs" className="mb-4 text-2xl font-bold text-dark">
            {t("discounts.premium.creditsTitle")}
          </h2>
          <CreditCosts costs={facts.costs} />
        </section>
        <section className="rounded-2xl bg-light p-6 text-center">
          <p className="text-sm text-black/70" data-testid="refund-days">
            {t("pricing.refund", { count: facts.refundDays })}{" "}
            <a className="font-semibold text-primary underline" href="/pages/return-policy">
              {t("discounts.premium.returnPolicy")}
            </a>
          </p>
          <BuyCreditsButton facts={facts} className="mt-5" />
          <p className="mt-4 text-sm">
            <a className="text-primary underline" href="/pricing">
              {t("discounts.premium.allPrices")}
            </a>
          </p>
        </section>
      </div>
    </main>
  );
}
