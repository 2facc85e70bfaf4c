// Mail goes through the real queue to a real SMTP server, on both queue backends; a refused
// delivery is retried, not lost.
import { afterEach, describe, expect, it } from "vitest";
import { closeQueues, createWorker, getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { MAIL_JOB_OPTIONS, type MailJob } from "#app/mail/mail-queue.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { sendMailJob } from "./mail.ts";

const backends = [
  { name: "PostgreSQL", redis: undefined },
  ...(process.env.REDIS_URL ? [{ name: "Redis", redis: process.env.REDIS_URL }] : []),
];

function useEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetSingleton("env");
}

afterEach(async () => {
  await closeQueues();
});

describe.each(backends)("mail through the $name queue", ({ redis }) => {
  it("delivers to the SMTP server and retries a refused delivery", async () => {
    const smtp = await startSmtpServer({ rejectFirst: 1 });
    const savedRedis = process.env.REDIS_URL;
    useEnv({ SMTP_URL: smtp.url, REDIS_URL: redis });
    const { getEnv } = await import("#app/utils/env.server.ts");
    expect(getEnv().SMTP_URL).toBe(smtp.url);
    const worker = createWorker<MailJob>(QUEUE_NAMES.mail, sendMailJob);
    try {
      const queue = getQueue(QUEUE_NAMES.mail);
      const job = await queue.add(
        "send",
        { siteKey: "lovely", message: { from: "Lovely Dates <noreply@lovely.localhost>", to: "anna@example.test", subject: `Welcome ${Date.now()}`, text: "Hello Anna" } },
        { ...MAIL_JOB_OPTIONS, backoff: { type: "fixed", delay: 100 } },
      );
      await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
      expect(smtp.attempts()).toBe(2);
      expect(smtp.received[0]!.to).toEqual(["anna@example.test"]);
      expect(smtp.received[0]!.raw).toContain("Hello Anna");
      await expect.poll(async () => (await queue.getJob(job.id!))?.finishedOn ?? null, { timeout: 10_000 }).not.toBeNull();
      const done = await queue.getJob(job.id!);
      expect(done?.attemptsMade).toBe(2);
    } finally {
      await worker.close();
      await smtp.close();
      useEnv({ SMTP_URL: undefined, REDIS_URL: savedRedis });
    }
  });
});
