// GET /api/settings.php (spec sections 3 and 7). The HTTP host answers GET and HEAD before React
// Router (server/settings-endpoint.ts); React Router still declares the route, so other
// methods get its 405 and a URL the host passes on (unreadable) gets the root middleware's 400.
import type { Route } from "./+types/settings";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { settingsAnswer } from "#app/tenancy/settings-answer.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await settingsAnswer(context.get(siteContext), {
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
    geoCountry: context.get(visitorContext).country,
    selectedCountry: new URL(request.url).searchParams.get("country"),
  });
  const headers = new Headers({
    "Cache-Control": answer.cacheControl,
    Vary: answer.vary,
    ETag: answer.etag,
    "Content-Type": "application/json; charset=utf-8",
  });
  if (answer.setCookie) headers.append("Set-Cookie", answer.setCookie);
  return new Response(answer.json, { headers });
}
