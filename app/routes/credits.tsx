// /credits: the packages of the member's payment country as cards (styles p0 to p3, one best
// value), the methods offered there, the country choice among the site's countries and the last
// order to repeat.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/credits";
import { requireUser } from "#app/auth/user-context.server.ts";
import { MethodBlock, MethodName, Notice, PackageCard, useMoney } from "#app/components/checkout.tsx";
import { countryCurrency } from "#app/payments/methods.ts";
import { countryName } from "#app/utils/format.ts";
import { paymentCountry, sitePackages } from "#app/payments/packages.server.ts";
import { offeredMethods } from "#app/payments/providers/index.server.ts";
import { repeatableOrder } from "#app/payments/repeat.server.ts";
import { siteSeller } from "#app/payments/order.server.ts";
import { withBack } from "#app/payments/back-link.ts";
import { requestReturnPath, returnTarget } from "#app/payments/return-to.server.ts";
import { CheckoutTrust, ReturnBar } from "#app/components/checkout-trust.tsx";
import { siteContext } from "#app/tenancy/context.ts";
import { Button, Card } from "#app/components/ui/index.ts";
import { getDb } from "#app/utils/db.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const asked = new URL(request.url).searchParams.get("country");
  const country = paymentCountry(site, user.profile?.country, asked);
  const db = getDb();
  const back = requestReturnPath(request);
  const [packages, last, target, seller] = await Promise.all([
    sitePackages(db, site, country),
    repeatableOrder(db, site, user.id),
    returnTarget(site, user.profile?.id ?? null, back),
    siteSeller(site),
  ]);
  const currency = packages[0]?.currency ?? countryCurrency(country);
  const offered = offeredMethods(site, country, currency);
  return {
    country,
    countries: site.countries,
    packages,
    methods: offered.map((m) => m.method),
    testMode: offered.some((m) => m.provider === "test"),
    // the repeat at today's price, as the repeat page quotes and charges it (not the last payment's amount)
    last: last ? { credits: last.credits, totalCents: last.totalCents, currency: last.currency, method: last.method } : null,
    credits: user.credits,
    back,
    returnTarget: target,
    seller,
  };
}

export default function Credits({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const cheapest = Math.max(...d.packages.map((p) => p.priceCents / p.credits), 1);
  const query = withBack(d.country ? `?country=${d.country}` : "", d.back);
  return (
    <main className="container-site py-6" data-testid="credits-page">
      <ReturnBar target={d.returnTarget} />
      <header className="mt-1 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-black tracking-tight">{t("checkout.title")}</h1>
          <p className="mt-1 text-sm text-black/60">{t("checkout.subtitle", { credits: t("checkout.creditsCount", { count: d.credits }) })}</p>
        </div>
        {d.countries.length > 1 ? (
          <Form method="get" className="flex items-center gap-2 text-sm">
            {d.back ? <input type="hidden" name="back" value={d.back} /> : null}
            <label htmlFor="country" className="font-semibold">
              {t("checkout.paymentCountry")}
            </label>
            <select
              id="country"
              name="country"
              defaultValue={d.country}
              className="h-9 rounded-full border border-black/20 bg-white pl-3 pr-8 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25"
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              {d.countries.map((c) => (
                <option key={c} value={c}>
                  {countryName(c, i18n.language)}
                </option>
              ))}
            </select>
            <noscript>
              <Button type="submit" variant="outline" size="sm">
                {t("checkout.show")}
              </Button>
            </noscript>
          </Form>
        ) : null}
      </header>

      {d.testMode ? (
        <div className="mt-5">
          <Notice tone="info" testId="test-mode">
            {t("checkout.testMode")}
          </Notice>
        </div>
      ) : null}

      {d.last ? (
        <section className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-accent px-5 py-4" data-testid="repeat-order">
          <p className="text-sm">
            <span className="font-bold">{t("checkout.repeatTitle")}</span>{" "}
            {t("checkout.repeatLine", { credits: t("checkout.creditsCount", { count: d.last.credits }), price: money(d.last.totalCents, d.last.currency) })} ·{" "}
            <MethodName method={d.last.method} />
          </p>
          <Button to={withBack("/credits/repeat-order", d.back)} size="sm">
            {t("checkout.repeat")}
          </Button>
        </section>
      ) : null}

      {d.packages.length ? (
        // three packages (Mature Moments) fill a row of three; an odd last card spans the phone's two columns
        <ul
          className={`mt-6 grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-4 [&>li:last-child:nth-child(odd)]:col-span-2 ${d.packages.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4"} lg:[&>li:last-child:nth-child(odd)]:col-span-1`}
          data-testid="packages"
        >
          {d.packages.map((p) => (
            <PackageCard key={p.id} pkg={p} href={`/credits/${p.id}${query}`} cheapestPerCredit={cheapest} />
          ))}
        </ul>
      ) : (
        <Card as="p" className="mt-8 text-center">
          {t("checkout.noPackages")}
        </Card>
      )}

      <MethodBlock methods={d.methods} country={d.country}>
        <CheckoutTrust destination={null} seller={d.seller} />
      </MethodBlock>
      <p className="mt-4 text-xs text-black/60">
        {t("checkout.premiumNote")}{" "}
        <Link to="/pricing" className="underline">
          {t("checkout.pricingLink")}
        </Link>
      </p>
    </main>
  );
}
