// Fields the staff console's forms share: a database id sent back by the page (a hidden field),
// and the reason an action keeps in the audit log. Messages are catalogue keys.
import { z } from "zod";

/** PostgreSQL `integer`, the range of every id column. */
const ID_MAX = 2_147_483_647;

/** A positive database id as the form sends it ("12"; never "1e3", "-1" or "1.5"); refused with `message`. */
export const recordId = (message: string) =>
  z
    .string({ message })
    .regex(/^[1-9]\d{0,9}$/, { message })
    .transform(Number)
    .pipe(z.number().max(ID_MAX, { message }));

/** The reason an action writes to the audit log: 3 to 500 characters. */
export const auditReason = z
  .string({ message: "staff.errors.reasonInvalid" })
  .trim()
  .min(3, { message: "staff.errors.reasonInvalid" })
  .max(500, { message: "staff.errors.reasonInvalid" });
