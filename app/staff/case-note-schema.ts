// The case page's forms (/staff/cases/:id): an internal note, and the outcome that closes the case
// and is mailed to the reporter. Checked in the browser with conform and in the action with the
// same schema; messages are catalogue keys.
import { z } from "zod";
import { CASE_TEXT } from "#app/support/case-rules.ts";

const NOTE = "staff.errors.noteInvalid";
const OUTCOME = "staff.errors.outcomeInvalid";

export const caseNoteSchema = z.object({
  text: z.string({ message: NOTE }).trim().min(1, { message: NOTE }).max(CASE_TEXT.max, { message: NOTE }),
});

export const caseCloseSchema = z.object({
  outcome: z.string({ message: OUTCOME }).trim().min(10, { message: OUTCOME }).max(CASE_TEXT.max, { message: OUTCOME }),
});
