// A payment as the transactions pages and the receipt show it: formatted in the member's locale.
import type { TFunction } from "i18next";
import { formatDate, formatMoney, methodLabel, type Transaction } from "./transactions.server.ts";

export function transactionRow(p: Transaction, locale: string, t: TFunction) {
  return {
    id: p.id,
    credits: p.credits,
    method: methodLabel(p.method, t),
    amount: formatMoney(p.amountCents, p.currency, locale),
    costs: formatMoney(p.transactionCostsCents, p.currency, locale),
    total: formatMoney(p.amountCents + p.transactionCostsCents, p.currency, locale),
    status: p.status,
    date: formatDate(p.completedAt ?? p.createdAt, locale),
  };
}
