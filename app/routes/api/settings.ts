// GET /api/settings.php: the resolved site's settings (spec section 3 and 7).
import { data } from "react-router";
import type { Route } from "./+types/settings";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { siteSettings } from "#app/tenancy/settings.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const { locale, t } = context.get(localeContext);
  const { country } = context.get(visitorContext);
  const selected = new URL(request.url).searchParams.get("country")?.toUpperCase() ?? null;
  const settings = siteSettings(site, {
    locale,
    t,
    geoCountry: country,
    selectedCountry: selected && site.countries.includes(selected) ? selected : null,
  });
  return data({ settings }, { headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie, CF-IPCountry" } });
}
