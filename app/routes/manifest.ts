// GET /manifest.webmanifest: the web app manifest of the request's site, so each brand installs as
// its own app: its name, icons made from its logo (app/tenancy/app-icon.server.ts), theme and
// background colours from its branding, opening the members area standalone.
import type { Route } from "./+types/manifest";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { localizedText } from "#app/tenancy/settings.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { APP_ICON_SIZES } from "#app/tenancy/app-icon.ts";

/** Colours a site's branding leaves out. */
const DEFAULT_THEME = "#9b1c1c";
const DEFAULT_BACKGROUND = "#ffffff";

/** Short names longer than this are cut at a word by launchers; the brand's first word then. */
const SHORT_NAME_MAX = 12;

export function shortName(name: string) {
  return name.length <= SHORT_NAME_MAX ? name : name.split(/\s+/)[0]!.slice(0, SHORT_NAME_MAX);
}

export function webManifest(site: Site, description: string, lang: string) {
  return {
    id: "/members",
    name: site.name,
    short_name: shortName(site.name),
    description,
    lang,
    start_url: "/members",
    scope: "/",
    display: "standalone",
    theme_color: site.branding.colors.primary ?? DEFAULT_THEME,
    background_color: site.branding.colors.light ?? site.branding.colors.accent ?? DEFAULT_BACKGROUND,
    icons: [
      { src: site.branding.logo, sizes: "any", type: site.branding.logo.endsWith(".svg") ? "image/svg+xml" : undefined, purpose: "any" },
      ...APP_ICON_SIZES.map((size) => ({ src: `/app-icon/${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" })),
    ],
  };
}

export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const { locale, t } = context.get(localeContext);
  const description = localizedText(site.description, locale, t("site.defaultDescription", { siteName: site.name }));
  return new Response(JSON.stringify(webManifest(site, description, locale)), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600", Vary: "Cookie" },
  });
}
