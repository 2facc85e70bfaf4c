// "Send invitation" on /staff/invitations: the request it answers, checked in the browser with
// conform and in the action with the same schema.
import { z } from "zod";
import { recordId } from "./schema-fields.ts";

export const invitationSendSchema = z.object({ request: recordId("staff.errors.invitationNotFound") });
