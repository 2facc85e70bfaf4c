// The offers console's forms: one zod schema each, whose messages are catalogue keys (staff.offers.errors.*).
// Money is typed in the currency's major unit ("11.99" or "11,99") and kept in cents; times are
// typed as UTC, as the console shows every time.
import { z } from "zod";
import type { PackageChange } from "./package-rules.ts";

const E = "staff.offers.errors";

/** The most a package may cost, and the fewest and most credits it may hold. */
const PRICE_MAX_CENTS = 10_000_000;
const CREDITS_MAX = 100_000;
/** A discount takes 1 to 90 %: a free order is not a discount the checkout can take money for. */
const PERCENT_MAX = 90;
/** A signup window (time bonus, welcome) of at most 90 days, in hours. */
const WINDOW_HOURS_MAX = 24 * 90;
/** A code's window ends at most this far ahead. */
const CODE_WINDOW_MAX_MS = 3 * 366 * 24 * 3600 * 1000;

const id = z.coerce.number({ message: "messages.invalidInput" }).int().min(1).max(2_147_483_647);

const price = z
  .string({ message: `${E}.price` })
  .trim()
  .regex(/^\d{1,6}([.,]\d{1,2})?$/, { message: `${E}.price` })
  .transform((v) => Math.round(Number(v.replace(",", ".")) * 100))
  .pipe(
    z
      .number()
      .int()
      .min(1, { message: `${E}.price` })
      .max(PRICE_MAX_CENTS, { message: `${E}.price` }),
  );

const country = z
  .string({ message: `${E}.country` })
  .trim()
  .regex(/^[A-Z]{2}$/, { message: `${E}.country` });

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .regex(/^\d{1,7}$/, { message })
    .transform(Number)
    .pipe(z.number().int().min(min, { message }).max(max, { message }));

/** A time typed as UTC (the datetime-local field: 2026-12-01T10:00); empty: none. */
const utcTime = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? new Date(`${v}:00Z`) : new Date(NaN);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: "custom", message: `${E}.time` });
      return z.NEVER;
    }
    return at;
  });

const packagePriceForm = z.object({ id, price });
const packageIdForm = z.object({ id });
const packageAddForm = z.object({ country, credits: wholeNumber(1, CREDITS_MAX, `${E}.credits`), price });

export const codeForm = z
  .object({
    code: z
      .string({ message: `${E}.code` })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, { message: `${E}.code` })
      .transform((v) => v.toUpperCase()),
    percentage: wholeNumber(1, PERCENT_MAX, `${E}.percentage`),
    validity: z.enum(["once", "once_per_user", "unlimited"], { message: `${E}.validity` }),
    startsAt: utcTime,
    expires: utcTime,
    country: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .pipe(country.nullable()),
  })
  .superRefine((v, ctx) => {
    if (v.startsAt && v.expires && v.expires <= v.startsAt) ctx.addIssue({ code: "custom", path: ["expires"], message: `${E}.windowOrder` });
    const end = v.expires ?? v.startsAt;
    if (end && end.getTime() - Date.now() > CODE_WINDOW_MAX_MS) ctx.addIssue({ code: "custom", path: ["expires"], message: `${E}.windowTooLong` });
  });
export type CodeInput = z.infer<typeof codeForm>;

export const ruleForm = z.object({
  kind: z.enum(["time_bonus", "welcome"], { message: "messages.invalidInput" }),
  percentage: wholeNumber(1, PERCENT_MAX, `${E}.percentage`),
  hours: wholeNumber(1, WINDOW_HOURS_MAX, `${E}.hours`),
  active: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
export type RuleInput = z.infer<typeof ruleForm>;

const packageIntent = z.enum(["price", "add", "disable", "enable"]);

type Parsed<T> = { ok: true; change: T } | { ok: false; message: string; field?: string };

/** The first issue of a form, as the page shows it. */
function firstIssue(error: z.ZodError): { ok: false; message: string; field?: string } {
  const issue = error.issues[0];
  return { ok: false, message: issue?.message ?? "messages.invalidInput", field: String(issue?.path[0] ?? "") };
}

/** A packages-page form as the change it asks for, or the first field's message. */
export function parsePackageChange(form: Record<string, string>): Parsed<PackageChange> {
  const intent = packageIntent.safeParse(form.intent);
  if (!intent.success) return { ok: false, message: "messages.invalidInput" };
  if (intent.data === "price") {
    const v = packagePriceForm.safeParse(form);
    return v.success ? { ok: true, change: { kind: "price", id: v.data.id, priceCents: v.data.price } } : firstIssue(v.error);
  }
  if (intent.data === "add") {
    const v = packageAddForm.safeParse(form);
    return v.success ? { ok: true, change: { kind: "add", country: v.data.country, credits: v.data.credits, priceCents: v.data.price } } : firstIssue(v.error);
  }
  const v = packageIdForm.safeParse(form);
  return v.success ? { ok: true, change: { kind: "active", id: v.data.id, active: intent.data === "enable" } } : firstIssue(v.error);
}
