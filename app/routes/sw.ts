// GET /sw.js: the push service worker of the request's site, scope "/". Served with no-cache so a
// changed worker reaches browsers on their next visit.
import type { Route } from "./+types/sw";
import { serviceWorkerScript } from "#app/notifications/service-worker.server.ts";
import { siteContext } from "#app/tenancy/context.ts";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(serviceWorkerScript(context.get(siteContext), "/app-icon/192.png"), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
    },
  });
}
