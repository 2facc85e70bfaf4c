// Default layout: top navigation, footer, disclaimer, entry warning.
import { data, Outlet, useLoaderData, useMatches } from "react-router";
import type { Route } from "./+types/default";
import { MemberBars } from "#app/components/alerts-bar.tsx";
import { InstalledAppBackButton } from "#app/components/installed-app.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { EntryWarningModal } from "#app/components/entry-warning-modal.tsx";
import { LikeModal } from "#app/components/like-modal.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SignupFromLink } from "#app/components/signup-modal.tsx";
import { Toaster } from "#app/components/toaster.tsx";
import { BottomTabBar, TopNav } from "#app/components/top-nav.tsx";
import { takeToast } from "#app/toast/toast.server.ts";
import { ErrorBoundary as ErrorPage, useRootData } from "#app/root.tsx";

export interface LayoutHandle {
  /** false on pages where the default layout must not show the entry warning. */
  entryWarning?: boolean;
  /** an app-like screen (the swipe game, the chat list): a member sees one small line of legal links, not the dark footer */
  appScreen?: boolean;
}

/** The toast an action left for this page, shown once. */
export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await takeToast(request);
  return data({ toast }, headers ? { headers } : undefined);
}

export default function DefaultLayout() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

/** An error in any page of this layout (a profile that is not there, a refused request) keeps the site's navigation and footer. */
export function ErrorBoundary(props: Route.ErrorBoundaryProps) {
  return (
    <Chrome>
      <ErrorPage {...props} />
    </Chrome>
  );
}

function Chrome({ children }: { children: React.ReactNode }) {
  const data = useRootData()!;
  const toast = useLoaderData<typeof loader>()?.toast ?? null;
  const matches = useMatches();
  const handles = matches.map((m) => m.handle as LayoutHandle | undefined);
  const optedOut = handles.some((h) => h?.entryWarning === false);
  const appScreen = handles.some((h) => h?.appScreen);
  const { t } = useTranslation();
  return (
    // a member's phone has the tab bar at the bottom: the page ends above it
    <div className={`flex min-h-screen flex-col ${data.user ? "max-sm:pb-[calc(3.5rem+env(safe-area-inset-bottom))]" : ""}`} data-layout="default">
      <TopNav site={data.site} locales={data.locales} locale={data.locale} user={data.user} />
      {data.user ? <MemberBars alerts={data.alerts} email={data.user.email} timeBonus={data.timeBonus} pushPublicKey={data.site.pushPublicKey} /> : null}
      <div className="flex-1">
        <InstalledAppBackButton routeIds={matches.map((m) => m.id)} label={t("nav.back")} />
        {children}
      </div>
      <SiteFooter
        siteName={data.site.name}
        fictionalPlural={data.site.fictionalPlural}
        locale={data.locale}
        showUsFooter={data.site.usFooter && data.locale === "en"}
        compact={!!data.user && appScreen}
      />
      {data.user ? <BottomTabBar /> : null}
      {data.entryWarning.defaultLayout && !optedOut ? <EntryWarningModal siteName={data.site.name} /> : null}
      {data.user ? <LikeModal /> : null}
      <Toaster toast={toast} />
      <SignupFromLink />
    </div>
  );
}
