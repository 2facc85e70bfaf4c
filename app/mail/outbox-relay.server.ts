// The relay: hands the mails of the outbox table (outbox-store.server.ts) to the mail queue. It
// runs wherever the queue workers run (workers/index.ts), as many as there are worker processes.
//
// It wakes when a write's transaction commits (LISTEN on OUTBOX_CHANNEL, a connection of its
// own outside the pool), and every POLL_MS whatever it heard: a notification missed while its
// connection was down, or rows whose retry or lease fell due, wait at most that long. Each run
// takes due rows in batches and adds them to the queue under their own ids; a queue that does
// not answer (QUEUE_ADD_TIMEOUT_MS) leaves them to the next try RETRY_MS later.
import pg from "pg";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getDatabaseUrl } from "#app/utils/env.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { MAIL_JOB_OPTIONS } from "./mail-queue.server.ts";
import { markHandedOver, markNotHandedOver, OUTBOX_CHANNEL, outboxQueue, takeDueMails } from "./outbox-store.server.ts";

const POLL_MS = 1_000;
const RETRY_MS = 1_000;
const BATCH = 50;
const LISTEN_RETRY_MS = 2_000;

export interface MailOutboxRelay {
  /** runs now (also what a notification does) */
  wake(): void;
  /** resolves once no run is under way */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function startMailOutboxRelay(): MailOutboxRelay {
  const queue = outboxQueue();
  const log = getLogger();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function handOverDue() {
    for (;;) {
      const mails = await takeDueMails(queue, BATCH);
      if (!mails.length) return;
      const ids = mails.map((m) => m.id);
      try {
        await getQueue(QUEUE_NAMES.mail).addBulk(mails.map((m) => ({ name: "send", data: m, opts: { ...MAIL_JOB_OPTIONS, jobId: m.id } })));
      } catch (error) {
        const reason = (error as Error).message;
        await markNotHandedOver(ids, reason, new Date(Date.now() + RETRY_MS));
        log.warn({ mails: ids.length, reason }, "mail outbox: the mail queue did not take the mails; they are tried again");
        return;
      }
      await markHandedOver(ids);
      if (mails.length < BATCH) return;
    }
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = handOverDue()
      .catch((error: Error) => log.warn({ reason: error.message }, "mail outbox: relay run failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  const poll = setInterval(wake, POLL_MS);
  const listener = listen(queue, wake, () => stopped);
  wake();

  return {
    wake,
    idle: async () => {
      while (running) await running;
    },
    close: async () => {
      stopped = true;
      clearInterval(poll);
      await listener.close();
      while (running) await running;
    },
  };
}

/** LISTEN on a connection of its own, opened again after it is lost (the poll covers the gap). */
function listen(queue: string, onNotice: () => void, stopped: () => boolean) {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped()) return;
    const c = new pg.Client({ connectionString: getDatabaseUrl() });
    client = c;
    const reconnect = () => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (!stopped()) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
    };
    c.on("error", reconnect);
    c.on("end", reconnect);
    c.on("notification", (n) => {
      if (n.payload === queue) onNotice();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (stopped()) await c.end();
      else onNotice(); // what was written while it was not listening
    } catch {
      reconnect();
    }
  };
  void connect();
  return {
    close: async () => {
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
