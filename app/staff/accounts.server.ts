// Staff accounts: created by `npm run staff:create` (and the demo seed), never by members.
// Login checks password (argon2id) and TOTP; 5 failures lock the account for 15 minutes.
import { hashPassword, verifyPassword } from "#app/auth/password.server.ts";
import type { StaffRole } from "#app/generated/prisma/enums.ts";
import { getDb, type Db } from "#app/utils/db.server.ts";
import { staffEmail, staffPassword } from "./password-policy.ts";
import { newTotpSecret, totpStep } from "./totp.server.ts";

const STAFF_LOGIN = { maxFailures: 5, lockMinutes: 15 } as const;

export interface NewStaff {
  email: string;
  name: string;
  password: string;
  role: StaffRole;
  /** base32; a new random one unless given */
  totpSecret?: string;
}

export async function createStaffAccount(input: NewStaff, db: Db = getDb()) {
  const email = staffEmail.parse(input.email);
  staffPassword.parse(input.password);
  const totpSecret = input.totpSecret ?? (await newTotpSecret());
  return db.staffAccount.create({
    data: { email, name: input.name.trim().slice(0, 100) || email, role: input.role, passwordHash: await hashPassword(input.password), totpSecret },
    select: { id: true, email: true, role: true, totpSecret: true },
  });
}

export type StaffLoginResult = { ok: true; staffId: number } | { ok: false; reason: "failed" | "locked" };

/**
 * Every attempt counts BEFORE the password is checked (one atomic UPDATE under the row lock), so
 * parallel guesses cannot check more than 5 passwords; the attempt that reaches 5 starts the lock.
 * A success clears the counter.
 */
export async function attemptStaffLogin(email: string, password: string, code: string): Promise<StaffLoginResult> {
  const db = getDb();
  const address = email.trim().toLowerCase();
  const rows = await db.$queryRaw<{ id: number; password_hash: string; totp_secret: string; totp_last_step: number; disabled: boolean }[]>`
    UPDATE staff_accounts SET
      failed_logins = CASE WHEN locked_until IS NOT NULL AND locked_until <= now() THEN 1 ELSE failed_logins + 1 END,
      locked_until = CASE
        WHEN locked_until IS NOT NULL AND locked_until <= now() THEN NULL
        WHEN failed_logins + 1 >= ${STAFF_LOGIN.maxFailures} THEN now() + make_interval(mins => ${STAFF_LOGIN.lockMinutes})
        ELSE locked_until END
    WHERE email = ${address} AND (locked_until IS NULL OR locked_until <= now())
    RETURNING id, password_hash, totp_secret, totp_last_step, disabled`;
  const account = rows[0];
  if (!account) {
    const locked = await db.staffAccount.findFirst({ where: { email: address, lockedUntil: { gt: new Date() } }, select: { id: true } });
    return { ok: false, reason: locked ? "locked" : "failed" };
  }
  const passwordOk = await verifyPassword(account.password_hash, password);
  const step = passwordOk ? await totpStep(account.totp_secret, code.trim()) : null;
  if (!passwordOk || step === null || account.disabled) return { ok: false, reason: "failed" };
  // the code is used up: the same code (or an older one) cannot log in again
  const used = await db.staffAccount.updateMany({
    where: { id: account.id, disabled: false, totpLastStep: { lt: step } },
    data: { totpLastStep: step, failedLogins: 0, lockedUntil: null, lastLoginAt: new Date() },
  });
  if (used.count !== 1) return { ok: false, reason: "failed" };
  return { ok: true, staffId: account.id };
}
