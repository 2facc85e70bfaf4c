import { useTranslation } from "#app/i18n/use-translation.ts";
import { MessagePage } from "#app/components/message-page.tsx";
import { useRootData } from "#app/root.tsx";

export default function ActivateDone() {
  const { t } = useTranslation();
  const loggedIn = !!useRootData()?.user;
  return (
    <MessagePage
      title={t("activation.doneTitle")}
      body={t("activation.doneBody")}
      link={loggedIn ? { to: "/members", label: t("signup.toSite") } : { to: "/login", label: t("nav.login") }}
    />
  );
}
