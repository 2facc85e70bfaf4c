// The staff console's layout: no member navigation, the staff member and their role, logout.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/staff";
import { ErrorBoundary as ErrorPage } from "#app/root.tsx";
import { currentStaff, staffCan } from "#app/staff/session.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await currentStaff(request);
  return {
    staff: staff && {
      name: staff.name,
      role: staff.role,
      support: staffCan(staff, "support"),
      offers: staffCan(staff, "offers"),
      campaigns: staffCan(staff, "campaigns"),
      fictional: staffCan(staff, "fictional"),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [...(matches.find((m) => m?.id === "root")?.meta ?? []), { name: "robots", content: "noindex" }];

function Chrome({
  children,
  staff,
}: {
  children: React.ReactNode;
  staff: { name: string; role: string; support: boolean; offers: boolean; campaigns: boolean; fictional: boolean } | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50" data-layout="staff">
      <header className="border-b border-black/10 bg-slate-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link to="/staff" className="font-bold">
            {t("staff.title")}
          </Link>
          {staff ? (
            <nav className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              {staff.support ? (
                <>
                  <Link to="/staff" className="underline-offset-2 hover:underline">
                    {t("staff.nav.search")}
                  </Link>
                  <Link to="/staff/cases" className="underline-offset-2 hover:underline">
                    {t("staff.nav.cases")}
                  </Link>
                  <Link to="/staff/photos" className="underline-offset-2 hover:underline">
                    {t("staff.nav.photos")}
                  </Link>
                  <Link to="/staff/invitations" className="underline-offset-2 hover:underline">
                    {t("staff.nav.invitations")}
                  </Link>
                  <Link to="/staff/reconciliation" className="underline-offset-2 hover:underline">
                    {t("staff.nav.reconciliation")}
                  </Link>
                  <Link to="/staff/audit" className="underline-offset-2 hover:underline">
                    {t("staff.nav.audit")}
                  </Link>
                </>
              ) : null}
              {staff.fictional ? (
                <Link to="/staff/fictional" className="underline-offset-2 hover:underline">
                  {t("staff.nav.fictional")}
                </Link>
              ) : null}
              {staff.offers ? (
                <Link to="/staff/offers" className="underline-offset-2 hover:underline">
                  {t("staff.nav.offers")}
                </Link>
              ) : null}
              {staff.campaigns ? (
                <Link to="/staff/campaigns" className="underline-offset-2 hover:underline">
                  {t("staff.nav.campaigns")}
                </Link>
              ) : null}
              {staff.role === "admin" ? (
                <Link to="/staff/accounts" className="underline-offset-2 hover:underline">
                  {t("staff.nav.accounts")}
                </Link>
              ) : null}
              {/* the dashboard is served by the express host (server/staff-queues.ts), not the router: a full page load */}
              {staff.role === "admin" ? (
                <a href="/staff/queues" className="underline-offset-2 hover:underline">
                  {t("staff.nav.queues")}
                </a>
              ) : null}
              <span className="text-white/70">
                {staff.name} · {t(`staff.roles.${staff.role}`)}
              </span>
              <Form method="post" action="/staff/logout">
                <button type="submit" className="underline">
                  {t("staff.nav.logout")}
                </button>
              </Form>
            </nav>
          ) : null}
        </div>
      </header>
      <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">{children}</div>
    </div>
  );
}

export default function StaffLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <Chrome staff={staff}>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary(props: Route.ErrorBoundaryProps) {
  return (
    <Chrome staff={null}>
      <ErrorPage {...(props as unknown as Parameters<typeof ErrorPage>[0])} />
    </Chrome>
  );
}
