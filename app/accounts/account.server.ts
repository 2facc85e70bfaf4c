// What a member changes about their account: password, e-mail, notifications, language,
// deletion (14 days to change their mind) and the purge after that.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { removeExportFiles } from "#app/privacy/export-files.server.ts";
import { giveBack, ipKey, take, type Check } from "#app/limits/rate-limits.server.ts";
import { liftLoginLocks } from "#app/auth/login.server.ts";
import { hashPassword, verifyPassword } from "#app/auth/password.server.ts";
import { revokeSessions } from "#app/auth/session.server.ts";
import { consumeToken, peekToken } from "#app/auth/tokens.server.ts";
import { fieldErrors, newPasswordSchema } from "#app/auth/validation.ts";
import { sendLinkMail } from "./link-mail.server.ts";

const REACTIVATION_DAYS = 14;

export async function changePassword(userId: number, oldPassword: string, newPassword: string, keep: Request) {
  const db = getDb();
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, oldPassword))) return { ok: false as const, error: "old_password" };
  await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(newPassword) } });
  await revokeSessions(userId, keep);
  return { ok: true as const };
}

export type ResetRequest = { ok: true } | { ok: false; error: "not_found" | "limit" } | { ok: false; error: "too_many_requests"; retryAfterMs: number };

/**
 * Mails a reset link. The spec's answer says whether the address exists, so requests are
 * limited per IP address (unknown addresses count too); mails per account per day too (LIMITS).
 */
export async function requestPasswordReset(site: Site, email: string, locale: Locale, origin: string, ip: string): Promise<ResetRequest> {
  const perIp = await take(["resetIp", ipKey(ip)]);
  if (!perIp.ok) return { ok: false, error: "too_many_requests", retryAfterMs: perIp.retryAfterMs };
  const user = await getDb().user.findUnique({
    where: { siteKey_email: { siteKey: site.key, email } },
    select: { id: true, status: true, language: true, profile: { select: { name: true } } },
  });
  if (!user || user.status === "deleted" || user.status === "banned") return { ok: false, error: "not_found" };
  const sent = await mailPasswordReset(site, { id: user.id, email, name: user.profile?.name ?? email }, locale, origin);
  return sent ? { ok: true } : { ok: false, error: "limit" };
}

/** Issues a reset token and mails its link, within the per-account daily mail limit (false when reached). Also used by the staff console. */
export async function mailPasswordReset(site: Site, user: { id: number; email: string; name: string }, locale: Locale, origin: string): Promise<boolean> {
  const perAccount: Check = ["resetMail", String(user.id)];
  if (!(await take(perAccount)).ok) return false;
  try {
    await sendLinkMail(
      { kind: "passwordReset", site, locale, to: user.email, name: user.name },
      { userId: user.id, kind: "password_reset", link: (token) => `${origin}/reset-password/do?token=${token}` },
    );
  } catch (error) {
    await giveBack(perAccount);
    throw error;
  }
  return true;
}

export type ResetOutcome = { ok: true; userId: number } | { ok: false; error: "messages.linkInvalid" } | { ok: false; errors: Record<string, string> };

/**
 * /reset-password/do: the new password follows the password rules of the token's account; a
 * refused password leaves the link usable. The token is spent, the password set and every
 * session ended in one transaction.
 */
export async function resetPassword(site: Site, token: string | null, input: Record<string, unknown>): Promise<ResetOutcome> {
  const db = getDb();
  const row = await peekToken(token, "password_reset", site.key);
  if (!row) return { ok: false, error: "messages.linkInvalid" };
  const who = await db.user.findUniqueOrThrow({ where: { id: row.userId }, select: { email: true, profile: { select: { name: true } } } });
  const parsed = newPasswordSchema({ email: who.email, name: who.profile?.name }).safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const passwordHash = await hashPassword(parsed.data.password);
  const done = await db.$transaction(async (tx) => {
    // only one concurrent use of the link wins
    const { count } = await tx.userToken.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } }, data: { usedAt: new Date() } });
    if (!count) return false;
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
    await tx.session.deleteMany({ where: { userId: row.userId } });
    return true;
  });
  if (!done) return { ok: false, error: "messages.linkInvalid" };
  // the owner proved the address is theirs: a lock others' guesses put on it goes (ADR 050)
  await liftLoginLocks(site.key, who.email);
  return { ok: true, userId: row.userId };
}

export async function emailInUse(site: Site, email: string) {
  return !!(await getDb().user.findUnique({ where: { siteKey_email: { siteKey: site.key, email } }, select: { id: true } }));
}

export async function requestEmailChange(site: Site, userId: number, newEmail: string, locale: Locale, origin: string, name: string) {
  await sendLinkMail(
    { kind: "emailChange", site, locale, to: newEmail, name },
    { userId, kind: "email_change", newEmail, link: (token) => `${origin}/mail-change/do?token=${token}` },
  );
}

