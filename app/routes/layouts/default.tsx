// Default layout: top navigation, footer, disclaimer, entry warning.
import { data, Outlet, useLoaderData, useMatches } from "react-router";
import type { Route } from "./+types/default";
import { AlertsBar } from "#app/components/alerts-bar.tsx";
import { PushPrompt } from "#app/components/push.tsx";
import { InstalledAppBackButton } from "#app/components/installed-app.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { EntryWarningModal } from "#app/components/entry-warning-modal.tsx";
import { LikeModal } from "#app/components/like-modal.tsx";
import { TimeBonus } from "#app/components/time-bonus.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { Toaster } from "#app/components/toaster.tsx";
import { TopNav } from "#app/components/top-nav.tsx";
import { takeToast } from "#app/toast/toast.server.ts";
import { ErrorBoundary as ErrorPage, useRootData } from "#app/root.tsx";

export interface LayoutHandle {
  /** false on pages where the default layout must not show the entry warning. */
  entryWarning?: boolean;
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
  const optedOut = matches.some((m) => (m.handle as LayoutHandle | undefined)?.entryWarning === false);
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col" data-layout="default">
      <TopNav site={data.site} locales={data.locales} locale={data.locale} user={data.user} />
      {data.user ? <TimeBonus data={data.timeBonus} /> : null}
      {data.user ? <AlertsBar alerts={data.alerts} email={data.user.email} /> : null}
      {data.user ? <PushPrompt publicKey={data.site.pushPublicKey} show={data.alerts.pushPrompt} /> : null}
      <div className="flex-1">
        <InstalledAppBackButton routeIds={matches.map((m) => m.id)} label={t("nav.back")} />
        {children}
      </div>
      <SiteFooter siteName={data.site.name} showUsFooter={data.site.usFooter && data.locale === "en"} />
      {data.entryWarning.defaultLayout && !optedOut ? <EntryWarningModal siteName={data.site.name} /> : null}
      {data.user ? <LikeModal /> : null}
      <Toaster toast={toast} />
    </div>
  );
}
