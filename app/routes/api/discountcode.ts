// GET /api/discountcode.php (spec section 7): the caller's query (code, package or price,
// currency, country, method) answers the discount that code gives this member now, or
// {"error":"Code invalid"}; welcome=true answers the welcome discount. The checkout checks again
// at order time: this answer only tells the member what to expect.
import { z } from "zod";
import type { Route } from "./+types/discountcode";
import { PaymentMethod } from "#app/generated/prisma/enums.ts";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { checkCode, discountedCents, welcomeDiscount, type OrderDiscount } from "#app/payments/discounts.server.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { apiData } from "#app/utils/api.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { errorResponse, hasNul, parseId } from "#app/utils/request.server.ts";

const querySchema = z.object({
  code: z.string().trim().min(1).max(64).optional(),
  welcome: z.enum(["true", "1"]).optional(),
  package: z.string().max(12).optional(),
  price: z.coerce.number().int().min(0).max(10_000_000).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  method: z.enum(Object.values(PaymentMethod) as [PaymentMethod, ...PaymentMethod[]]).optional(),
});

const answer = (d: OrderDiscount, price?: { priceCents: number; currency?: string }) => ({
  code: d.code,
  value_percentage: d.percentage,
  kind: d.kind,
  expires: d.endsAt?.toISOString() ?? null,
  ...(price ? { price_cents: price.priceCents, discounted_cents: discountedCents(price.priceCents, d), currency: price.currency ?? null } : {}),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiMember(context);
  const site = context.get(siteContext);
  const url = new URL(request.url);
  const raw = Object.fromEntries([...url.searchParams.keys()].map((k) => [k, url.searchParams.get(k)!]));
  if (Object.entries(raw).some(([k, v]) => hasNul(k) || hasNul(v))) return errorResponse(context, 400);
  const query = querySchema.safeParse(raw);
  if (!query.success || (!query.data.code && !query.data.welcome)) return errorResponse(context, 400);
  const q = query.data;
  const db = getDb();
  const codeInvalid = () => apiData({ error: context.get(localeContext).t("discounts.codeInvalid") }, { status: 404 });

  if (q.welcome && !q.code) {
    const welcome = await welcomeDiscount(db, site, user);
    return welcome ? apiData(answer(welcome)) : codeInvalid();
  }

  // the price: a package of this site (another site's package is refused), or the price given
  let price: { priceCents: number; currency?: string } | undefined;
  if (q.package !== undefined) {
    const id = parseId(q.package);
    const pkg = id ? await db.creditPackage.findFirst({ where: { id, siteKey: site.key, active: true } }) : null;
    if (!pkg) return errorResponse(context, 400);
    price = { priceCents: pkg.priceCents, currency: pkg.currency };
  } else if (q.price !== undefined) {
    price = { priceCents: q.price, currency: q.currency };
  }
  const checked = await checkCode(db, site, user, q.code!, {
    priceCents: price?.priceCents,
    currency: price?.currency ?? q.currency,
    country: q.country ?? user.profile?.country ?? context.get(visitorContext).country ?? undefined,
    method: q.method,
  });
  return checked.ok ? apiData(answer(checked.discount, price)) : codeInvalid();
}