/** Applies a confirmed e-mail change; false when the link is bad or the address got taken. */
export async function confirmEmailChange(site: Site, token: string | null) {
  const row = await consumeToken(token, "email_change", site.key);
  if (!row?.newEmail || (await emailInUse(site, row.newEmail))) return false;
  // a new address has bounced or complained about nothing yet
  await getDb().user.update({ where: { id: row.userId }, data: { email: row.newEmail, notificationsDisabled: [] } });
  return true;
}

export async function setLanguage(userId: number, language: Locale) {
  await getDb().user.update({ where: { id: userId }, data: { language } });
}

/** Pending deletion: hidden everywhere, signed out, a reactivation link valid 14 days mailed (in the same transaction). */
export async function requestDeletion(site: Site, userId: number, reason: string | null, locale: Locale, origin: string) {
  const user = await getDb().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, profile: { select: { name: true } } } });
  await sendReactivationMail(site, userId, user.email, user.profile?.name ?? user.email, locale, origin, async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { status: "pending_deletion", deletionRequestedAt: new Date(), deletionReason: reason } });
    await tx.profile.updateMany({ where: { userId }, data: { status: "disabled" } });
    await tx.session.deleteMany({ where: { userId } });
  });
}

export async function sendReactivationMail(
  site: Site,
  userId: number,
  to: string,
  name: string,
  locale: Locale,
  origin: string,
  change?: (tx: Prisma.TransactionClient) => Promise<unknown>,
) {
  await sendLinkMail(
    { kind: "reactivation", site, locale, to, name },
    { userId, kind: "reactivation", link: (token) => `${origin}/account/reactivate?token=${token}` },
    change,
  );
}

export async function reactivate(site: Site, token: string | null) {
  const row = await consumeToken(token, "reactivation", site.key);
  if (!row) return null;
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: row.userId }, select: { status: true, confirmedAt: true } });
  if (user?.status !== "pending_deletion") return null;
  await db.$transaction([
    db.user.update({
      where: { id: row.userId },
      data: { status: user.confirmedAt ? "active" : "not_confirmed", deletionRequestedAt: null, deletionReason: null },
    }),
    db.profile.updateMany({ where: { userId: row.userId }, data: { status: user.confirmedAt ? "active" : "disabled" } }),
  ]);
  return row.userId;
}

/** The scheduled purge: accounts pending deletion for 14 days are anonymised, photos removed. */
export async function purgeDeletedAccounts(now = new Date()) {
  const due = await getDb().user.findMany({
    where: { status: "pending_deletion", deletionRequestedAt: { lte: new Date(now.getTime() - REACTIVATION_DAYS * 24 * 3600_000) } },
    select: { id: true },
  });
  for (const user of due) await anonymiseAccount(user.id);
  return due.length;
}

/**
 * Erases an account's personal data: photos and the chat images they sent (files and rows), the
 * profile's texts and place, e-mail address and password, sessions, tokens, push subscriptions,
 * login records, direct-debit order details and data exports. Their messages stay for the other
 * member, without the images; payments and the credit ledger stay as bookkeeping records. Used
 * by the scheduled purge and by an erasure staff carry out (app/staff/privacy.server.ts), whose
 * audit entry `inTransaction` writes in the same transaction. False when the account was erased already.
 */
export async function anonymiseAccount(userId: number, inTransaction?: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  const db = getDb();
  const profile = await db.profile.findUnique({ where: { userId }, select: { id: true, photos: { select: { filename: true, thumbFilename: true } } } });
  const profileId = profile?.id ?? -1;
  // the images they sent in chats go too (their messages stay, without the image)
  const chatImages = await db.chatImage.findMany({ where: { uploaderId: profileId }, select: { filename: true, thumbFilename: true } });
  await getMediaStorage().remove([...(profile?.photos ?? []), ...chatImages].flatMap((p) => [p.filename, p.thumbFilename]));
  await removeExportFiles(userId);
  return db.$transaction(
    async (tx) => {
      // one erasure at a time per account: a second (parallel) one finds it done and changes nothing
      const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT status::text AS status FROM users WHERE id = ${userId} FOR UPDATE`;
      if (!row || row.status === "deleted") return false;
      await tx.photo.deleteMany({ where: { profileId } });
      await tx.chatImage.deleteMany({ where: { uploaderId: profileId } });
      await tx.profile.updateMany({
        where: { userId },
        data: { name: "—", aboutMe: null, city: null, region: null, latitude: null, longitude: null, interests: [], status: "disabled", mainPhotoId: null },
      });
      await tx.pushSubscription.deleteMany({ where: { userId } });
      await tx.userToken.deleteMany({ where: { userId } });
      await tx.session.deleteMany({ where: { userId } });
      await tx.loginAttempt.deleteMany({ where: { userId } });
      await tx.directDebitCode.deleteMany({ where: { userId } });
      await tx.dataExport.deleteMany({ where: { userId } });
      await tx.user.update({
        where: { id: userId },
        data: { status: "deleted", email: `deleted-${userId}@deleted.invalid`, passwordHash: null, deletionReason: null },
      });
      await inTransaction?.(tx);
      return true;
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}
