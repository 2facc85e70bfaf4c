// GET /metrics: the whole instance's figures in Prometheus text format, for a scraper that sends
// `Authorization: Bearer <METRICS_TOKEN>` (anything else, or no METRICS_TOKEN: a 404). Answered
// first, on any host, before the site is resolved, never cached.
//
// The series of each web process are in prom-client's global registry (app/metrics/metrics.server.ts);
// the instance's own (queue depth, failed jobs, web process restarts) in `instanceRegistry`, kept by
// the process that owns the instance: the only process, or the primary that forks the web processes.
// With several web processes (node:cluster) a scrape reaches one of them, and the primary does not
// listen for HTTP: the web process asks the primary over IPC, the primary asks every web process
// for its series (each answer within WEB_PROCESS_DEADLINE_MS, or left out), adds its own and
// aggregates them with prom-client's AggregatorRegistry.aggregate (counters and histograms summed,
// process gauges by prom-client's rules). Not AggregatorRegistry.clusterMetrics(): it leaves out
// the primary's own registry and fails the whole scrape when one web process does not answer.
import cluster, { type Worker } from "node:cluster";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { AggregatorRegistry, Counter, Gauge, register, Registry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import { startMetrics } from "#app/metrics/metrics.server.ts";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { logAnswer } from "./request-log.ts";

/** A queue backend that does not answer (a dead Redis) leaves the queue series out after this long. */
const QUEUE_DEADLINE_MS = 1000;
/** A web process that does not answer the primary within this long is left out of the scrape. */
const WEB_PROCESS_DEADLINE_MS = 1500;
/** The web process's wait for the primary's aggregate (which waits for the others). */
const PRIMARY_DEADLINE_MS = 4000;
const QUEUE_STATES = ["waiting", "active", "delayed", "failed"] as const;

const ASK_PRIMARY = "rendezvous:metrics:scrape";
const PRIMARY_ANSWER = "rendezvous:metrics:scraped";
const ASK_WEB_PROCESS = "rendezvous:metrics:collect";
const WEB_PROCESS_ANSWER = "rendezvous:metrics:collected";

type Json = MetricObjectWithValues<MetricValue<string>>[];
interface Message {
  type?: string;
  id?: string;
  text?: string;
  error?: string;
  metrics?: Json;
}

const instanceRegistry = new Registry();
const webRestarts = new Counter({
  name: "rendezvous_web_process_restarts_total",
  help: "Web processes that stopped and were started again by the primary",
  registers: [instanceRegistry],
});

let queueRead: { at: number; counts: Promise<Map<string, Record<string, number>> | null> } | null = null;
/** Every queue's job counts, read once per scrape (both gauges ask at once), or null past the deadline. */
function queueCounts() {
  if (queueRead && Date.now() - queueRead.at < 100) return queueRead.counts;
  const read = Promise.all(Object.values(QUEUE_NAMES).map(async (name) => [name, await getQueue(name).getJobCounts(...QUEUE_STATES)] as const)).then(
    (pairs) => new Map<string, Record<string, number>>(pairs),
  );
  read.catch(() => {}); // a late failure after the deadline
  const counts = Promise.race([read, new Promise<null>((resolve) => setTimeout(() => resolve(null), QUEUE_DEADLINE_MS))]).catch(() => null);
  queueRead = { at: Date.now(), counts };
  return counts;
}

new Gauge({
  name: "rendezvous_queue_jobs",
  help: "Jobs in each queue by state (waiting, active, delayed, failed), read at scrape time; absent while the queue backend does not answer",
  labelNames: ["queue", "state"] as const,
  registers: [instanceRegistry],
  async collect() {
    this.reset();
    const counts = await queueCounts();
    for (const [queue, byState] of counts ?? []) for (const state of QUEUE_STATES) this.set({ queue, state }, byState[state] ?? 0);
  },
});
new Gauge({
  name: "rendezvous_queue_backend_up",
  help: `1 when the queue backend answered the scrape's job counts within ${QUEUE_DEADLINE_MS} ms, else 0`,
  registers: [instanceRegistry],
  async collect() {
    this.set((await queueCounts()) ? 1 : 0);
  },
});

/** The primary saw a web process stop and started another (server/serve.ts). */
export const webProcessRestarted = () => webRestarts.inc();

/** This process's series and the instance's, as one Prometheus text (a single web process). */
async function ownMetrics(): Promise<Json[]> {
  return [await register.getMetricsAsJSON(), await instanceRegistry.getMetricsAsJSON()];
}

/** The primary (forking): answers a web process's scrape with every process's series. */
export function serveClusterMetrics() {
  startMetrics(); // the primary's own process metrics and database pool
  const waiting = new Map<string, (metrics: Json) => void>();
  const collect = (worker: Worker) =>
    new Promise<Json | null>((resolve) => {
      const id = randomUUID();
      const timer = setTimeout(() => (waiting.delete(id), resolve(null)), WEB_PROCESS_DEADLINE_MS);
      waiting.set(id, (metrics) => (clearTimeout(timer), waiting.delete(id), resolve(metrics)));
      try {
        worker.send({ type: ASK_WEB_PROCESS, id });
      } catch {
        resolve(null);
      }
    });
  const aggregate = async () => {
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w?.isConnected()));
    const [own, theirs] = await Promise.all([ownMetrics(), Promise.all(workers.map(collect))]);
    return AggregatorRegistry.aggregate([...own, ...theirs.filter((m): m is Json => m !== null)]).metrics();
  };
  cluster.on("message", (worker: Worker, message: Message) => {
    if (message?.type === WEB_PROCESS_ANSWER && message.id && message.metrics) waiting.get(message.id)?.(message.metrics);
    else if (message?.type === ASK_PRIMARY && message.id) {
      const id = message.id;
      aggregate().then(
        (text) => worker.isConnected() && worker.send({ type: PRIMARY_ANSWER, id, text }),
        (error: unknown) => worker.isConnected() && worker.send({ type: PRIMARY_ANSWER, id, error: String(error) }),
      );
    }
  });
}

