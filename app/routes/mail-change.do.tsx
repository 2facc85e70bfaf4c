// /mail-change/do?token=…: confirms a new e-mail address.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Route } from "./+types/mail-change.do";
import { confirmEmailChange } from "#app/accounts/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { MessagePage } from "#app/components/message-page.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ok: await confirmEmailChange(requestInfo(request, context).site, new URL(request.url).searchParams.get("token")) };
}

export default function MailChangeDo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return loaderData.ok ? (
    <MessagePage
      testId="mail-change-done"
      title={t("settings.emailChangedTitle")}
      body={t("settings.emailChangedBody")}
      link={{ to: "/", label: t("signup.toSite") }}
    />
  ) : (
    <MessagePage
      testId="mail-change-error"
      title={t("settings.emailChangeFailed")}
      body={t("messages.linkInvalid")}
      link={{ to: "/profile/settings", label: t("nav.settings") }}
    />
  );
}
