// The forms staff fill in on a member's console page (/staff/members/:id): credits granted or
// deducted, a payment's refund, the reversible conduct switches (ban, hidden profile, direct-debit
// block, fictional mark) and an erasure. One schema each, checked in the browser with conform and
// parsed with the same schema in the action; messages are catalogue keys.
import { z } from "zod";
import { auditReason, recordId } from "./schema-fields.ts";

const AMOUNT = "staff.errors.amount";
const INVALID = "messages.invalidInput";

export const creditsSchema = z.object({
  amount: z.coerce
    .number({ message: AMOUNT })
    .int({ message: AMOUNT })
    .min(-100_000, { message: AMOUNT })
    .max(100_000, { message: AMOUNT })
    .refine((n) => n !== 0, { message: AMOUNT }),
  reason: auditReason,
  /** the form's one-time key: a repeated or parallel submit books once */
  key: z.string({ message: INVALID }).regex(/^[A-Za-z0-9_-]{8,64}$/, { message: INVALID }),
});
export type CreditsInput = z.infer<typeof creditsSchema>;

export const refundSchema = z
  .object({
    payment: recordId("staff.errors.paymentNotFound"),
    /** an admin's override of the site's refund_days, with the reason the audit log keeps */
    override: z.literal("1", { message: INVALID }).optional(),
    reason: z.string().trim().max(500, { message: "staff.errors.reasonInvalid" }).optional(),
  })
  .refine((f) => !f.override || (f.reason?.length ?? 0) >= 3, { path: ["reason"], message: "staff.errors.reasonInvalid" });
export type RefundInput = z.infer<typeof refundSchema>;

/** Ban, hide, block or mark ("1") or undo it ("0"), with the reason. */
export const switchSchema = z.object({
  on: z.enum(["1", "0"], { message: INVALID }).transform((v) => v === "1"),
  reason: auditReason,
});

/** An erasure is irreversible: a reason and the ticked confirmation. */
export const erasureSchema = z.object({
  reason: auditReason,
  confirm: z.literal("erase", { message: "staff.errors.eraseConfirm" }),
});
