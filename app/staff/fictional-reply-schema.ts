// The fictional inbox's reply box (/staff/fictional/:id): the text and the form's one-time key.
// Checked in the browser with conform and in the action with the same schema; the site's own
// message length is the chat's rule, checked when the reply is sent.
import { z } from "zod";
import { CLIENT_KEY } from "#app/chat/chat-rules.ts";

const BODY = "staff.fictional.replyInvalid";

export const fictionalReplySchema = z.object({
  body: z.string({ message: BODY }).trim().min(1, { message: BODY }).max(4000, { message: BODY }),
  /** a new key for every form shown: a double submit stores one reply */
  clientKey: z.string({ message: "messages.invalidInput" }).regex(CLIENT_KEY, { message: "messages.invalidInput" }),
});
export type FictionalReplyInput = z.infer<typeof fictionalReplySchema>;
