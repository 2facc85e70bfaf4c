// /credits/{id}/{paymentmethod?}: the order overview before paying: package, the discount that
// applies (the member's active one, or a typed code), total and method; the pay button starts
// the checkout. Direct debit goes to /directdebit (its own form) instead of paying here.
import { randomBytes } from "node:crypto";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/credits.$id";
import { requireUser } from "#app/auth/user-context.server.ts";
import { MethodName, MethodTile, Notice, SummaryRow, useMoney } from "#app/components/checkout.tsx";
import { CheckoutTrust, ReturnBar } from "#app/components/checkout-trust.tsx";
import { i18nKeyOfCheckoutError, orderOverview } from "#app/payments/order.server.ts";
import { ORDER_KEY, startCheckout } from "#app/payments/checkout.server.ts";
import { withBack } from "#app/payments/back-link.ts";
import { requestReturnPath, returnTarget } from "#app/payments/return-to.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { Button, Card, TextField } from "#app/components/ui/index.ts";
import { getDb } from "#app/utils/db.server.ts";
import { formFields, parseId, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const id = parseId(params.id);
  if (!id) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const code = z
    .string()
    .trim()
    .max(64)
    .catch("")
    .parse(url.searchParams.get("code") ?? "");
  const overview = await orderOverview(getDb(), site, user, id, params.paymentmethod ?? null, code || undefined, url.searchParams.get("country"));
  if (!overview) throw data(null, { status: 404 });
  const back = requestReturnPath(request);
  const codeQuery = code ? `&code=${encodeURIComponent(code)}` : "";
  return {
    ...overview,
    code,
    key: randomBytes(12).toString("base64url"),
    back,
    returnTarget: await returnTarget(site, user.profile?.id ?? null, back),
    /** the query of the method links (country, typed code, return path) and of the way back to the packages */
    methodQuery: withBack(`${overview.countryQuery}${codeQuery}`, back),
    packagesQuery: withBack(overview.countryQuery, back),
  };
}

