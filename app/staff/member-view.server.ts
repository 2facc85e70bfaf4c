// Everything support needs about one member, on any site: account, money, blocks, logins,
// sessions. Never password hashes, tokens or session ids.
import { loginLockState } from "#app/auth/login.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";

const LIST = 200;

export async function memberDetails(userId: number) {
  const db = getDb();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      siteKey: true,
      status: true,
      credits: true,
      paidUser: true,
      signupDate: true,
      confirmedAt: true,
      language: true,
      lastSeenAt: true,
      deletionRequestedAt: true,
      profile: { select: { id: true, name: true, status: true, fictional: true, country: true } },
    },
  });
  if (!user) return null;
  const site = getSiteRegistry().byKey.get(user.siteKey);
  const profileId = user.profile?.id ?? -1;
  const [ledger, payments, redemptions, blocksGiven, blocksReceived, loginAttempts, sessions, tracking, lockout, directDebitBlock] = await Promise.all([
    db.creditLedgerEntry.findMany({
      where: { userId },
      orderBy: { id: "desc" },
      take: LIST,
      select: { id: true, delta: true, balanceAfter: true, reason: true, referenceType: true, referenceId: true, createdAt: true },
    }),
    db.payment.findMany({
      where: { userId },
      orderBy: { id: "desc" },
      take: LIST,
      select: {
        id: true,
        createdAt: true,
        completedAt: true,
        status: true,
        method: true,
        provider: true,
        amountCents: true,
        currency: true,
        transactionCostsCents: true,
        transactionCostsCurrency: true,
        credits: true,
        refundedCredits: true,
        refundedCents: true,
        refundedAt: true,
      },
    }),
    db.discountRedemption.findMany({
      where: { userId },
      orderBy: { id: "desc" },
      take: LIST,
      select: { id: true, paymentId: true, createdAt: true, code: { select: { code: true } } },
    }),
    db.block.findMany({ where: { blockerId: profileId }, take: LIST, select: { blockedId: true, createdAt: true, blocked: { select: { name: true } } } }),
    db.block.findMany({ where: { blockedId: profileId }, take: LIST, select: { blockerId: true, createdAt: true, blocker: { select: { name: true } } } }),
    db.loginAttempt.findMany({
      where: { OR: [{ userId }, { siteKey: user.siteKey, email: user.email }] },
      orderBy: { id: "desc" },
      take: 50,
      select: { id: true, ip: true, success: true, createdAt: true },
    }),
    db.session.findMany({
      where: { userId, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: "desc" },
      take: LIST,
      select: { createdAt: true, expiresAt: true, ip: true, userAgent: true },
    }),
    db.tracking.findFirst({
      where: { userId },
      orderBy: { id: "asc" },
      select: { network: true, ref: true, sub1: true, sub2: true, sub3: true, landing: true },
    }),
    loginLockState(user.siteKey, user.email),
    db.directDebitBlock.findUnique({ where: { userId }, select: { reason: true } }),
  ]);
  return {
    user,
    site: site ? { key: site.key, name: site.name, domain: site.domains[0]! } : { key: user.siteKey, name: user.siteKey, domain: "" },
    ledger,
    payments,
    redemptions,
    blocksGiven,
    blocksReceived,
    loginAttempts,
    sessions,
    tracking,
    directDebitBlocked: !!directDebitBlock,
    lockout: lockout.lockedUntil ? { until: lockout.lockedUntil } : null,
  };
}
