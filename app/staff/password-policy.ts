// Staff passwords: longer than members' (12 to 128 characters). The messages are catalogue keys:
// the staff account form shows them under its fields (app/staff/staff-account-schema.ts).
import { z } from "zod";

const PASSWORD = "staff.accounts.errors.password";
const EMAIL = "validation.invalidEmail";

export const staffPassword = z.string({ message: PASSWORD }).min(12, { message: PASSWORD }).max(128, { message: PASSWORD });
export const staffEmail = z.string({ message: EMAIL }).trim().toLowerCase().email({ message: EMAIL }).max(254, { message: EMAIL });
