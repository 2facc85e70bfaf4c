// The hourly cleanup: rows that only ever grow and stop being useful after a while.
// Login attempts stay 30 days (lockout reads the last 15 minutes, support reads further back);
// a tracking row attached to a member is their traffic source and stays for good. Data exports
// go when their link expires; requests to be invited after 90 days.
import { cleanupExports } from "#app/privacy/exports.server.ts";
import { getDb } from "#app/utils/db.server.ts";

const DAY_MS = 24 * 3600_000;

const RETENTION_DAYS = {
  /** after they were made */
  loginAttempts: 30,
  /** after being used or expiring */
  tokens: 7,
  /** arrivals that never became an account */
  unattachedTrackings: 90,
  /** requests to be invited (their e-mail address), answered or not */
  invitationRequests: 90,
  /** the delivery records that keep a retried mail job from sending twice (retries end after a day) */
  mailDeliveries: 30,
} as const;

export async function cleanupExpired(now = new Date()) {
  const db = getDb();
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const tokensCutoff = before(RETENTION_DAYS.tokens);
  const sessions = await db.session.deleteMany({ where: { expiresAt: { lt: now } } });
  const loginAttempts = await db.loginAttempt.deleteMany({ where: { createdAt: { lt: before(RETENTION_DAYS.loginAttempts) } } });
  const tokens = await db.userToken.deleteMany({ where: { OR: [{ usedAt: { lt: tokensCutoff } }, { expiresAt: { lt: tokensCutoff } }] } });
  const trackings = await db.tracking.deleteMany({ where: { userId: null, createdAt: { lt: before(RETENTION_DAYS.unattachedTrackings) } } });
  const invitationRequests = await db.invitationRequest.deleteMany({ where: { createdAt: { lt: before(RETENTION_DAYS.invitationRequests) } } });
  const mailDeliveries = await db.mailDelivery.deleteMany({ where: { deliveredAt: { lt: before(RETENTION_DAYS.mailDeliveries) } } });
  // data exports: expired zips and their rows (app/privacy/exports.server.ts)
  const exports = await cleanupExports(now);
  return {
    ...exports,
    sessions: sessions.count,
    loginAttempts: loginAttempts.count,
    tokens: tokens.count,
    trackings: trackings.count,
    mailDeliveries: mailDeliveries.count,
    invitationRequests: invitationRequests.count,
  };
}