// total: what the pay button said; the checkout charges that or nothing (a client without it gets today's price)
const payForm = z.object({
  key: z.string().regex(ORDER_KEY),
  code: z.string().trim().max(64).optional(),
  total: z.coerce.number().int().min(0).max(100_000_000).optional(),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const { t, locale } = context.get(localeContext);
  const id = parseId(params.id);
  if (!id || !params.paymentmethod) throw data(null, { status: 404 });
  const form = payForm.safeParse(formFields(await readForm(request, context)));
  if (!form.success) return data({ error: t("messages.invalidInput") }, { status: 400 });
  const overview = await orderOverview(getDb(), site, user, id, params.paymentmethod, undefined, new URL(request.url).searchParams.get("country"));
  // a package of another site or country, or a method not offered there: as the page, not found
  if (!overview?.method) throw data(null, { status: 404 });
  const answer = await startCheckout(getDb(), {
    site,
    userId: user.id,
    packageId: id,
    method: overview.method,
    country: overview.country,
    locale,
    ...(form.data.code ? { code: form.data.code } : {}),
    origin: new URL(request.url).origin,
    idempotencyKey: form.data.key,
    ...(form.data.total === undefined ? {} : { expectedCents: form.data.total }),
    ...withReturn(requestReturnPath(request)),
  });
  if (answer.ok) return redirect(answer.redirectTo);
  const status = answer.error === "provider_failed" ? 502 : answer.error === "price_changed" ? 409 : answer.error.startsWith("directdebit") ? 403 : 400;
  return data({ error: t(i18nKeyOfCheckoutError(answer.error)) }, { status });
}

const withReturn = (back: string | null) => (back ? { returnTo: back } : {});

export default function OrderOverview({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main className="container-site py-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <Link to={`/credits${d.packagesQuery}`} className="text-sm font-semibold text-primary hover:underline">
          ← {t("checkout.back")}
        </Link>
        <ReturnBar target={d.returnTarget} />
      </div>
      <h1 className="mt-2 text-3xl font-black tracking-tight">{t("checkout.orderTitle")}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Card as="section" className="lg:self-start">
          <h2 className="text-lg font-bold">{t("checkout.chooseMethod")}</h2>
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {d.methods.map((m) => (
              <li key={m}>
                <Link
                  to={`/credits/${d.pkg.id}/${m}${d.methodQuery}`}
                  replace
                  preventScrollReset
                  className="block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  aria-current={m === d.method ? "true" : undefined}
                >
                  <MethodTile method={m} selected={m === d.method} />
                </Link>
              </li>
            ))}
          </ul>
          <Form method="get" className="mt-6 flex flex-wrap items-end gap-2" data-testid="code-form">
            {d.countryParam ? <input type="hidden" name="country" value={d.countryParam} /> : null}
            {d.back ? <input type="hidden" name="back" value={d.back} /> : null}
            <TextField
              name="code"
              label={t("checkout.codeLabel")}
              defaultValue={d.code}
              maxLength={64}
              autoComplete="off"
              className="min-w-40 flex-1 [&_input]:uppercase"
            />
            <Button type="submit" variant="outline" className="h-11">
              {t("checkout.applyCode")}
            </Button>
          </Form>
          {d.codeInvalid ? (
            <div className="mt-3">
              <Notice tone="danger" testId="code-invalid">
                {t("checkout.errors.code_invalid")}
              </Notice>
            </div>
          ) : null}
        </Card>

        <Card as="aside" aria-labelledby="summary-title">
          <h2 id="summary-title" className="text-lg font-bold">
            {t("checkout.summary")}
          </h2>
          {d.testMode ? (
            <div className="mt-3">
              <Notice tone="info" testId="test-mode">
                {t("checkout.testMode")}
              </Notice>
            </div>
          ) : null}
          <dl className="mt-3 text-sm">
            <SummaryRow label={t("checkout.package")} value={t("checkout.creditsCount", { count: d.pkg.credits })} />
            <SummaryRow label={t("checkout.price")} value={money(d.pkg.priceCents, d.pkg.currency)} />
            {d.discount ? (
              <SummaryRow
                label={t("checkout.discountLine", { code: d.discount.code, percent: d.discount.percentage })}
                value={`− ${money(d.pkg.priceCents - d.totalCents, d.pkg.currency)}`}
              />
            ) : null}
            <SummaryRow label={t("checkout.method")} value={d.method ? <MethodName method={d.method} /> : "—"} />
            <SummaryRow strong label={t("checkout.total")} value={money(d.totalCents, d.pkg.currency)} />
          </dl>
          {actionData?.error ? (
            <div className="mt-3">
              <Notice tone="danger" testId="checkout-error">
                {actionData.error}
              </Notice>
            </div>
          ) : null}
          {!d.method ? (
            <p className="mt-4 text-sm text-black/60">{t("checkout.pickMethodFirst")}</p>
          ) : d.method === "sdd" ? (
            <Button
              to={withBack(`/directdebit?package=${d.pkg.id}${d.code && !d.codeInvalid ? `&code=${encodeURIComponent(d.code)}` : ""}`, d.back)}
              size="lg"
              block
              className="mt-4"
              data-testid="directdebit-link"
            >
              {t("checkout.continueDirectDebit")}
            </Button>
          ) : (
            <Form method="post" className="mt-4">
              <input type="hidden" name="key" value={d.key} />
              <input type="hidden" name="total" value={d.totalCents} />
              {d.code && !d.codeInvalid ? <input type="hidden" name="code" value={d.code} /> : null}
              <Button type="submit" disabled={busy || d.codeInvalid} size="lg" block>
                {t("checkout.pay", { price: money(d.totalCents, d.pkg.currency) })}
              </Button>
            </Form>
          )}
          <CheckoutTrust destination={d.destination} seller={d.seller} />
          <p className="mt-2 text-xs text-black/60">{t("checkout.refundNote", { days: t("checkout.days", { count: d.refundDays }) })}</p>
        </Card>
      </div>
    </main>
  );
}
