import { useTranslation } from "#app/i18n/use-translation.ts";
import { MessagePage } from "#app/components/message-page.tsx";

export default function AccountDeleted() {
  const { t } = useTranslation();
  return (
    <MessagePage testId="account-deleted" title={t("deletion.deletedTitle")} body={t("deletion.deletedBody")} link={{ to: "/", label: t("errors.backHome") }} />
  );
}
