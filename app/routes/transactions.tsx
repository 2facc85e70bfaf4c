// /transactions and /transactions/{id}: the member's payments on this site, one payment with its
// PDF receipt and, while refundQuote offers it, the return of unused credits (posted to
// /transactions/{id}/refund, which comes back with ?refund=<outcome>); a refund on its way is shown as such.
import { data } from "react-router";
import type { Route } from "./+types/transactions";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { TransactionDetail, TransactionList } from "#app/components/transactions.tsx";
import { parseRefundOutcome } from "#app/payments/refund-outcomes.ts";
import { activeRefund, refundQuote } from "#app/payments/refunds.server.ts";
import { transactionRow } from "#app/payments/transaction-view.server.ts";
import { findTransaction, listTransactions } from "#app/payments/transactions.server.ts";
import { formatDateTime, formatMoney, memberTimeZone } from "#app/utils/format.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseId } from "#app/utils/request.server.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site, locale, t } = requestInfo(request, context);
  const timeZone = memberTimeZone(user.profile?.country);
  const db = getDb();
  if (params.id === undefined) {
    const rows = (await listTransactions(db, site, user.id)).map((p) => transactionRow(p, locale, t, timeZone));
    return data({ kind: "list" as const, rows }, { headers: NO_STORE });
  }
  const id = parseId(params.id);
  const payment = id ? await findTransaction(db, site, user.id, id) : null;
  if (!payment) throw data(null, { status: 404 });
  const [quote, processing] = await Promise.all([refundQuote(db, site, user.id, payment.id), activeRefund(db, site, user.id, payment.id)]);
  const refundParam = new URL(request.url).searchParams.get("refund");
  return data(
    {
      kind: "detail" as const,
      row: transactionRow(payment, locale, t, timeZone),
      refund: quote
        ? { credits: quote.credits, amount: formatMoney(quote.amountCents, quote.currency, locale), until: formatDateTime(quote.until, locale, timeZone) }
        : null,
      refundProcessing: processing ? { credits: processing.credits, amount: formatMoney(processing.amountCents, processing.currency, locale) } : null,
      refundResult: parseRefundOutcome(refundParam),
    },
    { headers: NO_STORE },
  );
}

export default function Transactions({ loaderData: d }: Route.ComponentProps) {
  return d.kind === "list" ? (
    <TransactionList rows={d.rows} />
  ) : (
    <TransactionDetail row={d.row} refund={d.refund} refundProcessing={d.refundProcessing} refundResult={d.refundResult} />
  );
}
