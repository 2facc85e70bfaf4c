// /transactions (the member's payments) and /transactions/{id} (one payment, its receipt and,
// within the refund window, the return of unused credits). Values come formatted by the loader.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { RefundOutcome } from "#app/payments/refund-outcomes.ts";
import { Form, Link } from "react-router";
import { FormMessage } from "./form-field.tsx";
import { Badge, Button, buttonClass, Card, type BadgeTone } from "./ui/index.ts";

export interface TransactionRow {
  id: number;
  credits: number;
  method: string;
  amount: string;
  total: string;
  status: "pending" | "completed" | "failed" | "cancelled" | "refunded";
  date: string;
}

const STATUS_TONE: Record<TransactionRow["status"], BadgeTone> = {
  pending: "warning",
  completed: "success",
  failed: "danger",
  cancelled: "neutral",
  refunded: "info",
};

function StatusBadge({ status }: { status: TransactionRow["status"] }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONE[status]}>{t(`transactions.statuses.${status}`)}</Badge>;
}

export function TransactionList({ rows }: { rows: TransactionRow[] }) {
  const { t } = useTranslation();
  return (
    <main className="container-site flex max-w-3xl flex-col gap-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold text-primary">{t("transactions.title")}</h1>
      {rows.length === 0 ? (
        <Card as="p" className="text-black/70">
          {t("transactions.empty")}
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="transactions">
          {rows.map((r) => (
            <li key={r.id}>
              <Card
                as={Link}
                padding="sm"
                to={`/transactions/${r.id}`}
                className="flex items-center justify-between gap-4 hover:shadow-md"
                data-testid="transaction"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {t("directdebit.package", { credits: r.credits })} <span className="text-sm font-normal text-black/60">{`#${r.id}`}</span>
                  </p>
                  <p className="truncate text-sm text-black/60">{`${r.date} · ${r.method}`}</p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span className="font-bold whitespace-nowrap">{r.total}</span>
                  <StatusBadge status={r.status} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export interface RefundOffer {
  credits: number;
  amount: string;
  until: string;
}

const OUTCOME_TONE: Record<RefundOutcome, "success" | "info" | "danger"> = {
  done: "success",
  pending: "info",
  inProgress: "info",
  already: "info",
  failed: "danger",
};

export function TransactionDetail({
  row,
  refund,
  refundProcessing,
  refundResult,
}: {
  row: TransactionRow;
  refund: RefundOffer | null;
  /** a refund on its way: credits taken back, the provider's confirmation awaited */
  refundProcessing: { credits: number; amount: string } | null;
  refundResult: RefundOutcome | null;
}) {
  const { t } = useTranslation();
  const lines: [string, React.ReactNode][] = [
    [t("transactions.id"), row.id],
    [t("transactions.date"), row.date],
    [t("transactions.credits"), row.credits],
    [t("transactions.method"), row.method],
    [t("transactions.status"), <StatusBadge key="s" status={row.status} />],
  ];
  return (
    <main className="container-site flex max-w-xl flex-col gap-4 py-8 sm:py-10">
      <Link to="/transactions" className="text-sm text-primary underline">
        ← {t("transactions.back")}
      </Link>
      <h1 className="text-2xl font-bold text-primary">{t("transactions.detailTitle", { id: row.id })}</h1>
      {refundResult ? <FormMessage tone={OUTCOME_TONE[refundResult]} message={`transactions.refund.${refundResult}`} /> : null}
      {refundProcessing && !refundResult ? <FormMessage tone="info" message="transactions.refund.processing" params={refundProcessing} /> : null}
      <Card as="section">
        <dl className="divide-y divide-black/5">
          {lines.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-black/60">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 pt-3 text-lg">
            <dt className="font-semibold">{t("transactions.total")}</dt>
            <dd className="font-bold">{row.total}</dd>
          </div>
        </dl>
      </Card>
      <a href={`/transactions/${row.id}/receipt.pdf`} download className={buttonClass({}, "self-start")}>
        {t("transactions.receipt.download")}
      </a>
      {refund ? (
        // a document post (not a fetch), so that the action sees a browser asking for a page
        <Card as={Form} method="post" reloadDocument action={`/transactions/${row.id}/refund`} className="flex flex-col gap-3" data-testid="refund-offer">
          <h2 className="font-semibold">{t("transactions.refund.title")}</h2>
          <p className="text-sm text-black/70">{t("transactions.refund.offer", { ...refund })}</p>
          <Button type="submit" variant="outline" className="self-start">
            {t("transactions.refund.button")}
          </Button>
        </Card>
      ) : null}
    </main>
  );
}
