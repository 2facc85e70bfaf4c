import { useTranslation } from "#app/i18n/use-translation.ts";
import { Links, Meta, Scripts, ScrollRestoration, isRouteErrorResponse, Outlet, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorView } from "#app/components/error-view.tsx";
import { localeContext, localeMiddleware } from "#app/i18n/i18n.server.ts";
import { catalogueRef } from "#app/i18n/catalogue.server.ts";
import { useCatalogue, useFollowLanguage } from "#app/i18n/catalogue.ts";
import { visibleLocales } from "#app/i18n/locales.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { entryWarning, ENTRY_WARNING_COOKIE } from "#app/tenancy/entry-warning.ts";
import { localizedText } from "#app/tenancy/settings.server.ts";
import { nichePrefix } from "#app/tenancy/site-schema.ts";
import { activeAlerts } from "#app/alerts/alerts.server.ts";
import { timeBonusState } from "#app/payments/time-bonus.server.ts";
import { getUser, userMiddleware } from "#app/auth/user-context.server.ts";
import { trackingMiddleware } from "#app/tracking/tracking-middleware.server.ts";
import { hasTrafficSource } from "#app/tracking/tracking.server.ts";
import { signupGate } from "#app/accounts/signup.server.ts";
import { liveCounts } from "#app/live/chat-state.server.ts";
import { useNonce } from "#app/utils/nonce.ts";
import { LiveStateProvider } from "#app/live/live-state.tsx";
import { requestGuardMiddleware } from "#app/utils/request-guard.server.ts";
import { routePatternMiddleware } from "#app/metrics/route-pattern.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { PushRuntime, useNoteHydration } from "#app/components/push.tsx";
import { InstalledAppCookie, installedAppFromCookie } from "#app/components/installed-app.tsx";
import { NavigationProgress } from "#app/components/navigation-progress.tsx";

export const middleware: Route.MiddlewareFunction[] = [routePatternMiddleware, localeMiddleware, requestGuardMiddleware, userMiddleware, trackingMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const visitor = context.get(visitorContext);
  const { locale, t } = context.get(localeContext);
  const cookies = request.headers.get("cookie") ?? "";
  const user = getUser(context);
  // the counts read with the member are from before an action of this request changed them
  const live = user?.profile && request.method !== "GET" && request.method !== "HEAD" ? liveCounts(site, user.profile.id) : (user?.live ?? null);
  const [alerts, timeBonus] = await Promise.all([activeAlerts(user), timeBonusState(site, user)]);
  return {
    user: user && {
      name: user.profile?.name ?? user.email,
      email: user.email,
      credits: user.credits,
      paidUser: user.paidUser,
      status: user.status,
    },
    alerts,
    /** the time bonus (spec section 4): seconds left when the page was rendered, null when absent */
    timeBonus,
    /** the top bar's badges when the page was rendered; the live state keeps them current */
    live: await live,
    signupGate: signupGate(site, hasTrafficSource(context)),
    locale,
    /** the language's catalogue file (the first page gets it from entry.client; this is for a language change) */
    catalogue: catalogueRef(locale).url,
    locales: visibleLocales(site.locales, visitor.country, locale),
    country: visitor.country,
    site: {
      key: site.key,
      name: site.name,
      /** what the signup form presumes and how interests are grouped (app/tenancy/niche.ts) */
      niche: nichePrefix(site),
      /** the longest message a member may write (the signup's first message too) */
      messageLength: site.message_length,
      logo: site.branding.logo,
      colors: site.branding.colors,
      tagline: localizedText(site.branding.tagline, locale, ""),
      title: localizedText(site.index_title, locale, site.name),
      description: localizedText(site.description, locale, t("site.defaultDescription", { siteName: site.name })),
      usFooter: site.us_footer,
      fictionalIcon: site.fictional_icon,
      fictionalLabel: localizedText(site.fictional_singular, locale, t("fictional.singular")),
      /** what the footer calls them all ("fictional profiles" unless the site file names them) */
      fictionalPlural: localizedText(site.fictional_plural, locale, t("fictional.plural")),
      /** the deployment's VAPID public key: push is offered only when there is one */
      pushPublicKey: getEnv().vapid?.publicKey ?? null,
    },
    entryWarning: entryWarning({
      site,
      country: visitor.country,
      loggedIn: !!user,
      dismissed: new RegExp(`(?:^|;\\s*)${ENTRY_WARNING_COOKIE}=1`).test(cookies),
      // the page opened from the home-screen icon (display-mode standalone) said so in a cookie
      installedApp: installedAppFromCookie(cookies),
    }),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;
export const useRootData = () => useRouteLoaderData<RootData>("root");

// Site, locale and catalogue change only with the language or a form post; the member's
// balance and premium state also on the payment result page (a payment settles while it shows).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, nextUrl, defaultShouldRevalidate }) =>
  formMethod || nextUrl.pathname.startsWith("/payments/") ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  // the i18next instance comes from entry.server / entry.client, made for this catalogue
  const catalogue = useCatalogue();
  useFollowLanguage(data?.locale, data?.catalogue);
  const nonce = useNonce();
  const colors = data?.site.colors ?? {};
  const style = Object.fromEntries(Object.entries(colors).map(([k, v]) => [`--color-${k}`, v])) as React.CSSProperties;
  return (
    <html lang={data?.locale ?? catalogue.locale} style={style} data-site={data?.site.key} data-catalogue={catalogue.url}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {catalogue.url ? <link rel="preload" as="fetch" href={catalogue.url} crossOrigin="anonymous" /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The brand is in every tab's title: "Meet lovely singles near you | Lovely Dates". */
export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: data.site.title.includes(data.site.name) ? data.site.title : `${data.site.title} | ${data.site.name}` },
        { name: "description", content: data.site.description },
      ]
    : [];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // the site's own installable app (routes/manifest.ts)
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export default function App() {
  const data = useRootData();
  useNoteHydration();
  const live = data?.user && data.live ? { unread: data.live.unread, newLikes: data.live.newLikes, credits: data.user.credits } : null;
  return (
    <LiveStateProvider initial={live}>
      <NavigationProgress />
      <InstalledAppCookie />
      {data?.user ? <PushRuntime /> : null}
      <Outlet />
    </LiveStateProvider>
  );
}

export function ErrorBoundary({ error }: Pick<Route.ErrorBoundaryProps, "error">) {
  const { t } = useTranslation();
  const siteName = useRootData()?.site.name;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorView status={404} message={t("errors.notFound")} showHomeLink siteName={siteName} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? responseMessage(error.data) || error.statusText
    : import.meta.env.DEV && error instanceof Error
      ? error.message
      : "";
  return <ErrorView status={status} message={message || t("errors.generic")} showHomeLink siteName={siteName} />;
}

/** What a thrown response says: a plain string, or the `{ error }` body every API answers with. */
function responseMessage(data: unknown) {
  if (typeof data === "string") return data;
  const error = (data as { error?: unknown } | null)?.error;
  return typeof error === "string" ? error : "";
}
