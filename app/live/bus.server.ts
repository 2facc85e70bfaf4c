// Live events for members' open pages: something happened for profile X (a message, a like, a
// match, a read receipt). Any process may publish; every process hears every event through
// PostgreSQL LISTEN/NOTIFY (the embedded default) or Redis pub/sub (REDIS_URL), and hands it to
// the listeners it holds for that profile (the Server-Sent Events streams of app/live/event-stream.server.ts).
// Events carry no content, only what changed: the page fetches what it may see.
import { Redis } from "ioredis";
import pg from "pg";
import { getDatabaseUrl, getEnv } from "#app/utils/env.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { singleton } from "#app/utils/singleton.ts";

export type LiveEvent =
  | { type: "message"; conversationId: number }
  | { type: "read"; conversationId: number }
  | { type: "like"; profileId: number }
  | { type: "match"; profileId: number }
  | { type: "counts" };

type Listener = (event: LiveEvent) => void;
interface Envelope {
  to: number[];
  event: LiveEvent;
}

const CHANNEL = "rendezvous_live";

interface Transport {
  send(envelope: Envelope): Promise<void>;
  close(): Promise<void>;
}

class Bus {
  private listeners = new Map<number, Set<Listener>>();
  private transport: Promise<Transport> | null = null;

  /** Local delivery: the listeners this process holds for the envelope's profiles. */
  deliver(envelope: Envelope) {
    for (const id of envelope.to) for (const listener of this.listeners.get(id) ?? []) listener(envelope.event);
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
  let closed = false;
  let client: pg.Client;
  const open = async () => {
    client = new pg.Client({ connectionString });
    client.on("notification", (n) => {
      if (n.channel === CHANNEL && n.payload) bus.deliver(JSON.parse(n.payload) as Envelope);
    });
    client.on("error", (error) => {
      if (closed) return;
      log.warn({ err: error }, "live events: PostgreSQL listener lost, reconnecting");
      setTimeout(() => void open().catch((e: unknown) => log.error({ err: e }, "live events: reconnect failed")), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  };
  await open();
  return {
    send: async (envelope) => {
      await client.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(envelope)]);
    },
    close: async () => {
      closed = true;
      await client.end().catch(() => {});
    },
  };
}

/** A subscriber connection (Redis forbids other commands on it) and a publisher connection. */
async function redisTransport(url: string, bus: Bus): Promise<Transport> {
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  const publisher = new Redis(url, { maxRetriesPerRequest: null });
  subscriber.on("message", (channel: string, payload: string) => {
    if (channel === CHANNEL) bus.deliver(JSON.parse(payload) as Envelope);
  });
  await subscriber.subscribe(CHANNEL);
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
