// /credits/repeat-order: the member's last completed order again, at today's price. With a stored
// method the provider can charge again, one button pays it (no provider page) and charges the
// total it shows, or nothing; otherwise the order overview of the same package and method.
import { randomBytes } from "node:crypto";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/credits.repeat-order";
import { requireUser } from "#app/auth/user-context.server.ts";
import { MethodName, Notice, SummaryRow, useMoney } from "#app/components/checkout.tsx";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { ORDER_KEY, startCheckout } from "#app/payments/checkout.server.ts";
import { i18nKeyOfCheckoutError } from "#app/payments/order.server.ts";
import { repeatableOrder } from "#app/payments/repeat.server.ts";
import { withBack } from "#app/payments/back-link.ts";
import { requestReturnPath } from "#app/payments/return-to.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { Button, Card } from "#app/components/ui/index.ts";
import { getDb } from "#app/utils/db.server.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const repeat = await repeatableOrder(getDb(), site, user.id);
  const back = requestReturnPath(request);
  if (!repeat) throw redirect(withBack("/credits", back));
  if (!repeat.stored) throw redirect(withBack(`/credits/${repeat.packageId}/${repeat.method}?country=${repeat.country}`, back));
  return { ...repeat, back, key: randomBytes(12).toString("base64url") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const { t, locale } = context.get(localeContext);
  const form = z
    .object({ key: z.string().regex(ORDER_KEY), total: z.coerce.number().int().min(0).max(100_000_000) })
    .safeParse(formFields(await readForm(request, context)));
  if (!form.success) return data({ error: t("messages.invalidInput") }, { status: 400 });
  const repeat = await repeatableOrder(getDb(), site, user.id);
  const back = requestReturnPath(request);
  if (!repeat?.stored) return redirect(withBack("/credits", back));
  const answer = await startCheckout(getDb(), {
    site,
    userId: user.id,
    packageId: repeat.packageId,
    method: repeat.method,
    country: repeat.country,
    locale,
    origin: new URL(request.url).origin,
    idempotencyKey: form.data.key,
    repeatOf: repeat.paymentId,
    expectedCents: form.data.total,
    ...(back ? { returnTo: back } : {}),
  });
  if (answer.ok) return redirect(answer.redirectTo);
  return data(
    { error: t(i18nKeyOfCheckoutError(answer.error)) },
    { status: answer.error === "provider_failed" ? 502 : answer.error === "price_changed" ? 409 : 400 },
  );
}

export default function RepeatOrder({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const busy = useNavigation().state !== "idle";
  return (
    <main className="container-site py-8" data-testid="repeat-order-page">
      <Card as="article" className="mx-auto max-w-md">
        <h1 className="text-2xl font-black">{t("checkout.repeatTitle")}</h1>
        <dl className="mt-4 text-sm">
          <SummaryRow label={t("checkout.package")} value={t("checkout.creditsCount", { count: d.credits })} />
          <SummaryRow
            label={t("checkout.method")}
            value={
              <>
                <MethodName method={d.method} /> · {t("checkout.storedMethod")}
              </>
            }
          />
          {d.discount ? (
            <>
              <SummaryRow label={t("checkout.price")} value={money(d.priceCents, d.currency)} />
              <SummaryRow
                label={t("checkout.discountLine", { code: d.discount.code, percent: d.discount.percentage })}
                value={`− ${money(d.priceCents - d.totalCents, d.currency)}`}
              />
            </>
          ) : null}
          <SummaryRow strong label={t("checkout.total")} value={money(d.totalCents, d.currency)} />
        </dl>
        <p className="mt-2 text-xs text-black/60">{t("checkout.repeatPriceNote")}</p>
        {actionData?.error ? (
          <div className="mt-3">
            <Notice tone="danger" testId="checkout-error">
              {actionData.error}
            </Notice>
          </div>
        ) : null}
        <Form method="post" className="mt-4">
          <input type="hidden" name="key" value={d.key} />
          <input type="hidden" name="total" value={d.totalCents} />
          <Button type="submit" disabled={busy} size="lg" block>
            {t("checkout.repeatPay", { price: money(d.totalCents, d.currency) })}
          </Button>
        </Form>
        <Link
          to={withBack(`/credits/${d.packageId}/${d.method}?country=${d.country}`, d.back)}
          className="mt-4 block text-center text-sm font-semibold text-primary hover:underline"
        >
          {t("checkout.repeatOther")}
        </Link>
      </Card>
    </main>
  );
}
