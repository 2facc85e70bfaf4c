// The mail job: hands one rendered message to the transport. Throwing makes BullMQ retry.
import type { Job } from "bullmq";
import type { MailJob } from "#app/mail/mail-queue.server.ts";
import { deliver } from "#app/mail/transport.server.ts";

export async function sendMailJob(job: Pick<Job<MailJob>, "data">) {
  return deliver(job.data.message);
}
