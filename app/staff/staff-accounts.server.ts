// Staff account management for admins (/staff/accounts): create, disable or enable, change the
// role, reset the second factor. Each change and its audit entry are one transaction that locks
// the acting admin's row and the target's (in id order), and re-checks that the actor is still an
// enabled admin: two admins demoting or disabling each other at once cannot leave none. An admin
// never disables or demotes themselves. Password hashes and TOTP secrets are never read into a
// page or written to the audit log; a new secret is returned once, to the admin who made it.
import { hashPassword } from "#app/auth/password.server.ts";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { getDb } from "#app/utils/db.server.ts";
import { audit } from "./audit.server.ts";
import type { NewStaffInput, STAFF_ROLES } from "./staff-account-schema.ts";
import type { StaffUser } from "./session.server.ts";
import { newTotpSecret, totpUri } from "./totp.server.ts";

type Tx = Prisma.TransactionClient;

/** Shown once after creating an account or resetting its second factor. */
interface NewSecret {
  email: string;
  secret: string;
  uri: string;
}

export type StaffAccountResult =
  | { ok: true; message: string; params?: Record<string, unknown>; secret?: NewSecret }
  | { ok: false; message: string; params?: Record<string, unknown>; status: number };

const fail = (message: string, status: number, params?: Record<string, unknown>): StaffAccountResult => ({ ok: false, message, status, params });

export function listStaffAccounts() {
  return getDb().staffAccount.findMany({
    select: { id: true, email: true, name: true, role: true, disabled: true, createdAt: true, lastLoginAt: true },
    orderBy: { id: "asc" },
  });
}

const inTransaction = <T>(work: (tx: Tx) => Promise<T>) => getDb().$transaction(work, { maxWait: 10_000, timeout: 20_000 });

interface LockedRow {
  id: number;
  email: string;
  role: string;
  disabled: boolean;
}

/** Locks the actor's and the target's rows; null when the actor is no longer an enabled admin. */
async function lockActorAndTarget(tx: Tx, actorId: number, targetId: number) {
  const rows = await tx.$queryRaw<LockedRow[]>`
    SELECT id, email, role::text AS role, disabled FROM staff_accounts WHERE id IN (${actorId}, ${targetId}) ORDER BY id FOR UPDATE`;
  const actor = rows.find((r) => r.id === actorId);
  const target = rows.find((r) => r.id === targetId);
  return { actorOk: !!actor && actor.role === "admin" && !actor.disabled, target };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

export async function createStaff(actor: StaffUser, input: NewStaffInput): Promise<StaffAccountResult> {
  const passwordHash = await hashPassword(input.password);
  const totpSecret = await newTotpSecret();
  try {
    return await inTransaction(async (tx) => {
      const { actorOk } = await lockActorAndTarget(tx, actor.id, actor.id);
      if (!actorOk) return fail("staff.errors.adminOnly", 403);
      const created = await tx.staffAccount.create({
        data: { email: input.email, name: input.name, role: input.role, passwordHash, totpSecret },
        select: { id: true, email: true, role: true },
      });
      await audit(actor, { action: "staff.create", after: { staffId: created.id, email: created.email, name: input.name, role: created.role } }, tx);
      return {
        ok: true,
        message: "staff.accounts.done.created",
        params: { email: created.email },
        secret: { email: created.email, secret: totpSecret, uri: totpUri(totpSecret, created.email) },
      } satisfies StaffAccountResult;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("staff.accounts.errors.exists", 409, { email: input.email });
    throw error;
  }
}

/** Disabling ends the account's sessions at once (and the session lookup refuses a disabled account anyway). */
export async function setStaffDisabled(actor: StaffUser, targetId: number, disabled: boolean): Promise<StaffAccountResult> {
  if (disabled && targetId === actor.id) return fail("staff.accounts.errors.self", 409);
  return inTransaction(async (tx) => {
    const { actorOk, target } = await lockActorAndTarget(tx, actor.id, targetId);
    if (!actorOk) return fail("staff.errors.adminOnly", 403);
    if (!target) return fail("staff.accounts.errors.notFound", 404);
    if (target.disabled === disabled) return fail("staff.accounts.errors.unchanged", 409);
    await tx.staffAccount.update({ where: { id: targetId }, data: { disabled } });
    const sessions = disabled ? (await tx.staffSession.deleteMany({ where: { staffId: targetId } })).count : 0;
    await audit(
      actor,
      {
        action: disabled ? "staff.disable" : "staff.enable",
        before: { staffId: targetId, email: target.email, disabled: target.disabled },
        after: { staffId: targetId, email: target.email, disabled, ...(disabled ? { sessionsEnded: sessions } : {}) },
      },
      tx,
    );
    return { ok: true, message: disabled ? "staff.accounts.done.disabled" : "staff.accounts.done.enabled", params: { email: target.email } };
  });
}

export async function setStaffRole(actor: StaffUser, targetId: number, role: (typeof STAFF_ROLES)[number]): Promise<StaffAccountResult> {
  if (targetId === actor.id && role !== "admin") return fail("staff.accounts.errors.self", 409);
  return inTransaction(async (tx) => {
    const { actorOk, target } = await lockActorAndTarget(tx, actor.id, targetId);
    if (!actorOk) return fail("staff.errors.adminOnly", 403);
    if (!target) return fail("staff.accounts.errors.notFound", 404);
    if (target.role === role) return fail("staff.accounts.errors.unchanged", 409);
    await tx.staffAccount.update({ where: { id: targetId }, data: { role } });
    await audit(
      actor,
      {
        action: "staff.change_role",
        before: { staffId: targetId, email: target.email, role: target.role },
        after: { staffId: targetId, email: target.email, role },
      },
      tx,
    );
    return { ok: true, message: "staff.accounts.done.roleChanged", params: { email: target.email, role } };
  });
}

/**
 * A new TOTP secret (the old one stops working at once; the used-code counter starts again). The
 * account's other sessions end, except the admin's own when they reset their own second factor.
 */
export async function resetStaffTotp(actor: StaffUser, targetId: number): Promise<StaffAccountResult> {
  const totpSecret = await newTotpSecret();
  return inTransaction(async (tx) => {
    const { actorOk, target } = await lockActorAndTarget(tx, actor.id, targetId);
    if (!actorOk) return fail("staff.errors.adminOnly", 403);
    if (!target) return fail("staff.accounts.errors.notFound", 404);
    await tx.staffAccount.update({ where: { id: targetId }, data: { totpSecret, totpLastStep: 0 } });
    const sessions = targetId === actor.id ? 0 : (await tx.staffSession.deleteMany({ where: { staffId: targetId } })).count;
    await audit(actor, { action: "staff.reset_totp", after: { staffId: targetId, email: target.email, sessionsEnded: sessions } }, tx);
    return {
      ok: true,
      message: "staff.accounts.done.totpReset",
      params: { email: target.email },
      secret: { email: target.email, secret: totpSecret, uri: totpUri(totpSecret, target.email) },
    } satisfies StaffAccountResult;
  });
}
