// The /staff/login form's rules, checked in the browser and again by staffLogIn.
import { z } from "zod";

export const staffLoginSchema = z.object({
  email: z
    .string({ message: "validation.invalidEmail" })
    .trim()
    .min(3, { message: "validation.invalidEmail" })
    .max(254, { message: "validation.invalidEmail" }),
  password: z.string({ message: "validation.required" }).min(1, { message: "validation.required" }).max(128, { message: "validation.passwordLength" }),
  code: z
    .string({ message: "staff.login.invalid" })
    .trim()
    .regex(/^\d{6}$/, { message: "staff.login.invalid" }),
});
