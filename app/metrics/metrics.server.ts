// The series a web process keeps for GET /metrics (docs/deployment.md, "What to watch"): answers
// by site and route, the database pool, open live streams, the anonymous page cache, and Node's
// own process metrics. One set per process, in prom-client's global registry, shared by the server
// bundle and the React Router build (a singleton: prom-client refuses a name registered twice).
// With several web processes the primary adds them up (server/metrics.ts).
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from "prom-client";
import { dbPoolCounts } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";

/** Seconds; a member page takes 20 to 100 ms, /api/settings.php under one. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const series = () =>
  singleton("metrics", () => {
    collectDefaultMetrics({ register });
    return {
      duration: new Histogram({
        name: "rendezvous_http_request_duration_seconds",
        help: "Time from a request's arrival to its answer's last byte, by site and route (a React Router pattern or a fixed name)",
        labelNames: ["site", "route"] as const,
        buckets: DURATION_BUCKETS,
      }),
      responses: new Counter({
        name: "rendezvous_http_responses_total",
        help: "Answers sent, by site and status code",
        labelNames: ["site", "status"] as const,
      }),
      liveStreams: new Gauge({ name: "rendezvous_live_streams", help: "Live update streams (text/event-stream) open now" }),
      pageCacheHits: new Counter({ name: "rendezvous_page_cache_hits_total", help: "Anonymous pages answered from the page cache" }),
      pageCacheMisses: new Counter({ name: "rendezvous_page_cache_misses_total", help: "Anonymous pages the page cache did not hold (rendered)" }),
      pool: poolGauges(),
    };
  });

function poolGauges() {
  const gauge = (name: string, help: string, read: (counts: NonNullable<ReturnType<typeof dbPoolCounts>>) => number) =>
    new Gauge({
      name,
      help,
      collect() {
        const counts = dbPoolCounts();
        this.set(counts ? read(counts) : 0);
      },
    });
  return [
    gauge("rendezvous_db_pool_connections", "Connections the database pool holds (busy and idle)", (c) => c.total),
    gauge("rendezvous_db_pool_idle_connections", "Connections in the database pool that are idle", (c) => c.idle),
    gauge("rendezvous_db_pool_waiting_queries", "Queries waiting for a free connection of the database pool", (c) => c.waiting),
  ];
}

/** Creates the series (and starts the process metrics) before the first request. */
export const startMetrics = () => void series();

// The labelled children, kept by a plain string key: prom-client hashes a label object on every
// observe() (sorted keys, joined), which was most of this module's cost per request. The keys are
// as few as the series (sites x routes, sites x status codes).
const durations = new Map<string, { observe(value: number): void }>();
const answers = new Map<string, { inc(): void }>();

/** One answer: `site` is "none" before a site was resolved. */
export function observeAnswer(site: string | undefined, route: string, status: number, seconds: number) {
  const siteLabel = site ?? "none";
  const durationKey = `${siteLabel} ${route}`;
  let duration = durations.get(durationKey);
  if (!duration) durations.set(durationKey, (duration = series().duration.labels({ site: siteLabel, route })));
  duration.observe(seconds);
  const answerKey = `${siteLabel} ${status}`;
  let answer = answers.get(answerKey);
  if (!answer) answers.set(answerKey, (answer = series().responses.labels({ site: siteLabel, status: String(status) })));
  answer.inc();
}

export const liveStreamOpened = () => series().liveStreams.inc();
export const liveStreamClosed = () => series().liveStreams.dec();
export const pageCacheHit = () => series().pageCacheHits.inc();
export const pageCacheMiss = () => series().pageCacheMisses.inc();
