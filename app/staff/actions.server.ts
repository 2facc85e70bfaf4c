// What staff do to a member, each written to the audit log. The member is always taken from
// the id in the URL, and every change uses that member's own site (its lockout key, its refund
// rules, its domain in mail links), whatever host the console is open on.
import { revokeSessions } from "#app/auth/session.server.ts";
import { sendActivationMail } from "#app/accounts/signup.server.ts";
import { applyCredits, InsufficientCredits } from "#app/credits/ledger.server.ts";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import { liftLoginLocks, loginLockState } from "#app/auth/login.server.ts";
import { refundUnused } from "#app/payments/refunds.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { canonicalDomain, type Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { audit } from "./audit.server.ts";
import type { CreditsInput, RefundInput } from "./member-action-schema.ts";
import type { StaffUser } from "./session.server.ts";

export async function target(userId: number) {
  const user = await getDb().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, siteKey: true, status: true, language: true, credits: true, profile: { select: { name: true } } },
  });
  const site = user ? getSiteRegistry().byKey.get(user.siteKey) : undefined;
  return user && site ? { user, site } : null;
}

export type ActionResult = { ok: true; message: string; params?: Record<string, unknown> } | { ok: false; message: string; params?: Record<string, unknown> };
export const notFound: ActionResult = { ok: false, message: "staff.errors.memberNotFound" };

export async function liftLockout(staff: StaffUser, userId: number): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  const before = await loginLockState(t.site.key, t.user.email);
  // the address's own lock and its locks for every client
  await liftLoginLocks(t.site.key, t.user.email);
  await audit(staff, {
    action: "member.lift_lockout",
    siteKey: t.site.key,
    userId,
    before: before.failures || before.lockedUntil ? { failures: before.failures, until: before.lockedUntil?.toISOString() ?? null } : null,
    after: { failures: 0 },
  });
  return { ok: true, message: before.lockedUntil ? "staff.done.lockoutLifted" : "staff.done.noLockout" };
}

export async function revokeMemberSessions(staff: StaffUser, userId: number): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  const count = await getDb().session.count({ where: { userId } });
  await revokeSessions(userId);
  await audit(staff, { action: "member.revoke_sessions", siteKey: t.site.key, userId, before: { sessions: count }, after: { sessions: 0 } });
  return { ok: true, message: "staff.done.sessionsRevoked", params: { count } };
}

/** The member's site's canonical address with the port (and scheme) the console is reached on. */
export function siteOrigin(site: Site, request: Request) {
  const url = new URL(request.url);
  return `${url.protocol}//${canonicalDomain(site)}${url.port ? `:${url.port}` : ""}`;
}

export const memberLocale = (site: Site, language: string | null): Locale =>
  (isLocale(language) && site.locales.includes(language) ? language : site.locales[0]) as Locale;

export async function resendActivation(staff: StaffUser, userId: number, request: Request): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  if (t.user.status !== "not_confirmed") return { ok: false, message: "staff.errors.alreadyActive" };
  const sent = await sendActivationMail(userId, {
    site: t.site,
    locale: memberLocale(t.site, t.user.language),
    to: t.user.email,
    name: t.user.profile?.name ?? t.user.email,
    origin: siteOrigin(t.site, request),
  });
  if (!sent.ok) return { ok: false, message: "staff.errors.tooManyMails" };
  await audit(staff, { action: "member.resend_activation", siteKey: t.site.key, userId, after: { to: t.user.email } });
  return { ok: true, message: "staff.done.activationSent" };
}

/**
 * Grants (positive) or deducts (negative) credits through the ledger, with the audit entry in the
 * same transaction. The form's key makes it idempotent: the member's row is locked first, so a
 * parallel request with the same key waits, then finds the entry and changes nothing.
 */
export async function adjustCredits(staff: StaffUser, userId: number, input: CreditsInput): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  const idempotencyKey = `staff:${userId}:${input.key}`;
  try {
    return await getDb().$transaction(
      async (tx): Promise<ActionResult> => {
        const [row] = await tx.$queryRaw<{ credits: number }[]>`SELECT credits FROM users WHERE id = ${userId} FOR UPDATE`;
        if (!row) return notFound;
        const done = await tx.creditLedgerEntry.findUnique({ where: { idempotencyKey }, select: { balanceAfter: true } });
        if (done) return { ok: true, message: "staff.done.alreadyApplied", params: { balance: done.balanceAfter } };
        const balance = await applyCredits(tx, {
          userId,
          delta: input.amount,
          reason: "adjustment",
          idempotencyKey,
          reference: { type: "staff", id: String(staff.id) },
        });
        await audit(
          staff,
          {
            action: input.amount > 0 ? "member.grant_credits" : "member.deduct_credits",
            siteKey: t.site.key,
            userId,
            reason: input.reason,
            before: { credits: row.credits },
            after: { credits: balance, delta: input.amount },
          },
          tx,
        );
        return { ok: true, message: "staff.done.creditsChanged", params: { balance } };
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    if (error instanceof InsufficientCredits) return { ok: false, message: "staff.errors.insufficientCredits" };
    throw error;
  }
}

/** Returns a payment's unused credits through the provider (app/payments/refunds.server.ts), within the site's refund rules. */
export async function refundPayment(staff: StaffUser, userId: number, input: RefundInput): Promise<ActionResult> {
  const paymentId = input.payment;
  const override = !!input.override;
  const t = await target(userId);
  if (!t) return notFound;
  const before = await getDb().payment.findFirst({
    where: { id: paymentId, userId },
    select: { status: true, amountCents: true, currency: true, credits: true },
  });
  if (!before) return { ok: false, message: "staff.errors.paymentNotFound" };
  const result = await refundUnused(getDb(), t.site, userId, paymentId, { ignorePeriod: override });
  if (!result.ok) {
    const message: Partial<Record<typeof result.error, string>> = {
      provider_failed: "staff.errors.providerFailed",
      in_progress: "staff.errors.refundInProgress",
    };
    return { ok: false, message: message[result.error] ?? "staff.errors.notRefundable" };
  }
  await audit(staff, {
    action: "member.refund_payment",
    siteKey: t.site.key,
    userId,
    reason: override ? input.reason : null,
    before: { payment: paymentId, status: before.status, credits: t.user.credits },
    after: {
      payment: paymentId,
      status: result.booked ? "refunded" : "refund_requested",
      refundedCredits: result.credits,
      refundedCents: result.amountCents,
      currency: before.currency,
      refundPeriodOverridden: override,
    },
  });
  return {
    ok: true,
    message: result.booked ? "staff.done.refunded" : "staff.done.refundRequested",
    params: { credits: result.credits, amount: (result.amountCents / 100).toFixed(2), currency: before.currency },
  };
}
