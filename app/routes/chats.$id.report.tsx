// /chats/{id}/report: report the conversation (and the member on the other side) to support.
import { randomBytes } from "node:crypto";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/chats.$id.report";
import { requireUser } from "#app/auth/user-context.server.ts";
import { chatAccess } from "#app/chat/conversations.server.ts";
import { ReportForm } from "#app/components/report-form.tsx";
import { reportAction } from "#app/support/report-action.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { parseId, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const access = user.profile ? await chatAccess(context.get(siteContext), user.profile.id, parseId(params.id)) : { kind: "none" as const };
  if (access.kind !== "ok") throw data(null, { status: 404 });
  return data(
    { id: access.conversationId, name: access.partner.name, key: randomBytes(18).toString("base64url") },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const id = parseId(params.id);
  return reportAction(context, context.get(siteContext), user, { conversationId: id }, await readForm(request, context), { path: `/chats/${id}` });
}

export default function ReportChat({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container-site py-8">
      <div className="mx-auto max-w-lg">
        <p className="mb-3 text-sm">
          <Link to={`/chats/${d.id}`} className="underline">
            {t("support.report.backToChat", { name: d.name })}
          </Link>
        </p>
        <h1 className="mb-4 text-2xl font-bold">{t("support.report.chatTitle")}</h1>
        <ReportForm name={d.name} requestKey={d.key} lastResult={actionData?.report} params={actionData?.reportParams} />
      </div>
    </main>
  );
}
