// Default layout: top navigation, footer, disclaimer, entry warning.
import { Outlet, useMatches } from "react-router";
import { AlertsBar } from "#app/components/alerts-bar.tsx";
import { EntryWarningModal } from "#app/components/entry-warning-modal.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { TopNav } from "#app/components/top-nav.tsx";
import { useRootData } from "#app/root.tsx";

export interface LayoutHandle {
  /** false on pages where the default layout must not show the entry warning. */
  entryWarning?: boolean;
}

export default function DefaultLayout() {
  const data = useRootData()!;
  const matches = useMatches();
  const optedOut = matches.some((m) => (m.handle as LayoutHandle | undefined)?.entryWarning === false);
  return (
    <div className="flex min-h-screen flex-col" data-layout="default">
      <TopNav site={data.site} locales={data.locales} locale={data.locale} user={data.user} />
      {data.user ? <AlertsBar alerts={data.alerts} email={data.user.email} /> : null}
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter siteName={data.site.name} showUsFooter={data.site.usFooter && data.locale === "en"} />
      {data.entryWarning.defaultLayout && !optedOut ? <EntryWarningModal siteName={data.site.name} /> : null}
    </div>
  );
}
