// The signup's account step (spec section 5) and the request for an invitation: one schema each
// for the browser (conform, in the modal and on the signup page) and the server. Messages are
// catalogue keys, translated where they are shown. What only the server knows (the site's invite
// codes) is passed in by the server; the browser checks that a code was entered.
import { z } from "zod";
import { dateOfBirthField, emailField, passwordField, passwordLikeIdentity, usernameField, usernameIsEmail } from "#app/auth/validation.ts";

const DATE_PARTS = ["dob_day", "dob_month", "dob_year"] as const;
const datePart = z
  .string()
  .regex(/^\d{1,4}$/, { message: "validation.dateOfBirth" })
  .optional();

/**
 * The date of birth as YYYY-MM-DD: `date_of_birth` as API clients send it, else the form's day,
 * month and year put together; undefined when a part is missing.
 */
export function dateOfBirthOf(v: {
  date_of_birth?: string | undefined;
  dob_day?: string | undefined;
  dob_month?: string | undefined;
  dob_year?: string | undefined;
}) {
  if (v.date_of_birth) return v.date_of_birth;
  const [d, m, y] = [v.dob_day, v.dob_month, v.dob_year];
  if (!d || !m || !y) return undefined;
  return `${y.padStart(4, "0")}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
}

// these rules compare fields, so each runs while the other fields are still invalid
const untouched = (...paths: string[]) => ({ when: (p: z.core.ParsePayload) => !p.issues.some((i) => paths.includes(String(i.path?.[0]))) });

export interface AccountStepRules {
  /** an invite-only site: a code is required */
  inviteOnly: boolean;
  /** the site's message_length: a first message obeys it like any message */
  messageLength: number;
  /** the site's codes, on the server only */
  inviteCodes?: readonly string[];
}

export function accountStepSchema({ inviteOnly, messageLength, inviteCodes }: AccountStepRules) {
  const inviteCode = z.string({ message: "validation.inviteCode" }).trim().max(100, { message: "validation.inviteCode" });
  return z
    .object({
      gender: z.enum(["male", "female"], { message: "validation.required" }),
      seeking: z.enum(["male", "female"], { message: "validation.required" }),
      name: usernameField,
      email: emailField,
      password: passwordField,
      dob_day: datePart,
      dob_month: datePart,
      dob_year: datePart,
      date_of_birth: z.string().max(10, { message: "validation.dateOfBirth" }).optional(),
      signup_message: z
        .string()
        .trim()
        .refine((text) => [...text].length <= messageLength, { message: "chat.errors.tooLong" })
        .optional(),
      invite_code: inviteOnly
        ? inviteCode.refine((code) => (inviteCodes ? inviteCodes.includes(code) : code.length > 0), { message: "validation.inviteCode" })
        : inviteCode.optional(),
      target_profile: z.coerce.number().int().positive().optional(),
    })
    .superRefine(
      (v, ctx) => {
        if (typeof v.name === "string" && typeof v.email === "string" && usernameIsEmail(v.name, v.email))
          ctx.addIssue({ code: "custom", path: ["name"], message: "validation.usernameIsEmail" });
      },
      untouched("name", "email"),
    )
    .superRefine((v, ctx) => {
      if (typeof v.password === "string" && passwordLikeIdentity(v.password, { email: String(v.email ?? ""), name: v.name }))
        ctx.addIssue({ code: "custom", path: ["password"], message: "validation.passwordLikeName" });
    }, untouched("password"))
    .superRefine(
      (v, ctx) => {
        if (!v.date_of_birth) {
          const missing = DATE_PARTS.filter((part) => !v[part]);
          for (const part of missing) ctx.addIssue({ code: "custom", path: [part], message: "validation.dateOfBirth" });
          if (missing.length) return;
        }
        if (!dateOfBirthField.safeParse(dateOfBirthOf(v)).success) ctx.addIssue({ code: "custom", path: ["date_of_birth"], message: "validation.dateOfBirth" });
      },
      untouched(...DATE_PARTS, "date_of_birth"),
    );
}

/** The signup page's request to be invited, on a site open only to its partners' traffic. */
export const invitationRequestSchema = z.object({ email: emailField });
