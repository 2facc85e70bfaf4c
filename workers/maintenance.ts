// Scheduled housekeeping: accounts whose 14-day reactivation window has passed are anonymised;
// expired sessions, old login attempts, spent tokens, anonymous tracking rows and old mail
// delivery records and expired data exports are removed; pending payments whose webhook never
// came are asked of their provider (an expired one frees its discount code).
import { purgeDeletedAccounts } from "#app/accounts/account.server.ts";
import { cleanupExpired } from "#app/maintenance/cleanup.server.ts";
import { settleStalePayments } from "#app/payments/stale-payments.server.ts";
import { getDb } from "#app/utils/db.server.ts";

const HOUR_MS = 60 * 60_000;

export const MAINTENANCE_SCHEDULES = [
  { id: "purge-deleted-accounts", every: HOUR_MS, job: "purge-deleted-accounts" },
  { id: "cleanup-expired", every: HOUR_MS, job: "cleanup-expired" },
  { id: "settle-stale-payments", every: HOUR_MS / 4, job: "settle-stale-payments" },
] as const;

export async function maintenanceJob(job: { name: string }) {
  if (job.name === "purge-deleted-accounts") return { purged: await purgeDeletedAccounts() };
  if (job.name === "cleanup-expired") return cleanupExpired();
  if (job.name === "settle-stale-payments") return settleStalePayments(getDb());
  throw new Error(`unknown maintenance job ${job.name}`);
}
