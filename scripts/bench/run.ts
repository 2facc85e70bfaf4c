// `npm run bench`: latency of the pages every visitor hits, on one process, against the
// database of DATABASE_URL (or the embedded one). Prints p50/p95/p99 per URL.
// Requires `npm run build` first. Options: BENCH_REQUESTS (default 400), BENCH_CONCURRENCY (8).
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { getEnv } from "#app/utils/env.server.ts";
import { prepareDatabase } from "#server/database/prepare.ts";
import { createApp } from "#server/app.ts";

const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const env = getEnv();
const database = await prepareDatabase(env, { log: () => {} });
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const server = createApp({ env: { ...env, NODE_ENV: "production" }, build }).listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const port = (server.address() as AddressInfo).port;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function get(pathname: string, host: string) {
  return new Promise<number>((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get({ host: "127.0.0.1", port, path: pathname, agent, headers: { host, "accept-language": "en" } }, (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`${pathname}: ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2);

for (const [pathname, host] of [
  ["/", "lovely.localhost"],
  ["/api/settings.php", "mature.localhost"],
  ["/pages/terms", "pride.localhost"],
] as const) {
  for (let i = 0; i < 20; i++) await get(pathname, host); // warm-up
  const times: number[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) times.push(await get(pathname, host));
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `${host}${pathname}: ${requests} requests, concurrency ${concurrency}: p50 ${pct(times, 50)} ms, p95 ${pct(times, 95)} ms, p99 ${pct(times, 99)} ms, ${(requests / seconds).toFixed(0)} req/s`,
  );
}
server.close();
agent.destroy();
await database.embedded?.stop();
process.exit(0);
