// /staff/reconciliation: the differences between our payments and refunds and the providers'
// that the reconciliation job could not repair by itself (app/payments/reconcile.server.ts),
// newest first. It reads; the repairs are the job's, the rest is for staff to take up.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Route } from "./+types/reconciliation";
import { StaffTable } from "#app/components/staff/table.tsx";
import { utc } from "#app/components/staff/format.ts";
import { openReconciliationIssues } from "#app/payments/reconcile.server.ts";
import { requireStaff } from "#app/staff/session.server.ts";
import { getDb } from "#app/utils/db.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { issues: await openReconciliationIssues(getDb()) };
}

export default function StaffReconciliation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main>
      <h1 className="text-2xl font-bold">{t("staff.reconciliation.title")}</h1>
      <p className="mt-1 text-sm text-black/60">{t("staff.reconciliation.intro")}</p>
      <StaffTable
        title={t("staff.reconciliation.open")}
        testId="reconciliation-issues"
        headers={[
          t("staff.reconciliation.kind"),
          t("staff.reconciliation.provider"),
          t("staff.reconciliation.payment"),
          t("staff.reconciliation.reference"),
          t("staff.reconciliation.firstSeen"),
          t("staff.reconciliation.lastSeen"),
        ]}
        rows={loaderData.issues.map((i) => [
          t(`staff.reconciliation.kinds.${i.kind}`),
          i.provider,
          i.paymentId ? `#${i.paymentId}${i.refundId ? ` · ${t("staff.reconciliation.refund", { id: i.refundId })}` : ""}` : "",
          i.providerReference ?? "",
          utc(i.firstSeenAt),
          utc(i.lastSeenAt),
        ])}
      />
    </main>
  );
}
