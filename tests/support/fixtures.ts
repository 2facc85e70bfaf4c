// What a test file sets up once for all its tests: each use*() registers a beforeAll that starts
// something and an afterAll that stops it, in the file (or the describe block it is called in).
// Call them at the top, in the order things must start: vitest runs beforeAll hooks in the order
// they were registered and afterAll hooks in the reverse order, so what starts first stops last.
//
//   useEnv({ MAIL_EVENTS_TOKEN: TOKEN });                     // before useTestServer: the server reads it
//   const server = useTestServer();                           // the app over HTTP
//   useWorkers();                                             // the queue workers, as npm start runs them
//   const fake = useStarted(() => startFakeMollie(KEY), (f) => f.close());   // anything else with a start and a stop
// mail-stack.ts's useServerWithMail() puts a server, a real SMTP server and workers together.
import { afterAll, beforeAll } from "vitest";
import type { MailJob } from "#app/mail/mail-queue.server.ts";
import { startMailOutboxRelay } from "#app/mail/outbox-relay.server.ts";
import { closeQueues, createWorker, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { sendMailJob } from "#workers/mail.ts";
import { startWorkers } from "#workers/index.ts";
import { startTestServer, type TestServer } from "./http.ts";

/**
 * Something a test file starts once (a server, a fake provider): `start` runs in beforeAll, `stop`
 * in afterAll. The answer stands for what `start` gave: its fields and methods can be used from
 * the first test on (and in hooks registered after this call), not while the file is being read.
 */
export function useStarted<T extends object>(start: () => Promise<T>, stop: (started: T) => Promise<unknown>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await stop(started);
  });
  return new Proxy({} as T, {
    get(_, field) {
      if (!started) throw new Error(`${String(field)} of a fixture read before its beforeAll ran: use it in a test or in a hook registered after the fixture`);
      const value = Reflect.get(started, field);
      return typeof value === "function" ? value.bind(started) : value;
    },
  });
}

/**
 * The app (production build, express host) on a loopback port, for `request(server, …)`,
 * `postForm(server, …)` and `loggedInMember(server, …)`: started before the file's first test,
 * closed after its last. `env`: settings the host reads when it starts, for this server only
 * (TRUST_PROXY, …); what the app's modules read through getEnv() is useEnv's.
 */
export function useTestServer(env: Record<string, string> = {}): TestServer {
  return useStarted(
    () => startTestServer(env),
    (server) => server.close(),
  );
}

/**
 * Environment variables for the tests of the file: set in beforeAll, put back as they were in
 * afterAll, the app's parsed environment (getEnv) re-read both times. `undefined` removes one.
 * A function is called in beforeAll, for a value known only then (the port of a server).
 */
/** Sets (undefined: removes) these variables now and makes the next getEnv() read them. */
export function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetSingleton("env");
}

export function useEnv(vars: Record<string, string | undefined> | (() => Record<string, string | undefined>)) {
  const saved: Record<string, string | undefined> = {};
  const put = setEnv;
  beforeAll(() => {
    const values = typeof vars === "function" ? vars() : vars;
    for (const name of Object.keys(values)) saved[name] = process.env[name];
    put(values);
  });
  afterAll(() => put(saved));
}

/**
 * The queue workers of this test process (its own QUEUE_NAMESPACE): all of them, as `npm start`
 * runs them, or only the mail worker (with the mail outbox's relay). Closed with the queues in afterAll.
 */
export function useWorkers(which: "all" | "mail" = "all") {
  let workers: { close(): Promise<unknown> } | undefined;
  beforeAll(async () => {
    if (which === "all") {
      workers = await startWorkers();
    } else {
      // the mail worker and the relay that queues the mails requests wrote to the outbox table
      const mail = createWorker<MailJob>(QUEUE_NAMES.mail, sendMailJob, { concurrency: 2 });
      const relay = startMailOutboxRelay();
      workers = { close: () => Promise.all([relay.close(), mail.close()]) };
      await mail.waitUntilReady();
    }
  });
  afterAll(async () => {
    await workers?.close();
    await closeQueues();
  });
}
