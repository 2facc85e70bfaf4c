// /directdebit's domain: the package on offer, the mandate → one-time code step, and the code →
// checkout step. The limit and block are asked twice: before a code is sent (so a blocked member
// gets no code) and, binding, by the checkout inside its transaction (direct-debit-gate.server.ts).
import type { Locale } from "#app/i18n/locales.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";
import { startCheckout, type CheckoutAnswer } from "./checkout.server.ts";
import { directDebitGate } from "./direct-debit-gate.server.ts";
import { writeToMailOutbox } from "#app/mail/outbox-store.server.ts";
import { prepareCodeMail, sendCodeBySms, type CodeMessage } from "./direct-debit-otp-channel.server.ts";
import { issueCode, newOtpCode, OTP_RULES, verifyCode } from "./direct-debit-otp.server.ts";
import type { DirectDebitMandate } from "./provider.server.ts";

export interface Member {
  id: number;
  email: string;
  name: string;
  country: string;
}

/** A package of this site the member may buy from their payment country, or null. */
export function packageFor(db: Db, site: Site, packageId: number, country: string) {
  return db.creditPackage.findFirst({
    where: { id: packageId, siteKey: site.key, active: true, OR: [{ country: null }, { country }] },
    select: { id: true, credits: true, priceCents: true, currency: true },
  });
}

export type CodeAnswer =
  | { ok: true; token: string; ibanMasked: string }
  | { ok: false; error: "package_unavailable" | "directdebit_limit" | "directdebit_blocked" | "too_many_codes" };

/** Step 1: checks package, block and limit, stores the mandate with a new code and its mail (one transaction), then the SMS. */
export async function requestDirectDebitCode(
  db: Db,
  input: { site: Site; locale: Locale; member: Member; packageId: number; discountCode?: string | undefined; mandate: DirectDebitMandate },
): Promise<CodeAnswer> {
  const { site, member } = input;
  const pkg = await packageFor(db, site, input.packageId, member.country);
  if (!pkg) return { ok: false, error: "package_unavailable" };
  const gate = await db.$transaction((tx) => directDebitGate(tx, { site, userId: member.id, amountCents: pkg.priceCents, currency: pkg.currency }));
  if (!gate.ok) return gate;
  const code = newOtpCode();
  const message: CodeMessage = {
    site,
    locale: input.locale,
    email: member.email,
    phone: input.mandate.phone,
    name: member.name,
    code,
    minutes: OTP_RULES.ttlMinutes,
  };
  const mail = await prepareCodeMail(message);
  const issued = await issueCode(db, {
    site,
    userId: member.id,
    packageId: pkg.id,
    discountCode: input.discountCode,
    mandate: input.mandate,
    code,
    inTransaction: (tx) => writeToMailOutbox(tx, [mail]),
  });
  if (!issued.ok) return issued;
  await sendCodeBySms(message);
  return { ok: true, token: issued.token, ibanMasked: issued.ibanMasked };
}

/** Step 2: the typed code; when right, the order goes to the checkout (method sdd) once. */
export async function confirmDirectDebit(
  db: Db,
  input: { site: Site; locale: Locale; member: Member; token: string; otp: string; origin: string; returnTo?: string | null },
): Promise<CheckoutAnswer> {
  const verified = await verifyCode(db, input.site, input.member.id, input.token, input.otp);
  if (!verified.ok) return verified;
  return startCheckout(db, {
    site: input.site,
    userId: input.member.id,
    packageId: verified.packageId,
    method: "sdd",
    country: input.member.country,
    locale: input.locale,
    ...(verified.discountCode ? { code: verified.discountCode } : {}),
    directDebit: verified.mandate,
    origin: input.origin,
    // one code, one order
    idempotencyKey: `directdebit-${verified.codeId}`,
    ...(input.returnTo ? { returnTo: input.returnTo } : {}),
  });
}

/** The catalogue key of a checkout or code answer's error, shown on /directdebit. */
export const DIRECT_DEBIT_MESSAGES = {
  code_invalid: "directdebit.codeInvalid",
  directdebit_limit: "directdebit.limit",
  directdebit_blocked: "directdebit.blocked",
  package_unavailable: "directdebit.packageUnavailable",
  method_unavailable: "directdebit.unavailable",
  provider_failed: "directdebit.failed",
  price_changed: "checkout.errors.price_changed",
  too_many_codes: "directdebit.tooManyCodes",
} as const;
