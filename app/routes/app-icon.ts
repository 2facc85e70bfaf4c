// GET /app-icon/<size>.png: the site's app icon (app/tenancy/app-icon.server.ts).
import type { Route } from "./+types/app-icon";
import { appIcon } from "#app/tenancy/app-icon.server.ts";
import { siteContext } from "#app/tenancy/context.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const icon = appIcon(context.get(siteContext), Number(/^(\d+)\.png$/.exec(params.size)?.[1]));
  if (!icon) return new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(await icon), { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" } });
}
