// Logging in with a lockout: too many failures within the window block the account (per site
// and e-mail) or the IP address for some minutes.
import { getDb } from "#app/utils/db.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { verifyPassword } from "./password.server.ts";

export const LOCKOUT = { windowMinutes: 15, perAccount: 5, perIp: 20, blockMinutes: 15 };

export type LoginResult =
  | { ok: true; userId: number }
  | { ok: false; reason: "failed" }
  | { ok: false; reason: "blocked"; minutes: number }
  | { ok: false; reason: "pending_deletion"; userId: number };

async function blockedMinutes(site: Site, email: string, ip: string) {
  const db = getDb();
  const since = new Date(Date.now() - LOCKOUT.windowMinutes * 60_000);
  const [byAccount, byIp] = await Promise.all([
    db.loginAttempt.findMany({ where: { siteKey: site.key, email, success: false, createdAt: { gte: since } }, orderBy: { createdAt: "desc" }, take: LOCKOUT.perAccount, select: { createdAt: true } }),
    db.loginAttempt.findMany({ where: { ip, success: false, createdAt: { gte: since } }, orderBy: { createdAt: "desc" }, take: LOCKOUT.perIp, select: { createdAt: true } }),
  ]);
  const until = (attempts: { createdAt: Date }[], limit: number) =>
    attempts.length >= limit ? attempts[limit - 1]!.createdAt.getTime() + LOCKOUT.blockMinutes * 60_000 : 0;
  const blockedUntil = Math.max(until(byAccount, LOCKOUT.perAccount), until(byIp, LOCKOUT.perIp));
  return blockedUntil > Date.now() ? Math.ceil((blockedUntil - Date.now()) / 60_000) : 0;
}

export async function attemptLogin(site: Site, email: string, password: string, ip: string): Promise<LoginResult> {
  const db = getDb();
  const minutes = await blockedMinutes(site, email, ip);
  if (minutes) return { ok: false, reason: "blocked", minutes };
  const user = await db.user.findUnique({ where: { siteKey_email: { siteKey: site.key, email } }, select: { id: true, passwordHash: true, status: true } });
  const valid = !!user && user.status !== "deleted" && user.status !== "banned" && (await verifyPassword(user.passwordHash, password));
  await db.loginAttempt.create({ data: { siteKey: site.key, email, ip, success: valid, userId: user?.id ?? null } });
  if (!valid) {
    const nowBlocked = await blockedMinutes(site, email, ip);
    return nowBlocked ? { ok: false, reason: "blocked", minutes: nowBlocked } : { ok: false, reason: "failed" };
  }
  if (user.status === "pending_deletion") return { ok: false, reason: "pending_deletion", userId: user.id };
  await db.user.update({ where: { id: user.id }, data: { lastSeenAt: new Date() } });
  return { ok: true, userId: user.id };
}
