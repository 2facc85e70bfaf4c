// /account/data-export/file?token=…: the zip itself, under the same rules as the page
// (the owner logged in on their own site, before the link expires), streamed from the media store.
import type { Route } from "./+types/account.data-export.file";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { openExportFile } from "#app/privacy/export-files.server.ts";
import { findDownload } from "#app/privacy/exports.server.ts";
import { errorResponse } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site } = requestInfo(request, context);
  const found = await findDownload(site, user.id, new URL(request.url).searchParams.get("token"));
  const refuse = (status: 404 | 410) => errorResponse(context, status, status === 410 ? "privacy.expired" : "errors.notFound", { "Cache-Control": "no-store" });
  if (!found.ok) throw refuse(found.status);
  const body = await openExportFile(found.file);
  if (!body) throw refuse(410);
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(found.size),
      "Content-Disposition": `attachment; filename="${site.key}-my-data-${found.readyAt.toISOString().slice(0, 10)}.zip"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
