// GET /api/settings.php: the resolved site's settings (spec section 3 and 7). It also sets the
// language cookie from the site's domain_language, unless the visitor already chose one of the
// site's languages (the language switcher's choice is not overwritten).
import { data } from "react-router";
import type { Route } from "./+types/settings";
import { localeContext, localeCookie } from "#app/i18n/i18n.server.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { domainLocale, siteSettings } from "#app/tenancy/settings.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const { locale, t } = context.get(localeContext);
  const { country } = context.get(visitorContext);
  const selected = new URL(request.url).searchParams.get("country")?.slice(0, 2).toUpperCase() ?? null;
  const settings = siteSettings(site, {
    locale,
    t,
    geoCountry: country,
    selectedCountry: selected && site.countries.includes(selected) ? selected : null,
  });
  const headers = new Headers({ "Cache-Control": "private, max-age=60", Vary: "Cookie, CF-IPCountry" });
  const language = domainLocale(site);
  const chosen = await localeCookie.parse(request.headers.get("cookie"));
  if (language && !(site.locales as string[]).includes(chosen)) headers.append("Set-Cookie", await localeCookie.serialize(language));
  return data({ settings }, { headers });
}
