// Mail goes through the real queue to a real SMTP server (or the outbox folder), on both queue
// backends; a refused delivery is retried, not lost, and a job that runs again after a crash
// between delivery and completion sends nothing twice.
import { fork } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeQueues, createWorker, getQueue, type QueueName } from "#app/queue/queues.server.ts";
import { enqueueMail, MAIL_JOB_OPTIONS, type MailJob } from "#app/mail/mail-queue.server.ts";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { sendMailJob } from "./mail.ts";
import { setEnv } from "#tests/support/fixtures.ts";

const backends = [{ name: "PostgreSQL", redis: undefined }, ...(process.env.REDIS_URL ? [{ name: "Redis", redis: process.env.REDIS_URL }] : [])];

// Other test files run the real workers on the shared "mail" queue at the same time: these
// tests use queues of their own so that no foreign worker takes their jobs.
let q = 0;
const ownQueue = () => `mail-test-${process.pid}-${Date.now()}-${q++}` as QueueName;

const saved = { SMTP_URL: process.env.SMTP_URL, REDIS_URL: process.env.REDIS_URL, DATA_DIR: process.env.DATA_DIR };
afterEach(async () => {
  await closeQueues();
  setEnv(saved);
});

const mail = (subject: string): MailJob["message"] => ({
  from: { name: "Lovely Dates", address: "noreply@lovely.localhost" },
  to: "anna@example.test",
  subject,
  text: "Hello Anna",
});

/** A worker in a child process that delivers the job and is killed (SIGKILL) before completing it. */
function crashAfterDelivery(queue: QueueName) {
  const child = fork(path.resolve("tests/support/mail-crash-worker.ts"), [queue], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code, signal) => reject(new Error(`worker exited before it was ready (${code ?? signal})`)));
  });
  const killed = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  return { ready, killed };
}

describe.each(backends)("mail through the $name queue", ({ redis }) => {
  it("delivers to the SMTP server and retries a refused delivery", async () => {
    const smtp = await startSmtpServer({ rejectFirst: 1 });
    setEnv({ SMTP_URL: smtp.url, REDIS_URL: redis });
    const { getEnv } = await import("#app/utils/env.server.ts");
    expect(getEnv().SMTP_URL).toBe(smtp.url);
    const name = ownQueue();
    const worker = createWorker<MailJob>(name, sendMailJob);
    try {
      const queue = getQueue(name);
      const job = await queue.add(
        "send",
        { id: crypto.randomUUID(), siteKey: "lovely", message: mail(`Welcome ${Date.now()}`) },
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
    }
  });

  it("gives each mail a stable id: the job id and the Message-ID header", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rdv-outbox-"));
    setEnv({ SMTP_URL: undefined, DATA_DIR: dataDir, REDIS_URL: redis });
    try {
      const job = await enqueueMail({ siteKey: "lovely", message: mail("Stable id") });
      const again = await enqueueMail({ siteKey: "lovely", message: mail("Stable id") });
      // the shared queue belongs to the other test files' workers: take the jobs back out
      await Promise.all(
        [job, again].map((j) =>
          getQueue("mail")
            .remove(j.id!)
            .catch(() => 0),
        ),
      );
      expect(job.data.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(job.id).toBe(job.data.id);
      expect(again.id).not.toBe(job.id);

      const result = await sendMailJob(job);
      expect(result.file).toBe(path.join(dataDir, "outbox", `${job.data.id}.eml`));
      expect(readFileSync(result.file!, "utf8")).toMatch(new RegExp(`^Message-ID: <${job.data.id}@lovely\\.localhost>`, "mi"));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each(["SMTP", "outbox"])(
    "a job killed after delivering to the %s runs again and sends nothing twice",
    async (transport) => {
      const smtp = await startSmtpServer();
      const dataDir = mkdtempSync(path.join(tmpdir(), "rdv-outbox-"));
      setEnv({ SMTP_URL: transport === "SMTP" ? smtp.url : undefined, DATA_DIR: dataDir, REDIS_URL: redis });
      const outbox = () => {
        try {
          return readdirSync(path.join(dataDir, "outbox"));
        } catch {
          return [];
        }
      };
      const name = ownQueue();
      const crash = crashAfterDelivery(name);
      try {
        await crash.ready;
        const id = crypto.randomUUID();
        const queue = getQueue(name);
        await queue.add("send", { id, siteKey: "lovely", message: mail(`Reset ${id}`) }, { ...MAIL_JOB_OPTIONS, jobId: id });
        expect(await crash.killed).toBe("SIGKILL");
        const delivered = transport === "SMTP" ? smtp.received.length : outbox().length;
        expect(delivered).toBe(1);
        expect((await queue.getJob(id))?.finishedOn ?? null).toBeNull(); // the job was not marked done

        // a new worker finds the job stalled, runs it again, and completes it without sending
        const worker = createWorker<MailJob>(name, sendMailJob, { stalledInterval: 300, lockDuration: 1_000 });
        try {
          await expect.poll(async () => (await queue.getJob(id))?.finishedOn ?? null, { timeout: 20_000, interval: 200 }).not.toBeNull();
        } finally {
          await worker.close();
        }
        if (transport === "SMTP") {
          expect(smtp.attempts()).toBe(1);
          expect(smtp.received).toHaveLength(1);
        } else {
          expect(outbox()).toEqual([`${id}.eml`]);
          expect(readFileSync(path.join(dataDir, "outbox", `${id}.eml`), "utf8")).toContain(`Reset ${id}`);
        }
        const done = (await queue.getJob(id))!;
        expect(done.attemptsStarted).toBe(2);
        expect(done.returnvalue).toMatchObject({ skipped: true });
      } finally {
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  ); // a child process starts (tsx) on a shared machine
});

describe("idempotent delivery", () => {
  it("sends a mail id once over SMTP and writes it once to the outbox", async () => {
    const smtp = await startSmtpServer();
    const dataDir = mkdtempSync(path.join(tmpdir(), "rdv-outbox-"));
    try {
      const job = { id: "mail-" + crypto.randomUUID(), data: { id: crypto.randomUUID(), siteKey: "lovely", message: mail("Twice?") } };
      setEnv({ SMTP_URL: smtp.url });
      const [first, second] = [await sendMailJob(job), await sendMailJob(job)];
      expect(smtp.received).toHaveLength(1);
      expect(first.skipped).toBeUndefined();
      expect(second).toMatchObject({ skipped: true, messageId: first.messageId });

      setEnv({ SMTP_URL: undefined, DATA_DIR: dataDir });
      const outboxJob = { ...job, data: { ...job.data, id: crypto.randomUUID() } };
      await Promise.all([sendMailJob(outboxJob), sendMailJob(outboxJob)]);
      await sendMailJob(outboxJob);
      expect(readdirSync(path.join(dataDir, "outbox"))).toEqual([`${outboxJob.data.id}.eml`]);
    } finally {
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses an id that cannot be a file name", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rdv-outbox-"));
    setEnv({ SMTP_URL: undefined, DATA_DIR: dataDir });
    try {
      await expect(sendMailJob({ id: "1", data: { id: "../escape", siteKey: "lovely", message: mail("x") } })).rejects.toThrow(/invalid mail id/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
