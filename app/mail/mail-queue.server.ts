// Mail leaves the request through the queue; the worker renders nothing, it delivers.
//
// A request does not add mail jobs itself: it writes the mail into the outbox table with the
// change it belongs to (outbox-store.server.ts) and the relay of the worker process adds the job,
// so a queue backend that is down costs the request nothing and loses nothing. enqueueMail adds
// the job at once: for jobs (notifications, campaigns), whose own retry covers a queue that
// refuses it (the add fails within QUEUE_ADD_TIMEOUT_MS).
//
// Every mail gets its id when it is enqueued: the BullMQ job id, the Message-ID header and the
// key under which delivery is recorded. A job that runs again (a worker killed after the SMTP
// server accepted the mail but before the job was marked done) finds the id delivered and
// sends nothing (see transport.server.ts).
import { randomUUID } from "node:crypto";
import type Mail from "nodemailer/lib/mailer";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";

export interface MailJob {
  /** The mail's stable id (a UUID); absent only on jobs enqueued before ids existed. */
  id?: string;
  siteKey: string;
  message: Pick<Mail.Options, "from" | "to" | "subject" | "text" | "html" | "replyTo" | "headers">;
}

/**
 * Exponential backoff: retry n waits 21 s × 2^(n-1), so the 12 retries after the first attempt
 * come 21 s … 12 h apart and the last one starts 21 s × (2^12 − 1) = 23 h 53 min after the
 * first failure (mail-queue.test.ts computes it; docs/accounts.md quotes it). A job is done only once
 * the mail was accepted.
 */
export const MAIL_JOB_OPTIONS = {
  attempts: 13,
  backoff: { type: "exponential" as const, delay: 21_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: false,
};

export async function enqueueMail(job: Omit<MailJob, "id">, id: string = randomUUID()) {
  return getQueue(QUEUE_NAMES.mail).add("send", { ...job, id }, { ...MAIL_JOB_OPTIONS, jobId: id });
}
