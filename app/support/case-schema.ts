// The complaint and report forms' schemas: one schema for the browser (conform) and the server.
import { z } from "zod";
import { emailField } from "#app/auth/validation.ts";
import { CASE_TEXT, COMPLAINT_CATEGORIES, REPORT_REASONS } from "./case-rules.ts";

const requestKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: "messages.invalidInput" });

/** A member's complaint: answered at their account's address, so the form asks none. */
export const memberComplaintSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES, { message: "support.errors.category" }),
  text: z
    .string({ message: "support.errors.complaintText" })
    .trim()
    .min(CASE_TEXT.complaintMin, { message: "support.errors.complaintText" })
    .max(CASE_TEXT.max, { message: "support.errors.textTooLong" }),
  key: requestKey,
});

/** A visitor's complaint names the address to answer. */
export const complaintSchema = memberComplaintSchema.extend({ email: emailField });

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: "support.errors.reason" }),
  text: z.string().trim().max(CASE_TEXT.max, { message: "support.errors.textTooLong" }).default(""),
  key: requestKey,
});
