// What a member's refund request came to: the `refund` parameter of /transactions/{id} after the
// form, the key of its message (transactions.refund.*) and, for other callers, the status.
import type { RefundAnswer } from "./refunds.server.ts";

const REFUND_OUTCOMES = ["done", "pending", "inProgress", "already", "failed"] as const;
export type RefundOutcome = (typeof REFUND_OUTCOMES)[number];

/** 409: another request for this purchase got there first, or it is returned already. */
export const OUTCOME_STATUS: Record<RefundOutcome, number> = { done: 200, pending: 202, inProgress: 409, already: 409, failed: 422 };

export function refundOutcome(answer: RefundAnswer): RefundOutcome {
  if (answer.ok) return answer.booked ? "done" : "pending";
  if (answer.error === "in_progress") return "inProgress";
  if (answer.error === "already_refunded") return "already";
  return "failed";
}

export const parseRefundOutcome = (value: string | null) => REFUND_OUTCOMES.find((o) => o === value) ?? null;
