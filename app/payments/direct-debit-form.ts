// The direct-debit forms of /directdebit (spec section 3, "Direct debit fields"), one zod schema
// each, bounded, shared by the browser (conform) and the server; messages are catalogue keys under
// "directdebit.errors." that the page translates.
// The IBAN is checked with ibantools (country format, length, checksum) and must belong to a
// SEPA country; it comes out in electronic format (no spaces, capitals).
import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, validateIBAN, ValidationErrorsIBAN } from "ibantools";
import { z } from "zod";

const E = "directdebit.errors.";

export type IbanProblem = "ibanMissing" | "ibanCountry" | "ibanLength" | "ibanInvalid";

/** The IBAN in electronic format, or why it cannot be used for a SEPA direct debit. */
export function checkIban(input: string): { ok: true; iban: string } | { ok: false; problem: IbanProblem } {
  const iban = electronicFormatIBAN(input) ?? "";
  if (!iban) return { ok: false, problem: "ibanMissing" };
  if (iban.length > 34 || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { ok: false, problem: "ibanInvalid" };
  const result = validateIBAN(iban);
  if (result.errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return { ok: false, problem: "ibanCountry" };
  if (result.errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return { ok: false, problem: "ibanLength" };
  if (!result.valid) return { ok: false, problem: "ibanInvalid" };
  if (!isSEPACountry(iban.slice(0, 2))) return { ok: false, problem: "ibanCountry" };
  return { ok: true, iban };
}

/** For the page: the country code, the check digits hidden, the last 4 characters (NL** **** **** **34 56). */
export function maskIban(iban: string) {
  const masked = iban.slice(0, 2) + "*".repeat(Math.max(0, iban.length - 6)) + iban.slice(-4);
  return friendlyFormatIBAN(masked) ?? masked;
}

const text = (min: number, max: number, key: string) =>
  z
    .string({ message: `${E}${key}` })
    .trim()
    .min(min, { message: `${E}${key}` })
    .max(max, { message: `${E}${key}` });

export const mandateSchema = z.object({
  accountHolder: text(2, 70, "accountHolder").regex(/^[\p{L}\p{M}][\p{L}\p{M} .,'&/-]*$/u, { message: `${E}accountHolder` }),
  iban: z
    .string({ message: `${E}ibanMissing` })
    .max(64, { message: `${E}ibanInvalid` })
    .transform((value, ctx) => {
      const checked = checkIban(value);
      if (checked.ok) return checked.iban;
      ctx.addIssue({ code: "custom", message: `${E}${checked.problem}` });
      return z.NEVER;
    }),
  street: text(2, 70, "street"),
  houseNumber: text(1, 10, "houseNumber").regex(/^[0-9][0-9A-Za-z /-]*$/, { message: `${E}houseNumber` }),
  zip: text(3, 10, "zip").regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { message: `${E}zip` }),
  city: text(2, 50, "city").regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, { message: `${E}city` }),
  phone: text(6, 20, "phone")
    .regex(/^\+?[0-9][0-9 ()/-]*$/, { message: `${E}phone` })
    .refine((v) => v.replace(/\D/g, "").length >= 6, { message: `${E}phone` }),
});

export const OTP_LENGTH = 6;

export const codeSchema = z.object({
  challenge: z.string({ message: "directdebit.codeInvalid" }).regex(/^[A-Za-z0-9_-]{20,64}$/, { message: "directdebit.codeInvalid" }),
  otp: z
    .string({ message: "directdebit.codeInvalid" })
    .trim()
    .regex(/^\d{6}$/, { message: "directdebit.codeInvalid" }),
});
