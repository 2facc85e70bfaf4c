// Account form rules (spec section 5), shared by browser and server. Messages are catalogue
// keys under "validation."; the action translates them into the member's language.
//
// Username: 2 to 30 characters, not the e-mail address, not starting with @.
// Password: 8 to 128 characters, not the e-mail address or the username.
import { z } from "zod";

export const MINIMUM_AGE = 18;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

// conform sends an empty field as undefined: "required", not zod's English type error
export const emailField = z
  .string({ message: "validation.required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "validation.invalidEmail" }).max(254, { message: "validation.invalidEmail" }));
export const passwordField = z
  .string({ message: "validation.passwordLength" })
  .min(PASSWORD_MIN, { message: "validation.passwordLength" })
  .max(PASSWORD_MAX, { message: "validation.passwordLength" });

function ageOn(birth: Date, today: Date) {
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const m = today.getUTCMonth() - birth.getUTCMonth();
  if (m < 0 || (m === 0 && today.getUTCDate() < birth.getUTCDate())) age--;
  return age;
}

/** A date of birth as YYYY-MM-DD: a real day, an age from MINIMUM_AGE to 120. */
export const dateOfBirthField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "validation.dateOfBirth" })
  .transform((v, ctx) => {
    const date = new Date(`${v}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v) {
      ctx.addIssue({ code: "custom", message: "validation.dateOfBirth" });
      return z.NEVER;
    }
    return date;
  })
  .refine(
    (d) => {
      const age = ageOn(d, new Date());
      return age >= MINIMUM_AGE && age <= 120;
    },
    { message: "validation.dateOfBirth" },
  );

export const usernameField = z
  .string({ message: "validation.required" })
  .trim()
  .min(2, { message: "validation.usernameLength" })
  .max(30, { message: "validation.usernameLength" })
  .refine((v) => !v.startsWith("@"), { message: "validation.usernameAt" });

/** Who an account is, for the rules that compare fields: the e-mail address and the username. */
export interface Identity {
  email: string;
  name?: string | null | undefined;
}

const same = (a: string, b: string) =>
  String(a ?? "")
    .trim()
    .toLowerCase() ===
  String(b ?? "")
    .trim()
    .toLowerCase();

/** Username rule of spec section 5 that needs the e-mail address: the username may not be it. */
export const usernameIsEmail = (name: string, email: string) => same(name, email);

/** The password may not be the e-mail address or the username (case-insensitive). */
export const passwordLikeIdentity = (password: string, who: Identity) => same(password, who.email) || (!!who.name && same(password, who.name));

const newPasswordFields = {
  password: passwordField,
  password_repeat: z.string({ message: "validation.passwordsDiffer" }).max(PASSWORD_MAX * 4, { message: "validation.passwordsDiffer" }),
};

function checkRepeat(v: { password: string; password_repeat: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.password_repeat) ctx.addIssue({ code: "custom", path: ["password_repeat"], message: "validation.passwordsDiffer" });
}

/** The new password and its repeat, checked against the account it is for (reset and change). */
function checkNewPassword(v: { password: string; password_repeat: string }, who: Identity, ctx: z.RefinementCtx) {
  if (passwordLikeIdentity(v.password, who)) ctx.addIssue({ code: "custom", path: ["password"], message: "validation.passwordLikeName" });
  checkRepeat(v, ctx);
}

// bounded: nothing longer can belong to an account (and a megabyte e-mail must not reach an index)
export const loginSchema = z.object({
  email: z
    .string({ message: "validation.required" })
    .trim()
    .toLowerCase()
    .min(1, { message: "validation.required" })
    .max(254, { message: "validation.invalidEmail" }),
  password: z.string({ message: "validation.required" }).min(1, { message: "validation.required" }).max(PASSWORD_MAX, { message: "validation.passwordLength" }),
});

/** The new address of /profile/settings (the confirmation mail goes to it). */
export const emailChangeSchema = z.object({ email: emailField });

/** /reset-password: the address the link goes to. */
export const resetRequestSchema = z.object({ email: emailField });

/** /reset-password/do as the browser checks it; the server adds the rules of the token's account (newPasswordSchema). */
export const newPasswordFormSchema = z.object({ ...newPasswordFields, token: z.string().max(200).optional() }).superRefine(checkRepeat);

/** /reset-password/do: the account is the token's. */
export const newPasswordSchema = (who: Identity) => z.object(newPasswordFields).superRefine((v, ctx) => checkNewPassword(v, who, ctx));

/** The password form of /profile/settings: the signed-in member's account. */
export const changePasswordSchema = (who: Identity) =>
  z
    .object({
      old_password: z
        .string({ message: "validation.oldPassword" })
        .min(1, { message: "validation.oldPassword" })
        .max(PASSWORD_MAX * 4, { message: "validation.oldPassword" }),
      ...newPasswordFields,
    })
    .superRefine((v, ctx) => checkNewPassword(v, who, ctx));

/** Field → first message key, for forms. */
export function fieldErrors(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
