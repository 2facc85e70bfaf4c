// /directdebit?package={id}[&code={discount code}][&challenge={token}]: SEPA direct debit.
// Step 1 posts the mandate (validated, the block and limit checked, a one-time code mailed);
// step 2 posts the code, which hands the order to the checkout (method sdd).
import { data, redirect } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/directdebit";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireUser, type CurrentUser } from "#app/auth/user-context.server.ts";
import { CodeForm, MandateForm, OrderCard } from "#app/components/direct-debit.tsx";
import { codeSchema, mandateSchema } from "#app/payments/direct-debit-form.ts";
import { OTP_RULES, pendingChallenge } from "#app/payments/direct-debit-otp.server.ts";
import { confirmDirectDebit, DIRECT_DEBIT_MESSAGES, packageFor, requestDirectDebitCode, type Member } from "#app/payments/direct-debit.server.ts";
import { discountedCents, discountForOrder } from "#app/payments/discounts.server.ts";
import { requestReturnPath } from "#app/payments/return-to.server.ts";
import { formatMoney } from "#app/utils/format.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseId, parseSubmission, readForm } from "#app/utils/request.server.ts";

export const handle = { entryWarning: false };

const DISCOUNT_CODE = /^[A-Za-z0-9_-]{1,40}$/;
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

function member(user: CurrentUser, site: Site): Member {
  return { id: user.id, email: user.email, name: user.profile?.name ?? user.email, country: user.profile?.country ?? site.countries[0]! };
}

/** a.b***@example.com: enough to recognise the address */
const maskEmail = (email: string) => email.replace(/^(.{1,3})[^@]*@/, (_, head: string) => `${head}***@`);

async function order(request: Request, user: CurrentUser, site: Site, locale: string) {
  const url = new URL(request.url);
  const packageId = parseId(url.searchParams.get("package"));
  const pkg = packageId ? await packageFor(getDb(), site, packageId, member(user, site).country) : null;
  if (!pkg) throw data(null, { status: 404 });
  const code = url.searchParams.get("code") ?? "";
  const discountCode = DISCOUNT_CODE.test(code) ? code : undefined;
  const token = url.searchParams.get("challenge") ?? "";
  // the price the checkout will charge: the member's active discount or the typed code, asked as it asks
  const country = member(user, site).country;
  const answer = await getDb().$transaction((tx) =>
    discountForOrder(tx, {
      site,
      userId: user.id,
      ...(discountCode ? { code: discountCode } : {}),
      priceCents: pkg.priceCents,
      currency: pkg.currency,
      country,
      method: "sdd",
    }),
  );
  const totalCents = discountedCents(pkg.priceCents, answer.ok ? answer.discount : null);
  return {
    url,
    pkg,
    discountCode,
    token: TOKEN.test(token) ? token : null,
    summary: {
      credits: pkg.credits,
      price: formatMoney(totalCents, pkg.currency, locale),
      listPrice: totalCents < pkg.priceCents ? formatMoney(pkg.priceCents, pkg.currency, locale) : null,
    },
  };
}

const orderPath = (packageId: number, discountCode: string | undefined, back: string | null, token?: string) =>
  `/directdebit?${new URLSearchParams({
    package: String(packageId),
    ...(discountCode ? { code: discountCode } : {}),
    ...(back ? { back } : {}),
    ...(token ? { challenge: token } : {}),
  })}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site, locale } = requestInfo(request, context);
  const o = await order(request, user, site, locale);
  const challenge = o.token ? await pendingChallenge(getDb(), site, user.id, o.token) : null;
  return data(
    {
      order: o.summary,
      restartTo: orderPath(o.pkg.id, o.discountCode, requestReturnPath(request)),
      challenge:
        challenge && challenge.packageId === o.pkg.id
          ? {
              token: challenge.token,
              ibanMasked: challenge.ibanMasked,
              accountHolder: challenge.accountHolder,
              email: maskEmail(user.email),
              minutes: OTP_RULES.ttlMinutes,
            }
          : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** conform's reply to the step's form; the refusals of the payment come back as its form error. */
type ActionResult = { step: "details" | "verify"; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site, locale, origin } = requestInfo(request, context);
  const o = await order(request, user, site, locale);
  const form = await readForm(request, context);
  const db = getDb();

  if (form.get("intent") === "verify") {
    const submission = parseSubmission(form, codeSchema);
    if (submission.status !== "success") return data<ActionResult>({ step: "verify", result: submission.reply({ hideFields: ["otp"] }) }, 400);
    const answer = await confirmDirectDebit(db, {
      site,
      locale,
      member: member(user, site),
      token: submission.value.challenge,
      otp: submission.value.otp,
      origin,
      returnTo: requestReturnPath(request),
    });
    if (answer.ok) return redirect(answer.redirectTo);
    const result = submission.reply({ formErrors: [DIRECT_DEBIT_MESSAGES[answer.error]], hideFields: ["otp"] });
    return data<ActionResult>({ step: "verify", result }, answer.error === "code_invalid" ? 400 : 409);
  }

  const submission = parseSubmission(form, mandateSchema);
  if (submission.status !== "success") return data<ActionResult>({ step: "details", result: submission.reply() }, 400);
  const answer = await requestDirectDebitCode(db, {
    site,
    locale,
    member: member(user, site),
    packageId: o.pkg.id,
    discountCode: o.discountCode,
    mandate: submission.value,
  });
  if (!answer.ok)
    return data<ActionResult>(
      { step: "details", result: submission.reply({ formErrors: [DIRECT_DEBIT_MESSAGES[answer.error]] }) },
      answer.error === "too_many_codes" ? 429 : 409,
    );
  return redirect(orderPath(o.pkg.id, o.discountCode, requestReturnPath(request), answer.token));
}

export default function DirectDebit({ loaderData: d, actionData }: Route.ComponentProps) {
  const answer = (step: ActionResult["step"]) => (actionData?.step === step ? actionData.result : undefined);
  return (
    <OrderCard order={d.order}>
      {d.challenge ? (
        <CodeForm order={d.order} challenge={d.challenge} lastResult={answer("verify")} restartTo={d.restartTo} />
      ) : (
        // a code that went stale meanwhile: its refusal shows above the mandate form
        <MandateForm order={d.order} lastResult={answer("details")} message={answer("verify")?.error?.[""]?.[0]} />
      )}
    </OrderCard>
  );
}
