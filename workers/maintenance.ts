// Scheduled housekeeping: accounts whose 14-day reactivation window has passed are anonymised;
// expired sessions, old login attempts, spent tokens, anonymous tracking rows and old mail
// delivery records and expired data exports are removed.
import { purgeDeletedAccounts } from "#app/accounts/account.server.ts";
import { cleanupExpired } from "#app/maintenance/cleanup.server.ts";
import { pruneMailOutbox } from "#app/mail/outbox-store.server.ts";

const HOUR_MS = 60 * 60_000;

export const MAINTENANCE_SCHEDULES = [
  { id: "purge-deleted-accounts", every: HOUR_MS, job: "purge-deleted-accounts" },
  { id: "cleanup-expired", every: HOUR_MS, job: "cleanup-expired" },
  { id: "prune-mail-outbox", every: HOUR_MS, job: "prune-mail-outbox" },
] as const;

export async function maintenanceJob(job: { name: string }) {
  if (job.name === "purge-deleted-accounts") return { purged: await purgeDeletedAccounts() };
  if (job.name === "cleanup-expired") return cleanupExpired();
  if (job.name === "prune-mail-outbox") return pruneMailOutbox();
  throw new Error(`unknown maintenance job ${job.name}`);
}
