// Live events for members' open pages: something happened for profile X (a message, a like, a
// match, a read receipt). Any process may publish; every process hears every event through
// PostgreSQL LISTEN/NOTIFY (the embedded default) or Redis pub/sub (REDIS_URL), and hands it to
// the listeners it holds for that profile (the Server-Sent Events streams of app/live/event-stream.server.ts).
// Events carry no content, only what changed: the page fetches what it may see.
// The same channel carries "this process committed a write a page of these sites may show"
// (shareVisibleWrites): the other processes drop what they keep for those sites (server/page-cache.ts,
// the shared results) at once. When the channel comes back after a drop (Redis or PostgreSQL
// restarted), every open stream here gets "resync": events sent meanwhile were lost, so its page
// reads its state again.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { markOtherProcessWrite, onVisibleWrite, type WriteSites } from "#app/utils/cache.server.ts";
import { getDatabaseUrl, getEnv } from "#app/utils/env.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { lazyRequire } from "#app/utils/lazy-require.server.ts";

const ioredis = lazyRequire<typeof import("ioredis")>("ioredis");

export type LiveEvent =
  | { type: "message"; conversationId: number }
  | { type: "read"; conversationId: number }
  /** the partner read the conversation: the sender's "Seen" */
  | { type: "seen"; conversationId: number }
  /** the partner is writing (app/chat/typing.server.ts) */
  | { type: "typing"; conversationId: number }
  | { type: "like"; profileId: number }
  | { type: "match"; profileId: number }
  | { type: "counts" }
  /** the channel was down for a while: events may have been lost, read everything again */
  | { type: "resync" };

type Listener = (event: LiveEvent) => void;
/** `sites`: the sites whose pages the writes may change; absent or null: every site. */
type Envelope = { to: number[]; event: LiveEvent } | { writesOf: string; sites?: string[] | null };

/** This process, in the envelopes it sends about its writes (it hears its own too). */
const PROCESS_ID = randomUUID();

/** One channel per QUEUE_NAMESPACE: processes that keep their jobs apart (the tests) keep their events apart too. */
const channel = () => `rendezvous_live${getEnv().QUEUE_NAMESPACE ? `_${getEnv().QUEUE_NAMESPACE!.toLowerCase()}` : ""}`;

interface Transport {
  send(envelope: Envelope): Promise<void>;
  close(): Promise<void>;
}

class Bus {
  private listeners = new Map<number, Set<Listener>>();
  private transport: Promise<Transport> | null = null;

  /** Local delivery: the listeners this process holds for the envelope's profiles, or another process's write. */
  deliver(envelope: Envelope) {
    if ("writesOf" in envelope) {
      if (envelope.writesOf !== PROCESS_ID) markOtherProcessWrite(envelope.sites ?? null);
      return;
    }
    for (const id of envelope.to) for (const listener of this.listeners.get(id) ?? []) listener(envelope.event);
  }

  /** The channel is back after a drop: every stream here hears "resync"; the pages kept here may have missed writes too. */
  reconnected() {
    getLogger().info({ streams: [...this.listeners.values()].reduce((n, s) => n + s.size, 0) }, "live events: channel back, open pages read their state again");
    markOtherProcessWrite(null);
    for (const set of this.listeners.values()) for (const listener of set) listener({ type: "resync" });
  }

  subscribe(profileId: number, listener: Listener) {
    let set = this.listeners.get(profileId);
    if (!set) this.listeners.set(profileId, (set = new Set()));
    set.add(listener);
    void this.connect(); // start hearing other processes once someone here listens
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(profileId);
    };
  }

  listenerCount(profileId: number) {
    return this.listeners.get(profileId)?.size ?? 0;
  }

  async publish(to: number[], event: LiveEvent) {
    if (!to.length) return;
    await (await this.connect()).send({ to: [...new Set(to)], event });
  }

  /** Tells the other processes that this one committed a write a page of these sites (null: of any site) may show. */
  async publishWrites(sites: WriteSites = null) {
    await (await this.connect()).send({ writesOf: PROCESS_ID, sites: sites && [...sites] });
  }

  connect() {
    this.transport ??= (getEnv().REDIS_URL ? redisTransport(getEnv().REDIS_URL!, this) : postgresTransport(getDatabaseUrl(), this)).catch((error: unknown) => {
      this.transport = null;
      throw error;
    });
    return this.transport;
  }

  async close() {
    const transport = this.transport;
    this.transport = null;
    await (await transport?.catch(() => null))?.close();
  }
}

