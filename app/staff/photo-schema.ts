// A photo's decision in the review queue (/staff/photos): approve, or reject with one of the
// reasons staff choose from. Checked in the browser with conform and in the action with the same
// schema; messages are catalogue keys.
import { z } from "zod";
import { PHOTO_REJECT_REASONS } from "./photo-rules.ts";
import { recordId } from "./schema-fields.ts";

export const photoDecisionSchema = z
  .object({
    photo: recordId("staff.errors.photoNotFound"),
    intent: z.enum(["approve", "reject"], { message: "messages.invalidInput" }),
    reason: z.enum(PHOTO_REJECT_REASONS, { message: "staff.errors.photoReason" }).optional(),
  })
  .refine((v) => v.intent !== "reject" || v.reason, { path: ["reason"], message: "staff.errors.photoReason" });
