// Mail leaves the request through the queue; the worker renders nothing, it delivers.
import type Mail from "nodemailer/lib/mailer";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";

export interface MailJob {
  siteKey: string;
  message: Pick<Mail.Options, "from" | "to" | "subject" | "text" | "html" | "replyTo" | "headers">;
}

/** Retries with exponential backoff for a day; a job is done only once the mail was accepted. */
export const MAIL_JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: "exponential" as const, delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: false,
};

export async function enqueueMail(job: MailJob, idempotencyKey?: string) {
  return getQueue(QUEUE_NAMES.mail).add("send", job, { ...MAIL_JOB_OPTIONS, jobId: idempotencyKey });
}
