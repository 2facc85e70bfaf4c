// `npm start` / `npm run start:prod` / `npm run dev`: database, queue worker and web server in
// one process. With DATABASE_URL, REDIS_URL and SMTP_URL unset everything runs embedded.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { getEnv } from "#app/utils/env.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { SiteConfigError } from "#app/tenancy/site-registry.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { closeQueues } from "#app/queue/queues.server.ts";
import { startWorkers } from "#workers/index.ts";
import { prepareDatabase } from "./database/prepare.ts";
import { createApp } from "./app.ts";

async function main() {
  const env = getEnv();
  const sites = getSiteRegistry(); // fails fast on a broken tenants/ file
  const database = await prepareDatabase(env);

  const workers = (env.WORKER_IN_PROCESS ?? env.NODE_ENV !== "production") ? await startWorkers(env) : null;
  if (workers) console.log(`queue worker running in-process (${env.REDIS_URL ? "Redis" : "PostgreSQL"} backend)`);

  // `npm run dev` serves through Vite with hot reload; everything else serves the build
  const app = process.argv.includes("--vite") ? await developmentApp(env) : await productionApp(env);
  const server = app.listen(env.PORT, env.HOST, () => {
    const port = (server.address() as { port: number }).port;
    console.log(`Rendezvous on http://localhost:${port}`);
    for (const site of sites.sites) console.log(`  ${site.name}: http://${site.domains[0]}:${port}`);
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    await workers?.close();
    await closeQueues();
    await getDb().$disconnect();
    await database.embedded?.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function productionApp(env: ReturnType<typeof getEnv>) {
  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  return createApp({ env, build, clientDir: path.join(buildDir, "client") });
}

async function developmentApp(env: ReturnType<typeof getEnv>) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  return createApp({
    env,
    before: [devServer.middlewares],
    build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
}

main().catch((error) => {
  if (error instanceof SiteConfigError) console.error(`Invalid site configuration:\n${error.message}`);
  else console.error(error);
  process.exit(1);
});
