// /test-pay/{reference}: the built-in test provider's hosted payment page, clearly a test: the
// member who ordered (signed in on the order's site) chooses paid, failed or cancelled (and
// whether the card is stored for repeat orders); the provider then sends its signed webhook
// (queued) and the browser returns to the shop. Where the test provider is off it does not exist.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/test-pay.$reference";
import { formatMoney } from "#app/utils/format.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { chooseTestOutcome } from "#app/payments/providers/test.server.ts";
import { testPayPageExists, testPayPagePayment } from "#app/payments/test-pay-page.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { Button, Card } from "#app/components/ui/index.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";

function requireTestPayPage() {
  if (!testPayPageExists()) throw data(null, { status: 404 });
}

async function pagePayment(siteKey: string, userId: number, reference: string | undefined) {
  // another member's payment, or another site's, is not found here
  const payment = await testPayPagePayment(siteKey, userId, reference);
  if (!payment) throw data(null, { status: 404 });
  return payment;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireTestPayPage();
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const p = await pagePayment(site.key, user.id, params.reference);
  return {
    reference: p.reference,
    amountCents: p.amountCents,
    currency: p.currency,
    method: p.method,
    description: p.description,
    status: p.status,
    redirectUrl: p.redirectUrl,
  };
}

const choice = z.object({ outcome: z.enum(["paid", "failed", "canceled"]), storeCard: z.enum(["ok", "failing"]).optional() });

export async function action({ request, params, context }: Route.ActionArgs) {
  requireTestPayPage();
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const p = await pagePayment(site.key, user.id, params.reference);
  const form = choice.safeParse(formFields(await readForm(request, context)));
  if (!form.success) throw data(null, { status: 400 });
  await chooseTestOutcome(p.reference, form.data.outcome, form.data.storeCard ? { storeCard: form.data.storeCard } : {});
  return redirect(p.redirectUrl);
}

export default function TestPay({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const open = d.status === "open";
  return (
    <main className="min-h-[70vh] bg-[repeating-linear-gradient(45deg,#fff7d6,#fff7d6_20px,#fff1b8_20px,#fff1b8_40px)] py-10" data-testid="test-pay">
      <Card as="article" className="mx-auto max-w-md border-4 border-dashed border-amber-500 shadow-lg">
        <p className="rounded-lg bg-amber-400 px-3 py-1 text-center text-sm font-black uppercase tracking-widest text-dark">{t("checkout.testPay.banner")}</p>
        <h1 className="mt-4 text-2xl font-black">{t("checkout.testPay.title")}</h1>
        <p className="mt-1 text-sm text-black/60">{d.description}</p>
        <p className="mt-4 text-3xl font-black">{formatMoney(d.amountCents, d.currency, i18n.language)}</p>
        <p className="text-sm text-black/60">{t(`checkout.methods.${d.method}`)}</p>
        {open ? (
          <Form method="post" className="mt-6 space-y-3">
            {["creditcard", "paypal", "visa", "mastercard"].includes(d.method) ? (
              <fieldset className="rounded-lg border border-black/10 p-3 text-sm">
                <legend className="px-1 font-semibold">{t("checkout.testPay.storeLegend")}</legend>
                <label className="flex items-center gap-2">
                  <input type="radio" name="storeCard" value="ok" defaultChecked /> {t("checkout.testPay.storeOk")}
                </label>
                <label className="mt-1 flex items-center gap-2">
                  <input type="radio" name="storeCard" value="failing" /> {t("checkout.testPay.storeFailing")}
                </label>
              </fieldset>
            ) : null}
            <Button type="submit" name="outcome" value="paid" variant="success" size="lg" block>
              {t("checkout.testPay.paid")}
            </Button>
            <Button type="submit" name="outcome" value="failed" variant="danger" size="lg" block>
              {t("checkout.testPay.failed")}
            </Button>
            <Button type="submit" name="outcome" value="canceled" variant="outline" size="lg" block>
              {t("checkout.testPay.cancelled")}
            </Button>
          </Form>
        ) : (
          <p className="mt-6 text-sm">
            {t("checkout.testPay.done")}{" "}
            <a className="font-semibold text-primary underline" href={d.redirectUrl}>
              {t("checkout.testPay.back")}
            </a>
          </p>
        )}
      </Card>
    </main>
  );
}
