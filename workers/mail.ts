// The mail job: hands one rendered message to the transport, keyed by the mail's id so that a
// job that runs again delivers nothing twice. Throwing makes BullMQ retry.
import type { Job } from "bullmq";
import type { MailJob } from "#app/mail/mail-queue.server.ts";
import { deliver } from "#app/mail/transport.server.ts";
import { recordCampaignMail } from "#app/campaigns/deliveries.server.ts";
import { suppressAddress } from "#app/notifications/suppression.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";

export async function sendMailJob(job: Pick<Job<MailJob>, "data" | "id">) {
  const id = job.data.id ?? job.id;
  if (!id) throw new Error("mail job without an id");
  // a hard bounce: the address gets no more notification mail
  const result = await deliver(id, job.data.message, { onHardBounce: (address) => suppressAddress(address, "bounce") });
  // a campaign's mail: its report counts it delivered or bounced
  await recordCampaignMail(id, result);
  getLogger().info(
    { mailId: id, skipped: result.skipped ?? false, bounced: result.bounced?.length ?? 0 },
    result.skipped ? "mail already delivered" : "mail delivered",
  );
  return result;
}
