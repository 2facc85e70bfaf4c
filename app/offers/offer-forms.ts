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

/** A package's new price (the packages page's row form), checked in the browser with conform and in the action. */
export const packagePriceForm = z.object({ id, price });
const packageIdForm = z.object({ id });
/** A new package (credits, price in the country's currency), checked in the browser with conform and in the action. */
export const packageAddForm = z.object({ country, credits: wholeNumber(1, CREDITS_MAX, `${E}.credits`), price });

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

export const packageIntent = z.enum(["price", "add", "disable", "enable"]);

/** The change a checked price or add form asks for. */
export const priceChange = (v: z.output<typeof packagePriceForm>): PackageChange => ({ kind: "price", id: v.id, priceCents: v.price });
export const addChange = (v: z.output<typeof packageAddForm>): PackageChange => ({ kind: "add", country: v.country, credits: v.credits, priceCents: v.price });

/** The disable or enable button's change (it has nothing typed), or null for an id that is none. */
export function activeChange(intent: "disable" | "enable", form: Record<string, unknown>): PackageChange | null {
  const v = packageIdForm.safeParse(form);
  return v.success ? { kind: "active", id: v.data.id, active: intent === "enable" } : null;
}
