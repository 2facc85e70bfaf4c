// /account/reactivate?token=…: the link from the deletion mail, valid 14 days.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/account.reactivate";
import { reactivate } from "#app/accounts/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { MessagePage } from "#app/components/message-page.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await reactivate(requestInfo(request, context).site, new URL(request.url).searchParams.get("token"));
  if (userId) throw redirect("/login?notice=reactivated");
  return null;
}

export default function Reactivate() {
  const { t } = useTranslation();
  return (
    <MessagePage
      testId="reactivation-failed"
      title={t("deletion.reactivationFailed")}
      body={t("messages.linkInvalid")}
      link={{ to: "/login", label: t("nav.login") }}
    />
  );
}
