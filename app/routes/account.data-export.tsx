// /account/data-export?token=…: the page a data-export mail links to. The member must be logged
// in on their own site (a visitor goes to login and comes back); another member's, another site's
// or an unknown link is a 404, an expired one a 410.
import { data } from "react-router";
import type { Route } from "./+types/account.data-export";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { DataExportDownload } from "#app/components/data-export-section.tsx";
import { findDownload } from "#app/privacy/exports.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site, t } = requestInfo(request, context);
  const token = new URL(request.url).searchParams.get("token");
  const found = await findDownload(site, user.id, token);
  if (!found.ok) throw data(found.status === 410 ? t("privacy.expired") : null, { status: found.status });
  return {
    href: `/account/data-export/file?token=${encodeURIComponent(token!)}`,
    readyAt: found.readyAt.toISOString(),
    expiresAt: found.expiresAt.toISOString(),
    size: found.size,
  };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function DataExport({ loaderData }: Route.ComponentProps) {
  return <DataExportDownload {...loaderData} />;
}

export { ErrorBoundary } from "#app/root.tsx";
