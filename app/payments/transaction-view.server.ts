// A payment as the transactions pages and the receipt show it: formatted in the member's locale.
import type { TFunction } from "i18next";
import { formatDateTime, formatMoney } from "#app/utils/format.ts";
import { methodLabel, type Transaction } from "./transactions.server.ts";

/** timeZone: the member's (memberTimeZone of their country) */
export function transactionRow(p: Transaction, locale: string, t: TFunction, timeZone: string) {
  return {
    id: p.id,
    credits: p.credits,
    method: methodLabel(p.method, t),
    amount: formatMoney(p.amountCents, p.currency, locale),
    // what the member paid: the provider's fee is the company's cost and not shown to members
    total: formatMoney(p.amountCents, p.currency, locale),
    status: p.status,
    date: formatDateTime(p.completedAt ?? p.createdAt, locale, timeZone),
  };
}
