// Redis killed (SIGKILL) with mail waiting in the queue, one job due now and one scheduled for
// later: after Redis comes back on the same append-only file, the worker delivers both, once
// each. This is what a production Redis must be run with (appendonly yes); the worker-kill case
// is in workers/mail.test.ts, on both backends.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeQueues, createWorker, getQueue, type QueueName } from "#app/queue/queues.server.ts";
import { MAIL_JOB_OPTIONS, type MailJob } from "#app/mail/mail-queue.server.ts";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { sendMailJob } from "./mail.ts";
import { setEnv } from "#tests/support/fixtures.ts";

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
const saved = { SMTP_URL: process.env.SMTP_URL, REDIS_URL: process.env.REDIS_URL };

async function freePort() {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A private redis-server writing every change to its append-only file before answering. */
async function startRedis(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""],
    { stdio: "ignore" },
  );
  await expect
    .poll(
      () =>
        new Promise((resolve) => {
          const socket = net.connect(port, "127.0.0.1", () => {
            socket.end();
            resolve(true);
          });
          socket.on("error", () => resolve(false));
        }),
      { timeout: 10_000, interval: 100 },
    )
    .toBe(true);
  return child;
}

const mail = (subject: string): MailJob["message"] => ({
  from: { name: "Lovely Dates", address: "noreply@lovely.localhost" },
  to: "anna@example.test",
  subject,
  text: "Hello Anna",
});

let redis: ChildProcess | null = null;
let dir: string | null = null;
afterEach(async () => {
  await closeQueues();
  redis?.kill("SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
  setEnv(saved);
});

describe.skipIf(!hasRedisServer)("a Redis crash", () => {
  it("loses no waiting or scheduled mail, and sends each once", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "rdv-redis-"));
    const port = await freePort();
    redis = await startRedis(dir, port);
    const smtp = await startSmtpServer();
    setEnv({ SMTP_URL: smtp.url, REDIS_URL: `redis://127.0.0.1:${port}` });
    const name = `mail-redis-restart-${process.pid}` as QueueName;
    const queue = getQueue(name);
    const now = crypto.randomUUID();
    const later = crypto.randomUUID();
    await queue.add("send", { id: now, siteKey: "lovely", message: mail(`Now ${now}`) }, { ...MAIL_JOB_OPTIONS, jobId: now });
    await queue.add("send", { id: later, siteKey: "lovely", message: mail(`Later ${later}`) }, { ...MAIL_JOB_OPTIONS, jobId: later, delay: 3_000 });
    expect(await queue.getJobCounts("waiting", "delayed")).toEqual({ waiting: 1, delayed: 1 });

    // Redis dies before any worker took the jobs, and comes back on the same files
    const killed = redis;
    killed.kill("SIGKILL");
    await new Promise((r) => killed.once("exit", r));
    redis = await startRedis(dir, port);

    const worker = createWorker<MailJob>(name, sendMailJob);
    await expect.poll(() => smtp.received.length, { timeout: 30_000, interval: 200 }).toBe(2);
    const subjects = smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]).sort();
    expect(subjects).toEqual([`Later ${later}`, `Now ${now}`]);
    await expect.poll(async () => (await queue.getJobCounts("completed")).completed, { timeout: 10_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 1_000)); // nothing comes twice
    expect(smtp.attempts()).toBe(2);
    await worker.close();
    await smtp.close();
  }, 60_000);
});
