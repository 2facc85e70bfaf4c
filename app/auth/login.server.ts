// Logging in with a lockout: 5 failures for one account (site + e-mail address) or 20 from one IP
// address within 15 minutes block logging in for 15 minutes (LIMITS.login).
//
// Each attempt takes its place in both counters BEFORE the password is checked and gives it
// back when the password was right, so parallel attempts cannot check more passwords than the
// limit allows: the sixth concurrent guess is refused without being verified. Every verified
// attempt is kept in login_attempts for support.
import { getDb } from "#app/utils/db.server.ts";
import { giveBack, holdFull, ipKey, LIMITS, take, type Check } from "#app/limits/rate-limits.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { verifyPassword } from "./password.server.ts";

export type LoginResult =
  | { ok: true; userId: number }
  | { ok: false; reason: "failed" }
  | { ok: false; reason: "blocked"; retryAfterMs: number }
  | { ok: false; reason: "pending_deletion"; userId: number };

export async function attemptLogin(site: Site, email: string, password: string, ip: string): Promise<LoginResult> {
  const checks: Check[] = [
    ["loginAccount", `${site.key}:${email}`],
    ["loginIp", ipKey(ip)],
  ];
  const place = await take(...checks);
  if (!place.ok) return { ok: false, reason: "blocked", retryAfterMs: place.retryAfterMs };

  const db = getDb();
  let valid = false;
  let user: { id: number; passwordHash: string | null; status: string } | null = null;
  try {
    user = await db.user.findUnique({ where: { siteKey_email: { siteKey: site.key, email } }, select: { id: true, passwordHash: true, status: true } });
    valid = !!user && user.status !== "deleted" && user.status !== "banned" && (await verifyPassword(user.passwordHash, password));
    await db.loginAttempt.create({ data: { siteKey: site.key, email, ip, success: valid, userId: user?.id ?? null } });
  } catch (error) {
    await giveBack(...checks);
    throw error;
  }

  if (!valid || !user) {
    // the attempt that filled a counter blocks it for the full block time from now
    const [accountCount, ipCount] = place.counts as [number, number];
    const filled = [accountCount >= LIMITS.login.perAccount ? checks[0]! : null, ipCount >= LIMITS.login.perIp ? checks[1]! : null].filter((c) => c !== null);
    const held = await Promise.all(filled.map(([name, key]) => holdFull(name, key, LIMITS.login.blockSeconds)));
    if (!held.includes(true)) return { ok: false, reason: "failed" };
    return { ok: false, reason: "blocked", retryAfterMs: LIMITS.login.blockSeconds * 1000 };
  }
  await giveBack(...checks);
  if (user.status === "pending_deletion") return { ok: false, reason: "pending_deletion", userId: user.id };
  await db.user.update({ where: { id: user.id }, data: { lastSeenAt: new Date() } });
  return { ok: true, userId: user.id };
}
