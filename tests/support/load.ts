// A steady, open-loop load against one port (the proxy): a request goes out every 1000/rate ms
// whether or not the earlier ones have answered, so a stalled backend shows up as slow or failed
// requests rather than as a slower generator. Every request is recorded with its status (0: no
// answer), its error, when it left and how long it took. autocannon reports totals and
// percentiles, not which request failed and when, which is what the test counts per restart.
import http from "node:http";

export interface RequestSpec {
  /** what the figures group by: "home lovely", "member page", "login POST", … */
  label: string;
  method?: "GET" | "POST";
  path: string;
  host: string;
  headers?: Record<string, string>;
  body?: string;
  /** the loopback address the request leaves from (its client IP behind the proxy) */
  localAddress?: string;
}

export interface Sample {
  label: string;
  method: string;
  startedAt: number;
  ms: number;
  /** 0: no HTTP answer (connection refused or reset, timeout) */
  status: number;
  error?: string;
  /** the answer's body, kept for answers that are not 2xx/3xx (the failure message shows a few) */
  body?: string;
}

export const failed = (s: Sample) => s.status === 0 || s.status >= 400;

/** One request over `agent` (keep-alive) or a connection of its own (`agent: false`). */
export function send(port: number, spec: RequestSpec, { agent, timeoutMs = 15_000 }: { agent: http.Agent | false; timeoutMs?: number }): Promise<Sample> {
  const startedAt = Date.now();
  const method = spec.method ?? "GET";
  const body = spec.body;
  return new Promise((resolve) => {
    let done = false;
    const finish = (status: number, error?: string, text?: string) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      resolve({
        label: spec.label,
        method,
        startedAt,
        ms: Date.now() - startedAt,
        status,
        ...(error ? { error } : {}),
        ...(text ? { body: text.slice(0, 300) } : {}),
      });
    };
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: spec.path,
        method,
        agent,
        ...(spec.localAddress ? { localAddress: spec.localAddress } : {}),
        headers: {
          host: spec.host,
          ...(body ? { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) } : {}),
          ...spec.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          finish(status, undefined, status >= 400 ? Buffer.concat(chunks).toString("utf8") : undefined);
        });
        res.on("error", (e) => finish(0, `response: ${e.message}`));
      },
    );
    // from the moment it was asked for, waiting for a socket included
    const deadline = setTimeout(() => {
      finish(0, `no answer within ${timeoutMs} ms`);
      req.destroy();
    }, timeoutMs);
    req.on("error", (e: NodeJS.ErrnoException) => finish(0, e.code ?? e.message));
    if (body) req.write(body);
    req.end();
  });
}

export interface Load {
  samples: Sample[];
  /** the samples of requests that left within [from, to) */
  between(from: number, to: number): Sample[];
  /** stops sending and waits for the requests under way */
  stop(): Promise<void>;
}

/** `rate` requests a second, taking `next()` in turn, until stop(); over one keep-alive agent. */
export function startLoad(port: number, rate: number, next: () => RequestSpec, { maxSockets = 256, timeoutMs = 15_000 } = {}): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  const interval = 1000 / rate;
  const began = Date.now();
  let sent = 0;
  let stopped = false;
  // a timer that catches up: when the event loop was busy, the missed requests go out at once
  const tick = () => {
    if (stopped) return;
    const due = Math.floor((Date.now() - began) / interval);
    while (sent < due) {
      sent++;
      const p = send(port, next(), { agent, timeoutMs }).then((s) => {
        samples.push(s);
        pending.delete(p);
      });
      pending.add(p);
    }
    timer = setTimeout(tick, Math.max(1, interval / 2));
  };
  let timer = setTimeout(tick, 0);
  return {
    samples,
    between: (from, to) => samples.filter((s) => s.startedAt >= from && s.startedAt < to),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...pending]);
      agent.destroy();
    },
  };
}

/** Counts for a report line: requests, failed, slowest, and the failures by label and cause. */
export function summary(samples: Sample[]) {
  const bad = samples.filter(failed);
  const causes = new Map<string, number>();
  for (const s of bad) {
    const key = `${s.method} ${s.label}: ${s.status || s.error}`;
    causes.set(key, (causes.get(key) ?? 0) + 1);
  }
  const slowest = samples.reduce<Sample | null>((a, s) => (!a || s.ms > a.ms ? s : a), null);
  return {
    requests: samples.length,
    failed: bad.length,
    slowestMs: slowest?.ms ?? 0,
    /** how many took longer than `ms` */
    over: (ms: number) => samples.filter((s) => s.ms > ms).length,
    slowest: slowest ? `${slowest.method} ${slowest.label} ${slowest.ms} ms (${slowest.status || slowest.error})` : "none",
    causes: [...causes].map(([k, n]) => `${n} × ${k}`),
    examples: bad.slice(0, 3).map((s) => `${s.method} ${s.label} → ${s.status || s.error}${s.body ? `: ${s.body.replace(/\s+/g, " ").slice(0, 160)}` : ""}`),
  };
}
