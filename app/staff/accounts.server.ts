// Staff accounts: created by `npm run staff:create` (and the demo seed), never by members.
// Login checks password (argon2id) and TOTP; failures lock the address for the client that made them.
import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "#app/auth/password.server.ts";
import { giveBack, holdFull, ipKey, LIMITS, take, type Check } from "#app/limits/rate-limits.server.ts";
import type { StaffRole } from "#app/generated/prisma/enums.ts";
import { getDb, type Db } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { staffEmail, staffPassword } from "./password-policy.ts";
import { newTotpSecret, totpStep } from "./totp.server.ts";

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

export type StaffLoginResult = { ok: true; staffId: number } | { ok: false; reason: "failed" } | { ok: false; reason: "locked"; retryAfterMs: number };

/**
 * A staff login attempt from one client (IP address). Failures are counted per e-mail address and
 * client together, and per client (LIMITS.staffLogin, ADR 033): the attempt takes its place in both
 * counters BEFORE anything is checked, atomically, so parallel guesses cannot check more than the
 * limit; the failure that fills a counter starts the lock, a success gives its places back. An
 * address that is no staff account is counted and answered exactly like one (a dummy hash is
 * verified, so it takes as long), and an attack on an address from one client does not lock that
 * address for anyone else.
 */
export async function attemptStaffLogin(email: string, password: string, code: string, ip: string): Promise<StaffLoginResult> {
  const address = email.trim().toLowerCase();
  const client = ipKey(ip);
  const checks: Check[] = [
    ["staffLogin", `${address}|${client}`],
    ["staffLoginClient", client],
  ];
  const place = await take(...checks);
  if (!place.ok) return { ok: false, reason: "locked", retryAfterMs: place.retryAfterMs };
  let staffId: number | null;
  try {
    staffId = await checkCredentials(address, password, code);
  } catch (error) {
    await giveBack(...checks);
    throw error;
  }
  if (staffId !== null) {
    await giveBack(...checks);
    return { ok: true, staffId };
  }
  const limits = [LIMITS.staffLogin.perAddressAndClient, LIMITS.staffLogin.perClient];
  const filled = checks.filter((_, i) => place.counts[i]! >= limits[i]!);
  await Promise.all(filled.map(([name, key]) => holdFull(name, key, LIMITS.staffLogin.blockSeconds)));
  return { ok: false, reason: "failed" };
}

/** A hash of nothing anyone knows, verified for an address that is no account: the same work as for one. */
const dummyHash = () => singleton("staffDummyPasswordHash", () => hashPassword(randomBytes(32).toString("base64url")));

async function checkCredentials(address: string, password: string, code: string): Promise<number | null> {
  const db = getDb();
  const account = await db.staffAccount.findUnique({ where: { email: address }, select: { id: true, passwordHash: true, totpSecret: true, disabled: true } });
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await dummyHash()), password);
  if (!account || !passwordOk || account.disabled) return null;
  const step = await totpStep(account.totpSecret, code.trim());
  if (step === null) return null;
  // the code is used up: the same code (or an older one) cannot log in again
  const used = await db.staffAccount.updateMany({
    where: { id: account.id, disabled: false, totpLastStep: { lt: step } },
    data: { totpLastStep: step, lastLoginAt: new Date() },
  });
  return used.count === 1 ? account.id : null;
}
