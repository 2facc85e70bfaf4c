// The deletion flow's forms (/profile/delete): why the member leaves, and the confirmation with
// their password; one schema for the browser (conform) and the action. Messages are catalogue keys.
import { z } from "zod";

export const DELETE_REASONS = ["found_partner", "too_expensive", "too_many_emails", "no_matches", "privacy", "other"] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

/** The reasons the company's delete discount is offered for ("stay and use the discount"). */
export const RETENTION_REASONS: readonly DeleteReason[] = ["too_expensive", "no_matches", "other"];

export const deletionSchema = z.object({
  reason: z.enum(DELETE_REASONS, { message: "validation.required" }),
  // any length: it is checked against the stored hash, not against the password rules
  password: z.string({ message: "deletion.passwordRequired" }).min(1, { message: "deletion.passwordRequired" }).max(512, { message: "deletion.passwordWrong" }),
});

export const staySchema = z.object({
  reason: z.enum(RETENTION_REASONS as [DeleteReason, ...DeleteReason[]], { message: "validation.required" }),
});
