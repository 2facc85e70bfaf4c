// Scheduled housekeeping: accounts whose 14-day reactivation window has passed are anonymised.
import { purgeDeletedAccounts } from "#app/auth/account.server.ts";

export const MAINTENANCE_SCHEDULES = [{ id: "purge-deleted-accounts", every: 60 * 60_000, job: "purge-deleted-accounts" }] as const;

export async function maintenanceJob(job: { name: string }) {
  if (job.name === "purge-deleted-accounts") return { purged: await purgeDeletedAccounts() };
  throw new Error(`unknown maintenance job ${job.name}`);
}
