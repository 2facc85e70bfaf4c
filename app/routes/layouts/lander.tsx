// Lander layout: logo bar and footer; the entry warning only for visitors from NL and DE.
import { SignupFromLink } from "#app/components/signup-modal.tsx";
import { Outlet } from "react-router";
import { EntryWarningModal } from "#app/components/entry-warning-modal.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteLogo } from "#app/components/site-logo.tsx";
import { useRootData } from "#app/root.tsx";

export default function LanderLayout() {
  const data = useRootData()!;
  return (
    <div className="flex min-h-screen flex-col" data-layout="lander">
      <div className="bg-white py-3 shadow-sm">
        <div className="container-site">
          <SiteLogo src={data.site.logo} name={data.site.name} />
        </div>
      </div>
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter
        siteName={data.site.name}
        fictionalPlural={data.site.fictionalPlural}
        locale={data.locale}
        showUsFooter={data.site.usFooter && data.locale === "en"}
      />
      {data.entryWarning.bareLayouts ? <EntryWarningModal siteName={data.site.name} /> : null}
      <SignupFromLink />
    </div>
  );
}
