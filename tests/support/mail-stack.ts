// The app over HTTP with a real SMTP server behind it and a mail worker delivering to it: the
// setup of every integration test that reads the mails a request sends. Call at the top of a
// test file; the returned object's fields are set once beforeAll has run.
import { afterAll, beforeAll } from "vitest";
import type { MailJob } from "#app/mail/mail-queue.server.ts";
import { closeQueues, createWorker, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { sendMailJob } from "#workers/mail.ts";
import { startTestServer, type TestServer } from "./http.ts";
import { startSmtpServer } from "./smtp.ts";

export interface MailStack {
  server: TestServer;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
}

/** smtp: the test SMTP server's options (addresses it refuses for good, …). */
export function useServerWithMail(options: { smtp?: Parameters<typeof startSmtpServer>[0] } = {}): MailStack {
  const stack = {} as MailStack;
  // only a mail worker: a payments worker here would take other test files' payment jobs
  let worker: ReturnType<typeof createWorker<MailJob>>;
  beforeAll(async () => {
    stack.smtp = await startSmtpServer(options.smtp);
    process.env.SMTP_URL = stack.smtp.url;
    resetSingleton("env");
    stack.server = await startTestServer();
    worker = createWorker<MailJob>(QUEUE_NAMES.mail, sendMailJob, { concurrency: 2 });
    await worker.waitUntilReady();
  });
  afterAll(async () => {
    await worker.close();
    await closeQueues();
    await stack.server.close();
    await stack.smtp.close();
    delete process.env.SMTP_URL;
    resetSingleton("env");
  });
  return stack;
}
