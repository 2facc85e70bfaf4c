// What staff do about a member's conduct: a password-reset mail on the member's behalf, a ban, a
// hidden profile, a direct-debit block, the fictional mark. Each change and its audit entry are
// one transaction on the member's locked row, so two parallel clicks change (and log) once.
import { mailPasswordReset } from "#app/accounts/account.server.ts";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { setDirectDebitBlocked } from "#app/payments/direct-debit-gate.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { memberLocale, notFound, siteOrigin, target, type ActionResult } from "./actions.server.ts";
import { audit } from "./audit.server.ts";
import type { StaffUser } from "./session.server.ts";

type Tx = Prisma.TransactionClient;

export async function sendPasswordReset(staff: StaffUser, userId: number, request: Request): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  if (t.user.status === "deleted" || t.user.status === "banned") return { ok: false, message: "staff.errors.accountClosed" };
  const sent = await mailPasswordReset(
    t.site,
    { id: userId, email: t.user.email, name: t.user.profile?.name ?? t.user.email },
    memberLocale(t.site, t.user.language),
    siteOrigin(t.site, request),
  );
  if (!sent) return { ok: false, message: "staff.errors.tooManyResetMails" };
  await audit(staff, { action: "member.send_password_reset", siteKey: t.site.key, userId, after: { to: t.user.email } });
  return { ok: true, message: "staff.done.resetSent" };
}

async function lockedMember(tx: Tx, userId: number) {
  const [row] = await tx.$queryRaw<{ status: string; confirmed: boolean }[]>`
    SELECT status::text AS status, confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = ${userId} FOR UPDATE`;
  return row;
}

const inTransaction = <T>(work: (tx: Tx) => Promise<T>) => getDb().$transaction(work, { maxWait: 10_000, timeout: 20_000 });

/** A ban ends every session, hides the profile and refuses login and password resets; lifting it restores the account as it was before (activated or not). */
export async function setBanned(staff: StaffUser, userId: number, banned: boolean, reason: string): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  if (t.user.status === "deleted") return { ok: false, message: "staff.errors.accountClosed" };
  return inTransaction(async (tx) => {
    const row = await lockedMember(tx, userId);
    if (!row) return notFound;
    if ((row.status === "banned") === banned) return { ok: false, message: banned ? "staff.errors.alreadyBanned" : "staff.errors.notBanned" };
    const status = banned ? "banned" : row.confirmed ? "active" : "not_confirmed";
    await tx.user.update({ where: { id: userId }, data: { status } });
    await tx.profile.updateMany({ where: { userId }, data: { status: banned || !row.confirmed ? "disabled" : "active" } });
    if (banned) await tx.session.deleteMany({ where: { userId } });
    await audit(
      staff,
      { action: banned ? "member.ban" : "member.unban", siteKey: t.site.key, userId, reason, before: { status: row.status }, after: { status } },
      tx,
    );
    return { ok: true, message: banned ? "staff.done.banned" : "staff.done.unbanned" };
  });
}

/** Hides the profile from every other member (search, likes, landers) while the member can still log in; or shows it again. */
export async function setProfileHidden(staff: StaffUser, userId: number, hidden: boolean, reason: string): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  return inTransaction(async (tx) => {
    const row = await lockedMember(tx, userId);
    const profile = await tx.profile.findUnique({ where: { userId }, select: { status: true } });
    if (!row || !profile) return { ok: false, message: "staff.errors.noProfile" };
    if (!hidden && row.status !== "active") return { ok: false, message: "staff.errors.accountNotActive" };
    const status = hidden ? "disabled" : "active";
    if (profile.status === status) return { ok: false, message: hidden ? "staff.errors.alreadyHidden" : "staff.errors.notHidden" };
    await tx.profile.update({ where: { userId }, data: { status } });
    await audit(
      staff,
      {
        action: hidden ? "member.hide_profile" : "member.show_profile",
        siteKey: t.site.key,
        userId,
        reason,
        before: { profile: profile.status },
        after: { profile: status },
      },
      tx,
    );
    return { ok: true, message: hidden ? "staff.done.profileHidden" : "staff.done.profileShown" };
  });
}

export async function setDirectDebitBlock(staff: StaffUser, userId: number, blocked: boolean, reason: string): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  return inTransaction(async (tx) => {
    if (!(await lockedMember(tx, userId))) return notFound;
    const before = await tx.directDebitBlock.findUnique({ where: { userId }, select: { reason: true } });
    if (!!before === blocked) return { ok: false, message: blocked ? "staff.errors.alreadyDirectDebitBlocked" : "staff.errors.notDirectDebitBlocked" };
    await setDirectDebitBlocked(tx, userId, blocked, reason);
    await audit(
      staff,
      {
        action: blocked ? "member.block_direct_debit" : "member.unblock_direct_debit",
        siteKey: t.site.key,
        userId,
        reason,
        before: { directDebitBlocked: !!before },
        after: { directDebitBlocked: blocked },
      },
      tx,
    );
    return { ok: true, message: blocked ? "staff.done.directDebitBlocked" : "staff.done.directDebitUnblocked" };
  });
}

/** The fictional mark shows the site's fictional icon and warning on the profile (spec: fictional profile settings). */
export async function setFictional(staff: StaffUser, userId: number, fictional: boolean, reason: string): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  return inTransaction(async (tx) => {
    if (!(await lockedMember(tx, userId))) return notFound;
    const profile = await tx.profile.findUnique({ where: { userId }, select: { fictional: true } });
    if (!profile) return { ok: false, message: "staff.errors.noProfile" };
    if (profile.fictional === fictional) return { ok: false, message: fictional ? "staff.errors.alreadyFictional" : "staff.errors.notFictional" };
    await tx.profile.update({ where: { userId }, data: { fictional } });
    await audit(
      staff,
      {
        action: fictional ? "member.mark_fictional" : "member.unmark_fictional",
        siteKey: t.site.key,
        userId,
        reason,
        before: { fictional: profile.fictional },
        after: { fictional },
      },
      tx,
    );
    return { ok: true, message: fictional ? "staff.done.markedFictional" : "staff.done.unmarkedFictional" };
  });
}
