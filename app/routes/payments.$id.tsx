// /payments/{id}: the payment result (spec section 4): loading (the provider has not answered
// yet), pending (processing; the page refreshes by itself), completed (credits added), failed or
// cancelled (retry with another method; the stored-card text for a repeat order's card). On
// every visit of a pending payment the provider is asked (never the request), as on its webhook.
import { useEffect } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/payments.$id";
import { requireUser } from "#app/auth/user-context.server.ts";
import { MethodChip, Notice, Spinner, useMoney } from "#app/components/checkout.tsx";
import { paymentResult } from "#app/payments/result.server.ts";
import { withBack } from "#app/payments/back-link.ts";
import { requestReturnPath, returnTarget } from "#app/payments/return-to.server.ts";
import { useReturnLabel } from "#app/components/checkout-trust.tsx";
import { siteContext } from "#app/tenancy/context.ts";
import { Button, Card } from "#app/components/ui/index.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseId } from "#app/utils/request.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const id = parseId(params.id);
  const result = id ? await paymentResult(getDb(), site, user.id, id) : null;
  if (!result) throw data(null, { status: 404 });
  // the layout read the member before the payment settled (here, or by its webhook a moment
  // ago): once more, so the top bar shows the new balance and premium state
  const stale = result.changed || (result.state === "completed" && (!user.paidUser || user.credits !== result.balance));
  const back = requestReturnPath(request);
  if (stale && !new URL(request.url).searchParams.has("fresh")) throw redirect(withBack(`/payments/${id}?fresh=1`, back));
  return { ...result, back, returnTarget: await returnTarget(site, user.profile?.id ?? null, back) };
}

const REFRESH_MS = 2_000;

export default function PaymentResult({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const revalidator = useRevalidator();
  const returnLabel = useReturnLabel();
  const waiting = d.state === "loading" || d.state === "pending";
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [waiting, revalidator, d]);
  return (
    <main className="container-site py-8" data-state={d.state}>
      {waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <Card as="article" className="mx-auto max-w-lg text-center md:p-8">
        {waiting ? (
          <>
            <Spinner />
            <h1 className="mt-4 text-2xl font-black">{t(d.state === "loading" ? "checkout.result.loading" : "checkout.result.pending")}</h1>
            <p className="mt-2 text-sm text-black/60">{t("checkout.result.pendingHint")}</p>
          </>
        ) : d.state === "completed" ? (
          <>
            <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-success/15 text-success" aria-hidden>
              <svg viewBox="0 0 24 24" className="h-9 w-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            </span>
            <h1 className="mt-3 text-2xl font-black text-primary">{t("checkout.result.completed")}</h1>
            <div className="mt-4">
              <Notice tone="success">{t("checkout.result.creditsAdded", { credits: t("checkout.creditsCount", { count: d.credits }) })}</Notice>
            </div>
            <p className="mt-3 text-sm text-black/70">{t("checkout.result.balance", { credits: t("checkout.creditsCount", { count: d.balance }) })}</p>
            {d.returnTarget ? (
              <div className="mt-6 flex flex-col items-center gap-3">
                <Button to={d.returnTarget.path} size="lg" data-testid="return-button">
                  {returnLabel(d.returnTarget)}
                </Button>
                <Link to="/members" className="text-sm font-semibold text-primary hover:underline">
                  {t("checkout.result.toMembers")}
                </Link>
              </div>
            ) : (
              <div className="mt-6 flex flex-wrap justify-center gap-2">
                <Button to="/members">{t("checkout.result.toMembers")}</Button>
                <Button to="/chats" variant="outline">
                  {t("checkout.result.toChats")}
                </Button>
              </div>
            )}
          </>
        ) : d.state === "refunded" ? (
          <>
            <h1 className="text-2xl font-black">{t("checkout.result.refunded")}</h1>
            <p className="mt-2 text-sm">
              {t("checkout.result.refundedLine", {
                credits: t("checkout.creditsCount", { count: d.refundedCredits }),
                amount: money(d.refundedCents, d.currency),
              })}
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-black">{t("checkout.result.failedTitle")}</h1>
            <div className="mt-4">
              <Notice tone="danger">{d.recurring ? t("checkout.result.storedCardFailed") : t("checkout.result.failed")}</Notice>
            </div>
            {d.retry.length ? (
              <>
                <p className="mt-5 text-sm font-semibold">{t("checkout.result.retryWith")}</p>
                <ul className="mt-2 flex flex-wrap justify-center gap-2">
                  {d.retry.map((m) => (
                    <li key={m}>
                      <Link to={withBack(`/credits/${d.packageId}/${m}?country=${d.country}`, d.back)}>
                        <MethodChip method={m} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <Link to={withBack("/credits", d.back)} className="mt-6 inline-block text-sm font-semibold text-primary hover:underline">
              {t("checkout.result.otherPackage")}
            </Link>
            {d.returnTarget ? (
              <Link to={d.returnTarget.path} className="mt-3 block text-sm font-semibold text-black/60 hover:underline" data-testid="return-link">
                {returnLabel(d.returnTarget)}
              </Link>
            ) : null}
          </>
        )}
        <p className="mt-6 text-xs text-black/40">{t("checkout.result.reference", { id: d.id, amount: money(d.amountCents, d.currency) })}</p>
      </Card>
    </main>
  );
}
