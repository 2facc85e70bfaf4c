import { useTranslation } from "#app/i18n/use-translation.ts";
import { MessagePage } from "#app/components/message-page.tsx";

export default function ActivateError() {
  const { t } = useTranslation();
  return (
    <MessagePage
      testId="activate-error"
      title={t("messages.activationFailed")}
      body={t("activation.errorBody")}
      link={{ to: "/login", label: t("nav.login") }}
    />
  );
}
