// Logging in with a lockout that a stranger cannot turn against the owner (LIMITS.login, ADR 050):
// 5 failures for one address from one client (IP address) lock that pair for 15 minutes, 20 from
// one client over any addresses lock that client; the owner logs in from their own client as
// usual. 30 failures for one address from all clients within an hour lock the address for an
// hour (a brake on guessing from many clients); setting a new password through the reset mail
// lifts that (liftLoginLocks).
//
// Each attempt takes its place in every counter BEFORE the password is checked and gives it
// back when the password was right, so parallel attempts cannot check more passwords than the
// limits allow. An address that is no account is counted, hashed and answered exactly like one.
// Every verified attempt is kept in login_attempts for support.
import { randomBytes } from "node:crypto";
import { getDb } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { clearCounter, clearCounters, counterState, fullUntil, giveBack, holdFull, ipKey, LIMITS, take, type Check } from "#app/limits/rate-limits.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";

export type LoginResult =
  | { ok: true; userId: number }
  | { ok: false; reason: "failed" }
  | { ok: false; reason: "blocked"; retryAfterMs: number }
  | { ok: false; reason: "pending_deletion"; userId: number };

/** The key of an address on a site; the key of its pair with one client starts with it. */
const loginAddressKey = (siteKey: string, email: string) => `${siteKey}:${email}`;
const pairKey = (siteKey: string, email: string, ip: string) => `${loginAddressKey(siteKey, email)}|${ipKey(ip)}`;

/** A hash of nothing anyone knows, verified for an address that is no account: the same work as for one. */
const dummyHash = () => singleton("memberDummyPasswordHash", () => hashPassword(randomBytes(32).toString("base64url")));

export async function attemptLogin(site: Site, email: string, password: string, ip: string): Promise<LoginResult> {
  const checks: Check[] = [
    ["loginAccountClient", pairKey(site.key, email, ip)],
    ["loginIp", ipKey(ip)],
    ["loginAccount", loginAddressKey(site.key, email)],
  ];
  const place = await take(...checks);
  if (!place.ok) return { ok: false, reason: "blocked", retryAfterMs: place.retryAfterMs };

  const db = getDb();
  let valid = false;
  let user: { id: number; passwordHash: string | null; status: string } | null = null;
  try {
    user = await db.user.findUnique({ where: { siteKey_email: { siteKey: site.key, email } }, select: { id: true, passwordHash: true, status: true } });
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    valid = !!user && passwordOk && user.status !== "deleted" && user.status !== "banned";
    await db.loginAttempt.create({ data: { siteKey: site.key, email, ip, success: valid, userId: user?.id ?? null } });
  } catch (error) {
    await giveBack(...checks);
    throw error;
  }

  if (!valid || !user) {
    // the attempt that filled a counter blocks it for the full block time from now
    const { perAccountAndClient, perIp, perAccount, blockSeconds, accountBlockSeconds } = LIMITS.login;
    const rules = [
      [perAccountAndClient, blockSeconds],
      [perIp, blockSeconds],
      [perAccount, accountBlockSeconds],
    ] as const;
    const held = await Promise.all(
      checks.map(([name, key], i) => (place.counts[i]! >= rules[i]![0] ? holdFull(name, key, rules[i]![1]).then((full) => (full ? rules[i]![1] : 0)) : 0)),
    );
    const longest = Math.max(...held);
    if (!longest) return { ok: false, reason: "failed" };
    return { ok: false, reason: "blocked", retryAfterMs: longest * 1000 };
  }
  await giveBack(...checks);
  if (user.status === "pending_deletion") return { ok: false, reason: "pending_deletion", userId: user.id };
  await db.user.update({ where: { id: user.id }, data: { lastSeenAt: new Date() } });
  return { ok: true, userId: user.id };
}

/** Lifts every login lock of an address (its own and its pairs with clients): a new password was set, or staff lifted it. */
export async function liftLoginLocks(siteKey: string, email: string) {
  await Promise.all([
    clearCounter("loginAccount", loginAddressKey(siteKey, email)),
    clearCounters("loginAccountClient", `${loginAddressKey(siteKey, email)}|`),
  ]);
}

/**
 * What the staff console shows of an address's login locks: its failures from all clients in the
 * current window, and until when logging in is locked (for everyone, or for at least one client).
 */
export async function loginLockState(siteKey: string, email: string) {
  const [address, clients] = await Promise.all([
    counterState("loginAccount", loginAddressKey(siteKey, email)),
    fullUntil("loginAccountClient", `${loginAddressKey(siteKey, email)}|`),
  ]);
  const until = [address?.full ? address.until : null, clients[0] ?? null].filter((d) => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
  return { failures: address?.count ?? 0, lockedUntil: until ?? null, forEveryone: !!address?.full };
}

export type PasswordCheck = { ok: true } | { ok: false; reason: "wrong" } | { ok: false; reason: "blocked"; retryAfterMs: number };

/**
 * A logged-in member confirms a step (deleting the account) with their password. Counted like a
 * login of their address from this client, so a stolen session cannot guess the password here
 * faster than at the login.
 */
export async function confirmOwnPassword(site: Site, userId: number, password: string, ip: string): Promise<PasswordCheck> {
  const user = await getDb().user.findFirst({ where: { id: userId, siteKey: site.key }, select: { email: true, passwordHash: true } });
  if (!user) return { ok: false, reason: "wrong" };
  const checks: Check[] = [
    ["loginAccountClient", pairKey(site.key, user.email, ip)],
    ["loginIp", ipKey(ip)],
  ];
  const place = await take(...checks);
  if (!place.ok) return { ok: false, reason: "blocked", retryAfterMs: place.retryAfterMs };
  let right = false;
  try {
    right = await verifyPassword(user.passwordHash, password);
  } finally {
    if (right) await giveBack(...checks);
  }
  if (right) return { ok: true };
  const limits = [LIMITS.login.perAccountAndClient, LIMITS.login.perIp];
  const held = await Promise.all(checks.map(([name, key], i) => (place.counts[i]! >= limits[i]! ? holdFull(name, key, LIMITS.login.blockSeconds) : false)));
  return held.includes(true) ? { ok: false, reason: "blocked", retryAfterMs: LIMITS.login.blockSeconds * 1000 } : { ok: false, reason: "wrong" };
}