/** A web process forked by the primary: gives the primary its series when asked. */
export function answerPrimaryForMetrics() {
  process.on("message", (message: Message) => {
    if (message?.type !== ASK_WEB_PROCESS || !message.id) return;
    const id = message.id;
    void register.getMetricsAsJSON().then((metrics) => process.send?.({ type: WEB_PROCESS_ANSWER, id, metrics }));
  });
}

const askedPrimary = new Map<string, (answer: Message) => void>();
let listeningToPrimary = false;
/** The instance's aggregate, from the primary (in a forked web process). */
function fromPrimary(): Promise<string> {
  if (!listeningToPrimary) {
    listeningToPrimary = true;
    process.on("message", (message: Message) => {
      if (message?.type === PRIMARY_ANSWER && message.id) askedPrimary.get(message.id)?.(message);
    });
  }
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const timer = setTimeout(() => {
      askedPrimary.delete(id);
      reject(new Error(`the primary did not answer within ${PRIMARY_DEADLINE_MS} ms`));
    }, PRIMARY_DEADLINE_MS);
    askedPrimary.set(id, (answer) => {
      clearTimeout(timer);
      askedPrimary.delete(id);
      if (answer.error !== undefined || answer.text === undefined) reject(new Error(answer.error ?? "no metrics"));
      else resolve(answer.text);
    });
    process.send!({ type: ASK_PRIMARY, id });
  });
}

async function instanceMetricsText() {
  if (cluster.isWorker && process.send) return fromPrimary();
  return AggregatorRegistry.aggregate(await ownMetrics()).metrics();
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** `Bearer <token>` in constant time (both sides hashed to one length first). */
function authorized(header: string | undefined, token: string | undefined) {
  if (!token || !header?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(header.slice("Bearer ".length)), digest(token));
}

const NOT_FOUND = "Not found\n";

/** Answers GET /metrics and returns true, or returns false for the rest of the host. */
export function metricsEndpoint({ token, logger }: { token: string | undefined; logger: Logger }) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "";
    if (url !== "/metrics" && !url.startsWith("/metrics?")) return false;
    const started = performance.now();
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
      res.end(req.method === "HEAD" ? undefined : body);
      logAnswer(logger, req, res, undefined, started, { answered: "debug", route: "metrics" });
    };
    if ((req.method !== "GET" && req.method !== "HEAD") || !authorized(req.headers.authorization, token)) {
      send(404, "text/plain; charset=utf-8", NOT_FOUND);
      return true;
    }
    instanceMetricsText().then(
      (text) => send(200, register.contentType, text),
      (error: unknown) => {
        logger.error({ err: error }, "metrics: the scrape failed");
        send(503, "text/plain; charset=utf-8", "metrics unavailable\n");
      },
    );
    return true;
  };
}