/** One connection that LISTENs (re-established when it drops) and NOTIFY through the same one. */
async function postgresTransport(connectionString: string, bus: Bus): Promise<Transport> {
  const log = getLogger();
  const CHANNEL = channel();
  let closed = false;
  let lost = false;
  let client: pg.Client;
  const open = async () => {
    const own = new pg.Client({ connectionString });
    client = own;
    own.on("notification", (n) => {
      if (n.channel === CHANNEL && n.payload) bus.deliver(JSON.parse(n.payload) as Envelope);
    });
    own.on("error", (error) => {
      if (closed) return;
      if (lost) return; // one reconnect loop per lost connection
      lost = true;
      log.warn({ err: error }, "live events: PostgreSQL listener lost, reconnecting");
      own.end().catch(() => {});
      reconnect();
    });
    await own.connect();
    await own.query(`LISTEN ${CHANNEL}`);
  };
  // every second until the database answers again; then the open pages catch up
  const reconnect = () =>
    setTimeout(() => {
      if (closed) return;
      open().then(
        () => {
          lost = false;
          bus.reconnected();
        },
        (e: unknown) => {
          log.warn({ err: e }, "live events: reconnect failed, trying again");
          client.end().catch(() => {});
          reconnect();
        },
      );
    }, 1000);
  try {
    await open();
  } catch (error) {
    closed = true; // the caller tries a new transport; this one starts no reconnect loop
    throw error;
  }
  // one statement at a time on the connection: pg queues a query sent while another runs, but
  // warns that pg@9 will not (a like announces two events at once)
  let last: Promise<unknown> = Promise.resolve();
  return {
    send: (envelope) => {
      const sent = last.then(() => client.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(envelope)]));
      last = sent.catch(() => {});
      return sent.then(() => {});
    },
    close: async () => {
      closed = true;
      await client.end().catch(() => {});
    },
  };
}

/** A subscriber connection (Redis forbids other commands on it) and a publisher connection. */
async function redisTransport(url: string, bus: Bus): Promise<Transport> {
  const CHANNEL = channel();
  const { Redis } = ioredis();
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  const publisher = new Redis(url, { maxRetriesPerRequest: null });
  subscriber.on("message", (channel: string, payload: string) => {
    if (channel === CHANNEL) bus.deliver(JSON.parse(payload) as Envelope);
  });
  await subscriber.subscribe(CHANNEL);
  // ioredis reconnects and subscribes again by itself; once it has, the open pages catch up
  let dropped = false;
  subscriber.on("close", () => void (dropped = true));
  subscriber.on("ready", () => {
    if (!dropped) return;
    dropped = false;
    warned.clear();
    bus.reconnected();
  });
  // each failed reconnect is an error event: said once per connection and outage
  const warned = new Set<string>();
  for (const [name, connection] of [
    ["subscriber", subscriber],
    ["publisher", publisher],
  ] as const) {
    connection.on("error", (error: Error) => {
      if (warned.has(name)) return;
      warned.add(name);
      getLogger().warn({ err: error }, `live events: Redis ${name} connection lost, reconnecting`);
    });
  }
  return {
    send: async (envelope) => {
      await publisher.publish(CHANNEL, JSON.stringify(envelope));
    },
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

export const getLiveBus = () => singleton("liveBus", () => new Bus());

/** Tells the open pages of these profiles, in every process, that something changed for them. */
const publishLive = (to: number[], event: LiveEvent) => getLiveBus().publish(to, event);

/**
 * The same after a change is committed, without making the change wait or fail: a lost event
 * costs a page at most one polling interval (60 s) of staleness.
 */
export function announce(to: number[], event: LiveEvent) {
  publishLive(to, event).catch((error: unknown) => getLogger().warn({ err: error, event }, "live event not published"));
}

/** A burst of writes is announced this long after its first: the short transaction a write belongs to has committed by then. */
const WRITE_NOTICE_DELAY_MS = 50;

/**
 * From now on this process tells the others of its writes a page may show (one notice per burst,
 * WRITE_NOTICE_DELAY_MS after its first write), and drops what it keeps when they tell it of
 * theirs. A transaction still open after the delay is seen elsewhere within the caches' TTL.
 */
export function shareVisibleWrites() {
  const bus = getLiveBus();
  const log = getLogger();
  bus.connect().catch((error: unknown) => log.warn({ err: error }, "live events: not connected; other processes' writes show within the caches' TTL"));
  let pending: NodeJS.Timeout | null = null;
  // the sites written in this burst; null once a write of unknown site is among them
  let sites: Set<string> | null = new Set();
  onVisibleWrite((written) => {
    if (!written) sites = null;
    else if (sites) for (const site of written) sites.add(site);
    pending ??= setTimeout(() => {
      const burst = sites && [...sites];
      pending = null;
      sites = new Set();
      bus.publishWrites(burst).catch((error: unknown) => log.warn({ err: error }, "live events: a write was not announced to the other processes"));
    }, WRITE_NOTICE_DELAY_MS);
  });
}
