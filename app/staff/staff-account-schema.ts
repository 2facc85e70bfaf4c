// The forms of /staff/accounts: a new staff account (checked in the browser with conform and in
// the action with the same schema) and an account's new role. Messages are catalogue keys.
import { z } from "zod";
import { staffEmail, staffPassword } from "./password-policy.ts";

export const STAFF_ROLES = ["support", "admin", "marketing"] as const;

const staffRole = z.enum(STAFF_ROLES, { message: "staff.accounts.errors.role" });

const NAME = "staff.accounts.errors.name";

export const createStaffSchema = z.object({
  email: staffEmail,
  name: z.string({ message: NAME }).trim().min(1, { message: NAME }).max(100, { message: NAME }),
  role: staffRole,
  password: staffPassword,
});
export type NewStaffInput = z.infer<typeof createStaffSchema>;

/** A row's "make support / admin / marketing" button. */
export const roleSchema = z.object({ role: staffRole });
